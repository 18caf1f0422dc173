import CallshadeCore
import Dispatch

/// A host row shader's values (straight colour and amount, as `shade`
/// gives them) over every pixel of a drawing's rectangles, worked out once
/// (rows spread over the cores) and kept in the reuse store while the same
/// node draws over the same rectangles (`ShadedValuesKey`): the drawing
/// editor's tool panel, top bar and buttons at rest shade nothing again.
final class ShadedValues: @unchecked Sendable {
    let rects: [PixelRect]
    /// Each row of each rectangle: where its values start, by (row, first column).
    private let starts: [RowStart: Int]
    /// Red, green, blue, amount, a pixel; written once, by `init`, each row by one thread.
    private let values: UnsafeMutablePointer<Float>
    let count: Int

    private struct RowStart: Hashable {
        let row: Int
        let column: Int
    }

    init<Shader: HostRowShader>(_ shader: Shader, rects: [PixelRect], width: Int, cores: Int) {
        self.rects = rects
        var starts: [RowStart: Int] = [:]
        var rows: [(y: Int, x: Int, count: Int, start: Int)] = []
        var next = 0
        for rect in rects {
            for y in rect.rows {
                starts[RowStart(row: y, column: rect.x)] = next
                rows.append((y, rect.x, rect.width, next))
                next += rect.width * 4
            }
        }
        self.starts = starts
        count = next
        values = .allocate(capacity: max(next, 1))
        values.initialize(repeating: 0, count: max(next, 1))
        let target = SendablePointer(address: values), work = rows
        let chunks = max(1, min(cores * 4, work.count))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let memory = shader.makeRowMemory(width: width)
            ShadedRow.with(count: width) { row in
                for index in stride(from: chunk, to: work.count, by: chunks) {
                    let (y, x, count, start) = work[index]
                    shader.shade(row: y, from: x, count: count, into: row, memory: memory)
                    for pixel in 0..<count {
                        let value = row[pixel]
                        for channel in 0..<4 { target[start + pixel * 4 + channel] = value[channel] }
                    }
                }
            }
        }
    }

    deinit { values.deallocate() }

    var bytes: Int { count * MemoryLayout<Float>.stride }

    /// Row `y` from column `x`, `count` pixels, into `row`: the values kept for a rectangle's row that starts there (none elsewhere).
    func copy(row y: Int, from x: Int, count: Int, into row: ShadedRow) {
        guard let start = starts[RowStart(row: y, column: x)] else {
            for pixel in 0..<count { row[pixel] = .zero }
            return
        }
        for pixel in 0..<count {
            let at = values + start + pixel * 4
            row[pixel] = SIMD4(at[0], at[1], at[2], at[3])
        }
    }
}

/// A node's shaded values over a drawing's rectangles in a frame of a size:
/// everything they depend on (the node is all its look). Nil while it has
/// been seen only once (a node that changes every frame is never kept).
struct ShadedValuesKey<Node: SceneNode & Equatable>: ReuseKey {
    typealias Value = ShadedValues?
    static var shelf: String { "shaded shapes" }
    let node: Node
    let rects: [PixelRect]
    let size: FrameSize

    static func == (left: Self, right: Self) -> Bool {
        left.size == right.size && left.rects == right.rects && left.node == right.node
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(rects.count)
        hasher.combine(rects.first?.x)
        hasher.combine(rects.first?.y)
    }
}

/// Shades rows from kept values (`ShadedValues`): the shader they were made by, not run again.
struct KeptShading: HostRowShader {
    let kept: ShadedValues

    func makeRowMemory(width: Int) {}

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: Void) {
        kept.copy(row: y, from: x, count: count, into: values)
    }
}

extension ReuseStore {
    /// The values kept for `key` once it comes a second time: nil the first
    /// (it is only remembered, so that a node that changes every frame is
    /// shaded as it is drawn and never twice), then those `make` gives, kept.
    func shadedValues<Key: ReuseKey>(_ key: Key, make: () -> ShadedValues) -> ShadedValues? where Key.Value == ShadedValues? {
        guard let seen = kept(key) else {
            keep(key, nil, bytes: 0)
            return nil
        }
        if let seen { return seen }
        let made = make()
        keep(key, made, bytes: made.bytes)
        return made
    }
}
