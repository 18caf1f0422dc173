/// A linked program with the fixed-function state its draws take (as
/// sokol_gfx's pipeline): made once, used by every draw of it. Its uniforms
/// are one block of type `Block` (the program's own block must be that
/// block, or none for `NoUniforms`).
struct Pipeline<Block: UniformBlock> {
    /// How a draw's colours meet what the target holds.
    enum Blend {
        /// They replace it.
        case replaces
        /// Premultiplied colours over it: result = source + target x (1 - source alpha).
        case premultiplied
        /// The larger of each channel and what the target holds: result = max(source, target).
        case maximum
    }

    let program: ShaderProgram
    let blend: Blend

    init(_ program: ShaderProgram, blend: Blend = .replaces) throws {
        let file = program.files.last ?? ""
        if Block.name.isEmpty, let own = program.ownBlock { throw ShaderError.uniformOutsideBlocks(file: file, name: own) }
        guard Block.name.isEmpty || program.ownBlock == Block.name else { throw ShaderError.missingUniformBlock(file: file, name: Block.name) }
        self.program = program
        self.blend = blend
    }

    /// A pipeline of `vertex` and `fragment` (with `defines`) from `shaders`.
    init(context: GLContext, shaders: ShaderLibrary, vertex: String, fragment: String, defines: [String] = [],
         blend: Blend = .replaces) throws {
        try self.init(ShaderProgram(context: context, vertex: try shaders.source(vertex),
                                    fragment: try shaders.source(fragment).defining(defines)), blend: blend)
    }
}
