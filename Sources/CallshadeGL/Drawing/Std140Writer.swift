/// A uniform block's values laid out by the std140 rules of GLSL ES 3.00,
/// member by member in the order of the shader's declaration: scalars on 4
/// bytes, vec2 on 8, vec3 and vec4 on 16; each element of an array, and
/// each struct, on 16 (a struct's end padded to 16). Recording, it also
/// keeps each member's name (as GL names it: `u_gradient.colors[0]`), GLSL
/// type and offset, which the layout tests hold to the linked programs.
struct Std140Writer {
    /// The block's bytes, four at a time.
    private(set) var words: [UInt32] = []
    /// Each member, when recording.
    private(set) var members: [Std140Member]?
    /// The struct being written, when recording (its name and a dot).
    private var prefix = ""

    init(recording: Bool = false) {
        members = recording ? [] : nil
        words.reserveCapacity(128)
    }

    /// The block's size in bytes: its last member's end, rounded up to 16.
    var byteCount: Int { (words.count + 3) / 4 * 16 }

    mutating func float(_ name: StaticString, _ value: Float) {
        put(name, "float", alignment: 1, [value.bitPattern])
    }

    mutating func vec2(_ name: StaticString, _ x: Float, _ y: Float) {
        put(name, "vec2", alignment: 2, [x.bitPattern, y.bitPattern])
    }

    mutating func vec3(_ name: StaticString, _ x: Float, _ y: Float, _ z: Float) {
        put(name, "vec3", alignment: 4, [x.bitPattern, y.bitPattern, z.bitPattern])
    }

    mutating func vec4(_ name: StaticString, _ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        put(name, "vec4", alignment: 4, [x.bitPattern, y.bitPattern, z.bitPattern, w.bitPattern])
    }

    mutating func ivec2(_ name: StaticString, _ x: Int32, _ y: Int32) {
        put(name, "ivec2", alignment: 2, [UInt32(bitPattern: x), UInt32(bitPattern: y)])
    }

    /// An array of vec2, `count` long (the shader's length): each element on 16 bytes.
    mutating func vec2s(_ name: StaticString, count: Int, _ element: (Int) -> (Float, Float)) {
        array(name, "vec2", count: count) { let (x, y) = element($0); return [x.bitPattern, y.bitPattern] }
    }

    /// An array of vec3, `count` long: each element on 16 bytes.
    mutating func vec3s(_ name: StaticString, count: Int, _ element: (Int) -> (Float, Float, Float)) {
        array(name, "vec3", count: count) { let (x, y, z) = element($0); return [x.bitPattern, y.bitPattern, z.bitPattern] }
    }

    /// An array of vec4, `count` long: each element on 16 bytes.
    mutating func vec4s(_ name: StaticString, count: Int, _ element: (Int) -> (Float, Float, Float, Float)) {
        array(name, "vec4", count: count) { let (x, y, z, w) = element($0); return [x.bitPattern, y.bitPattern, z.bitPattern, w.bitPattern] }
    }

    /// A struct member of the block: its members, on 16 bytes and padded to 16.
    mutating func structure(_ name: StaticString, _ value: some Std140Struct) {
        align(4)
        let outer = prefix
        if members != nil { prefix = outer + "\(name)." }
        value.write(to: &self)
        prefix = outer
        align(4)
    }

    private mutating func array(_ name: StaticString, _ type: String, count: Int, _ element: (Int) -> [UInt32]) {
        align(4)
        if members != nil { members?.append(Std140Member(name: prefix + "\(name)[0]", type: type, count: count, offset: words.count * 4)) }
        for index in 0..<count {
            let values = element(index)
            words += values
            words += [UInt32](repeating: 0, count: 4 - values.count)
        }
    }

    private mutating func put(_ name: StaticString, _ type: String, alignment: Int, _ values: [UInt32]) {
        align(alignment)
        if members != nil { members?.append(Std140Member(name: prefix + "\(name)", type: type, count: 1, offset: words.count * 4)) }
        words += values
    }

    /// Pads to a multiple of `count` words.
    private mutating func align(_ count: Int) {
        while words.count % count != 0 { words.append(0) }
    }
}

/// One member of a block as a `Std140Writer` laid it out.
struct Std140Member: Equatable, CustomStringConvertible {
    /// As GL names it: the struct's name and a dot before a struct's member, `[0]` after an array's.
    let name: String
    /// Its GLSL type (an array's element type).
    let type: String
    /// Its array length, 1 when it is not an array.
    let count: Int
    let offset: Int

    var description: String { "\(name) \(type)\(count > 1 ? "[\(count)]" : "") at \(offset)" }
}
