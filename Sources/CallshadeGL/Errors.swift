/// Where a failing call was made, so every error can point at the line.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(line)"
    }
}

/// An EGL or GL call that reported an error.
public struct GraphicsCallError: Error, Equatable, CustomStringConvertible {
    /// The C function that failed, for example `eglInitialize`.
    public let call: String
    /// The error code (`eglGetError` or `glGetError`), named.
    public let code: String
    /// Extra words from the caller or the driver.
    public let detail: String
    public let location: SourceLocation

    public var description: String {
        "\(call) failed with \(code)" + (detail.isEmpty ? "" : ": \(detail)") + " (at \(location))"
    }
}

/// Creating a headless context failed on every platform tried.
public struct NoHeadlessContext: Error, Equatable, CustomStringConvertible {
    public struct Attempt: Equatable, Sendable {
        public let platform: String
        public let reason: String
    }

    public let attempts: [Attempt]

    public var description: String {
        var text = "no headless OpenGL ES 3 context could be created; tried:"
        for attempt in attempts { text += "\n  - \(attempt.platform): \(attempt.reason)" }
        text += "\nInstall Mesa's EGL driver (Scripts/bootstrap does) or a GPU driver, or render on the CPU with --backend cpu."
        return text
    }
}

/// A shader that did not compile, or a program that did not link.
public enum ShaderError: Error, Equatable, CustomStringConvertible {
    /// `line` is the first line the driver's log names, when it names one.
    case compile(file: String, line: Int?, log: String)
    case link(files: [String], log: String)
    case missing(file: String, searched: String)
    case unreadable(file: String, reason: String)
    /// A program without the uniform block its pipeline takes (or with one it does not).
    case missingUniformBlock(file: String, name: String)
    /// A uniform outside the blocks that is not a sampler of `TextureUnit`'s
    /// table, or a block of a program's own that its pipeline does not take.
    case uniformOutsideBlocks(file: String, name: String)

    public var description: String {
        switch self {
        case .compile(let file, let line, let log):
            let place = line.map { "\(file):\($0)" } ?? file
            return "shader \(place) does not compile:\n\(log.trimmingTrailingWhitespace)"
        case .link(let files, let log):
            return "shaders \(files.joined(separator: " + ")) do not link:\n\(log.trimmingTrailingWhitespace)"
        case .missing(let file, let searched):
            return "shader \(file) not found in \(searched)"
        case .unreadable(let file, let reason):
            return "shader \(file) cannot be read: \(reason)"
        case .missingUniformBlock(let file, let name):
            return "shader \(file) has no active uniform block \(name)"
        case .uniformOutsideBlocks(let file, let name):
            return "shader \(file) has a uniform \(name) outside its uniform block (only samplers of TextureUnit may be)"
        }
    }
}

/// A render that the context cannot do.
public enum RenderLimitError: Error, Equatable, CustomStringConvertible {
    case tooLarge(width: Int, height: Int, maximum: Int)
    /// A picture a node samples (a gallery grid's held rows) too large for one texture.
    case pictureTooLarge(width: Int, height: Int, maximum: Int)

    public var description: String {
        switch self {
        case .tooLarge(let width, let height, let maximum):
            return "size \(width)x\(height) is larger than this GL driver renders (\(maximum) pixels on a side)"
        case .pictureTooLarge(let width, let height, let maximum):
            return "a picture of \(width)x\(height) texels is larger than this GL driver's textures (\(maximum) on a side); "
                + "the host route (--route host) draws it, or give a smaller --size"
        }
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace || last == "\0" { text = text.dropLast() }
        return String(text)
    }
}

/// A scene the GPU renderer cannot draw: a check of its own, not a GL
/// call's. Each kind of failure is its own case, so that the command line
/// can say which it was: a frame beyond one of the renderer's fixed limits
/// (a user can ask for it), a context without a feature the renderer needs,
/// memory that could not be had, or a scene the renderer was never meant
/// to be given (a defect: the last two cases).
public enum SceneRenderError: Error, Equatable, CustomStringConvertible {
    /// The frame asks more than a fixed limit of the renderer allows; the text says what and what to do.
    case beyondLimit(String)
    /// The GL context lacks something the renderer needs (float render targets, say).
    case capability(String)
    /// Memory for the named work could not be had.
    case noMemory(String)
    /// A node type with no node renderer, or a node the renderer's own plan did not expect.
    case unsupportedNode(String)
    /// A node of this type composes the background itself (the waves and
    /// avatar's fused program): no node may lie below it where it draws.
    case nodeBelow(String)

    public var description: String {
        switch self {
        case .beyondLimit(let text): return text
        case .capability(let feature): return "this GL context has no \(feature)"
        case .noMemory(let work): return "no memory for \(work)"
        case .unsupportedNode(let type): return "the GPU renderer has no node renderer for \(type)"
        case .nodeBelow(let type): return "a node lies below the \(type) where it draws, which its program cannot show"
        }
    }
}
