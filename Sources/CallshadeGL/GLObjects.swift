import CEGL
import CallshadeCore

/// A linked shader program. Owns its GL name; keeps its context alive.
public final class ShaderProgram {
    let context: GLContext
    let name: GLuint
    /// The files it was built from, for messages.
    public let files: [String]

    public init(context: GLContext, vertex: ShaderSource, fragment: ShaderSource) throws {
        try context.makeCurrent()
        let vertexShader = try GLCalls.compileShader(kind: GL_VERTEX_SHADER, source: vertex)
        defer { GLCalls.deleteShader(vertexShader) }
        let fragmentShader = try GLCalls.compileShader(kind: GL_FRAGMENT_SHADER, source: fragment)
        defer { GLCalls.deleteShader(fragmentShader) }
        self.files = [vertex.file, fragment.file]
        self.name = try GLCalls.linkProgram(vertex: vertexShader, fragment: fragmentShader, files: files)
        self.context = context
    }

    deinit {
        if (try? context.makeCurrent()) != nil { GLCalls.deleteProgram(name) }
    }

    /// The location of an active uniform; throws when the program has none of that name.
    public func uniform(_ uniformName: String) throws -> UniformLocation {
        let location = GLCalls.uniformLocation(name, uniformName)
        guard location >= 0 else { throw ShaderError.missingUniform(file: files.last ?? "", name: uniformName) }
        return UniformLocation(value: location)
    }

    /// The location of a uniform the driver may have optimised away (nil then).
    public func optionalUniform(_ uniformName: String) -> UniformLocation? {
        let location = GLCalls.uniformLocation(name, uniformName)
        return location >= 0 ? UniformLocation(value: location) : nil
    }

    func use() throws { try GLCalls.useProgram(name) }
}

/// Where a uniform lives in a program.
public struct UniformLocation: Equatable, Sendable {
    let value: GLint
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
