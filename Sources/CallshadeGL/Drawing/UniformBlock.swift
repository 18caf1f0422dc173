import CallshadeCore

/// The uniforms of one program, as one typed value: a pass file's
/// `layout(std140) uniform NAME { ... }` block, written member by member in
/// the order and with the types of that declaration. Draws upload it whole
/// (`UniformStream`): no uniform is set by name, none is left out.
protocol UniformBlock {
    /// Its name in the shaders.
    static var name: String { get }

    func write(to writer: inout Std140Writer)
}

/// A struct member of a block: a library file's uniforms (`blocks.glsl`).
protocol Std140Struct {
    func write(to writer: inout Std140Writer)
}

/// The block of a program with no uniforms of its own (nothing is bound).
struct NoUniforms: UniformBlock {
    static let name = ""

    func write(to writer: inout Std140Writer) {}
}

/// The block of the vertex stage of the tiled passes (`target.glsl`:
/// `tiles.vert`, `marks.vert`, and the fragment shaders that read where
/// their target lies): the target's size and the frame pixel at its (0, 0).
struct TargetBlock: UniformBlock {
    static let name = "Target"

    /// The part of the frame the target stands for, at its bottom-left.
    var region = PixelRect(x: 0, y: 0, width: 0, height: 0)

    func write(to writer: inout Std140Writer) {
        writer.vec2("u_targetSize", Float(region.width), Float(region.height))
        writer.vec2("u_regionOrigin", Float(region.x), Float(region.y))
    }
}

/// The uniform buffer bindings: the vertex stage's `Target` block, and the program's own block.
enum UniformBinding: Int {
    case target = 0
    case program = 1
}
