import CEGL
import CallshadeCore

/// A linked shader program. Owns its GL name; keeps its context alive.
/// When it is linked, its samplers are pointed at their texture units
/// (`TextureUnit.sampler`) and its uniform blocks at their bindings
/// (`UniformBinding`): every other uniform lives in a block, and besides
/// the vertex stage's `Target` it has at most one block, its own.
public final class ShaderProgram {
    let context: GLContext
    let name: GLuint
    /// The files it was built from, for messages.
    public let files: [String]
    /// The name of its own uniform block (nil: none).
    let ownBlock: String?
    /// Whether it reads the `Target` block.
    let readsTarget: Bool

    public init(context: GLContext, vertex: ShaderSource, fragment: ShaderSource) throws {
        try context.makeCurrent()
        let vertexShader = try GLCalls.compileShader(kind: GL_VERTEX_SHADER, source: vertex)
        defer { GLCalls.deleteShader(vertexShader) }
        let fragmentShader = try GLCalls.compileShader(kind: GL_FRAGMENT_SHADER, source: fragment)
        defer { GLCalls.deleteShader(fragmentShader) }
        let files = [vertex.file, fragment.file]
        let name = try GLCalls.linkProgram(vertex: vertexShader, fragment: fragmentShader, files: files)
        do {
            (ownBlock, readsTarget) = try Self.bind(name, file: fragment.file)
        } catch {
            GLCalls.deleteProgram(name)
            throw error
        }
        self.files = files
        self.name = name
        self.context = context
        context.noteProgramLinked()
    }

    /// Points linked program `name`'s samplers at their units and its blocks
    /// at their bindings; gives its own block's name and whether it reads `Target`.
    private static func bind(_ name: GLuint, file: String) throws -> (ownBlock: String?, readsTarget: Bool) {
        let interface = try GLCalls.interface(of: name)
        for uniform in interface.uniforms where uniform.block == nil {
            guard let unit = TextureUnit.allCases.first(where: { $0.sampler == uniform.name }) else {
                throw ShaderError.uniformOutsideBlocks(file: file, name: uniform.name)
            }
            try GLCalls.setSampler(name, uniform.name, unit: unit)
        }
        var own: String?
        for (index, block) in interface.blocks.enumerated() {
            let target = block.name == TargetBlock.name
            if !target {
                guard own == nil else { throw ShaderError.uniformOutsideBlocks(file: file, name: block.name) }
                own = block.name
            }
            try GLCalls.bindUniformBlock(name, index: index, binding: (target ? UniformBinding.target : .program).rawValue)
        }
        return (own, interface.blocks.contains { $0.name == TargetBlock.name })
    }

    deinit {
        if (try? context.makeCurrent()) != nil { GLCalls.deleteProgram(name) }
    }

    /// What it reads: its active uniforms and uniform blocks.
    func interface() throws -> ProgramInterface {
        try context.makeCurrent()
        return try GLCalls.interface(of: name)
    }

    func use() throws { try GLCalls.useProgram(name) }
}

/// What a linked program reads, as GL reports it.
struct ProgramInterface: Equatable {
    struct Uniform: Equatable {
        /// As GL names it (`u_gradient.colors[0]` for an array in a struct of a block).
        let name: String
        /// The GL type enum.
        let type: Int
        /// Its array length (1 for a single value).
        let size: Int
        /// The index of its block; nil in the default block (samplers).
        let block: Int?
        /// In its block: its offset in bytes.
        let offset: Int
    }

    struct Block: Equatable {
        let name: String
        /// The bytes a buffer must hold for it.
        let dataSize: Int
    }

    let uniforms: [Uniform]
    let blocks: [Block]
}

/// The pixel formats of textures.
public enum TextureFormat: Sendable {
    /// 8 bits a channel, normalised: frames and pictures.
    case rgba8
    /// Half floats: intermediate results that must not be rounded to 8 bits.
    case rgba16f
    /// One 8-bit channel: glyph coverage.
    case r8
    /// 32-bit floats, read texel by texel (they cannot be filtered): intermediate sums.
    case rgba32f
    /// One 32-bit float channel, read texel by texel: a kernel's taps.
    case r32f

    var internalFormat: Int32 {
        switch self {
        case .rgba8: return GL_RGBA8
        case .rgba16f: return GL_RGBA16F
        case .r8: return GL_R8
        case .rgba32f: return GL_RGBA32F
        case .r32f: return GL_R32F
        }
    }

    /// Whether it is read between texels (linear filtering); 32-bit floats are not.
    var isFiltered: Bool {
        switch self {
        case .rgba8, .rgba16f, .r8: return true
        case .rgba32f, .r32f: return false
        }
    }
}

/// A 2D texture of fixed size and format.
public final class Texture {
    let context: GLContext
    let name: GLuint
    public let width: Int
    public let height: Int
    public let format: TextureFormat

    public init(context: GLContext, width: Int, height: Int, format: TextureFormat = .rgba8) throws {
        try context.makeCurrent()
        try context.checkRenderable(width: width, height: height)
        self.name = try GLCalls.createTexture(width: width, height: height, internalFormat: format.internalFormat, filtered: format.isFiltered)
        self.format = format
        self.context = context
        self.width = width
        self.height = height
    }

    deinit {
        if (try? context.makeCurrent()) != nil { GLCalls.deleteTexture(name) }
    }

