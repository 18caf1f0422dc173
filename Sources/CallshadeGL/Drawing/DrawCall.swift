import CallshadeCore

/// One draw (as sokol_gfx's draw call): a pipeline into a target, with its
/// bindings (textures on their units, the uniform block) and its geometry.
/// `perform` takes the GL state sequence once, in one order: target and
/// viewport, clear, fixed-function state, blend, scissor, program,
/// textures, uniform blocks, vertices, draw.
struct DrawCall<Block: UniformBlock> {
    /// What is drawn.
    enum Geometry {
        /// Four vertices as a strip, placed by the vertex shader (`quad.vert`: the whole target).
        case quad
        /// Triangles `first..<first + count` of pixel corners in `vertices` (`tiles.vert`).
        case triangles(GraphicsBuffer, first: Int, count: Int)
        /// `count` instances of two triangles, `vectors` vec4s an instance from `vertices` (`marks.vert`).
        case instancedQuads(GraphicsBuffer, vectors: Int, count: Int)
    }

    let pipeline: Pipeline<Block>
    let target: Framebuffer
    /// The part of the frame the target stands for: drawn into the
    /// target's bottom-left corner at its size (the viewport); the tiled
    /// passes' vertex stage gets it as its `Target` block.
    var region: PixelRect
    var block: Block
    var geometry: Geometry
    var textures: [(unit: TextureUnit, texture: Texture)] = []
    /// Clears the target first (a pass that covers it whole: clearing spares loading what it held).
    var clears = false
    /// Limits the draw to a rectangle of the target (its pixels, row 0 first).
    var scissor: PixelRect?

    /// A draw over the whole of `target`.
    init(_ pipeline: Pipeline<Block>, into target: Framebuffer, block: Block, geometry: Geometry = .quad) {
        self.init(pipeline, into: target, showing: PixelRect(x: 0, y: 0, width: target.width, height: target.height), block: block,
                  geometry: geometry)
    }

    /// A draw into `target`, which stands for `region` of the frame.
    init(_ pipeline: Pipeline<Block>, into target: Framebuffer, showing region: PixelRect, block: Block, geometry: Geometry) {
        self.pipeline = pipeline
        self.target = target
        self.region = region
        self.block = block
        self.geometry = geometry
    }

    func perform(streaming uniforms: UniformStream) throws {
        try target.bind(viewportWidth: region.width, viewportHeight: region.height)
        if clears { try GLCalls.clear() }
        try GLCalls.resetFixedFunctionState()
        if pipeline.blend == .premultiplied { try GLCalls.blendPremultiplied() }
        if pipeline.blend == .maximum { try GLCalls.blendMaximum() }
        if let scissor { try GLCalls.scissor(scissor) }
        try pipeline.program.use()
        for (unit, texture) in textures { try GLCalls.bindTexture(texture.name, unit: unit) }
        if pipeline.program.readsTarget { try uniforms.bind(TargetBlock(region: region), to: .target) }
        if !Block.name.isEmpty { try uniforms.bind(block, to: .program) }
        switch geometry {
        case .quad: try GLCalls.drawQuad()
        case let .triangles(vertices, first, count): try GLCalls.drawTriangles(from: vertices.name, first: first, count: count)
        case let .instancedQuads(vertices, vectors, count): try GLCalls.drawInstancedQuads(from: vertices.name, vectors: vectors, count: count)
        }
        // Blending and the scissor off again for the next draw.
        if pipeline.blend != .replaces || scissor != nil { try GLCalls.resetFixedFunctionState() }
    }
}