    /// Replaces every texel: width x height x 4 bytes, RGBA, row 0 first.
    public func upload(_ pixels: [UInt8]) throws {
        guard pixels.count == width * height * 4 else {
            throw GraphicsCallError(call: "glTexSubImage2D", code: "wrong size",
                                    detail: "\(pixels.count) bytes for \(width)x\(height) RGBA8",
                                    location: SourceLocation(file: #fileID, line: #line))
        }
        try context.makeCurrent()
        try GLCalls.uploadTexture(name, width: width, height: height, pixels: pixels)
    }
}

extension Texture {
    /// Replaces every texel of a one-channel texture: width x height bytes, row 0 first.
    func upload(red values: [UInt8]) throws {
        guard format == .r8, values.count == width * height else {
            throw GraphicsCallError(call: "glTexSubImage2D", code: "wrong size",
                                    detail: "\(values.count) bytes for \(width)x\(height) \(format)",
                                    location: SourceLocation(file: #fileID, line: #line))
        }
        try context.makeCurrent()
        try GLCalls.uploadTexture(name, width: width, height: height, red: values)
    }

    /// Replaces every texel of a one-channel float texture: width x height floats, row 0 first.
    func upload(redFloats values: [Float]) throws {
        guard format == .r32f, values.count == width * height else {
            throw GraphicsCallError(call: "glTexSubImage2D", code: "wrong size",
                                    detail: "\(values.count) floats for \(width)x\(height) \(format)",
                                    location: SourceLocation(file: #fileID, line: #line))
        }
        try context.makeCurrent()
        try GLCalls.uploadTexture(name, width: width, height: height, redFloats: values)
    }

    /// Replaces every texel of a half-float texture: width x height x 4 floats, RGBA, row 0 first.
    func upload(floats values: [Float]) throws {
        guard format == .rgba16f, values.count == width * height * 4 else {
            throw GraphicsCallError(call: "glTexSubImage2D", code: "wrong size",
                                    detail: "\(values.count) floats for \(width)x\(height) \(format)",
                                    location: SourceLocation(file: #fileID, line: #line))
        }
        try context.makeCurrent()
        try GLCalls.uploadTexture(name, width: width, height: height, floats: values)
    }
}

/// A framebuffer that renders into one texture, or several at once (outputs 0, 1, ...).
public final class Framebuffer {
    let context: GLContext
    let name: GLuint
    public let colors: [Texture]
    public var color: Texture { colors[0] }

    public convenience init(color: Texture) throws {
        try self.init(colors: [color])
    }

    public init(colors: [Texture]) throws {
        guard let first = colors.first else {
            throw GraphicsCallError(call: "glFramebufferTexture2D", code: "no texture", detail: "a framebuffer needs a texture",
                                    location: SourceLocation(file: #fileID, line: #line))
        }
        try first.context.makeCurrent()
        self.name = try GLCalls.createFramebuffer(colorTextures: colors.map(\.name))
        self.context = first.context
        self.colors = colors
    }

    deinit {
        if (try? context.makeCurrent()) != nil { GLCalls.deleteFramebuffer(name) }
    }

    public var width: Int { color.width }
    public var height: Int { color.height }

    /// Makes this framebuffer the render target, with a viewport over all of it.
    func bind() throws {
        try self.bind(viewportWidth: width, viewportHeight: height)
    }

    /// Makes this framebuffer the render target, drawing into its bottom-left
    /// (row 0) `viewportWidth` x `viewportHeight` pixels only.
    func bind(viewportWidth: Int, viewportHeight: Int) throws {
        try context.makeCurrent()
        try GLCalls.bindFramebuffer(name, width: viewportWidth, height: viewportHeight)
    }

    /// Reads the whole framebuffer (output `attachment`) as RGBA8; its row 0 comes first.
    func readPixels(attachment: Int = 0) throws -> [UInt8] {
        try self.bind()
        if colors[attachment].format == .rgba16f { return try readRounded(bounds, attachment: attachment) }
        let count = width * height * 4
        var failure: Error?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            guard let base = buffer.baseAddress else { return }
            do {
                try GLCalls.readPixels(bounds, attachment: attachment, into: base)
                initialised = count
            } catch {
                failure = error
                buffer.initialize(repeating: 0)
                initialised = count
            }
        }
        if let failure { throw failure }
        return pixels
    }

    /// Reads `rect` of a float output as RGBA8, each channel clamped to 0...1
    /// and rounded to the nearest of 256 levels once, here (as the CPU
    /// reference rounds its frame). The framebuffer must be bound.
    func readRounded(_ rect: PixelRect, attachment: Int = 0) throws -> [UInt8] {
        var values = [Float](repeating: 0, count: rect.pixelCount * 4)
        try values.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(rect, attachment: attachment, as: .rgba32f, into: base)
        }
        return values.map { value in UInt8((min(max(value.isNaN ? 0 : value, 0), 1) * 255).rounded()) }
    }

    /// Reads output `attachment` into `destination` (width x height x 4 bytes).
    func readPixels(attachment: Int, into destination: UnsafeMutableRawPointer) throws {
        try self.bind()
        try GLCalls.readPixels(bounds, attachment: attachment, into: destination)
    }

    /// All of the framebuffer, as a rectangle.
    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}

/// A GL buffer object (vertex or pixel-pack data).
public final class GraphicsBuffer {
    let context: GLContext
    let name: GLuint

    public init(context: GLContext) throws {
        try context.makeCurrent()
        self.name = try GLCalls.createBuffer()
        self.context = context
    }

    deinit {
        if (try? context.makeCurrent()) != nil { GLCalls.deleteBuffer(name) }
    }
}

extension GraphicsBuffer {
    /// Replaces what it holds with `values` (vertices: pixel corners, or marks' instances).
    func upload(_ values: [Float]) throws {
        try context.makeCurrent()
        try GLCalls.uploadVertices(values, into: name)
    }
}
