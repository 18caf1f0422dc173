import CEGL
import Foundation

/// An OpenGL ES 3 context on a headless EGL display, current on the thread that
/// uses it. It owns the display connection (and the GBM device and file, when
/// it has them) and releases them when it goes away.
public final class GLContext {
    public let info: GLInfo
    /// Whether half-float textures can be render targets (for the low-resolution gradient).
    public let rendersToFloat: Bool
    /// Whether 32-bit float textures can be render targets (the glass backdrop's blur keeps its sums in them).
    let rendersTo32BitFloat: Bool

    /// How many shader programs have been linked in it (`ShaderProgram`): what
    /// `GPURenderer.compileEveryVariant` reports. Counted on the context's
    /// own thread, as every GL call is made.
    public private(set) var programsLinked = 0

    private let display: EGLDisplay
    private let context: EGLContext
    private let surface: EGLSurface?
    private let ownsDisplay: Bool
    private let gbm: GBMDevice?

    /// Creates a context on the first platform of `platforms` that yields
    /// OpenGL ES 3; the error lists every platform tried and why it failed.
    public convenience init(platforms: [HeadlessPlatform] = HeadlessPlatform.allCases) throws {
        var attempts: [NoHeadlessContext.Attempt] = []
        for platform in platforms {
            for candidate in Self.candidates(for: platform, attempts: &attempts) {
                do {
                    try self.init(candidate: candidate)
                    return
                } catch {
                    attempts.append(.init(platform: "\(platform.rawValue) (\(candidate.description))",
                                          reason: "\(error)"))
                }
            }
        }
        throw NoHeadlessContext(attempts: attempts)
    }

    private init(candidate: DisplayCandidate) throws {
        let clientExtensions = EGLCalls.extensions(of: nil)
        var attributes: [EGLAttrib] = []
        let tracksReferences = clientExtensions.contains("EGL_KHR_display_reference")
        if tracksReferences {
            attributes += [EGLAttrib(EGL_TRACK_REFERENCES_KHR), EGLAttrib(EGL_TRUE)]
        }
        let display = try EGLCalls.platformDisplay(candidate.platformCode, native: candidate.native, attributes: attributes)
        let (major, minor) = try EGLCalls.initialize(display)
        var cleanup = Cleanup(display: display, terminate: tracksReferences, gbm: candidate.gbm)
        defer { cleanup.run() }

        try EGLCalls.bindGLES()
        let displayExtensions = EGLCalls.extensions(of: display)
        let surfaceless = displayExtensions.contains("EGL_KHR_surfaceless_context")
        let config = try EGLCalls.chooseConfig(display, attributes: [
            EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
            EGL_SURFACE_TYPE, surfaceless ? 0 : EGL_PBUFFER_BIT,
        ])
        let context = try EGLCalls.createContext(display, config: config, attributes: [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
        ])
        cleanup.context = context
        let surface = surfaceless ? nil : try EGLCalls.createPbuffer(display, config: config)
        cleanup.surface = surface
        try EGLCalls.makeCurrent(display, surface: surface, context: context)

        let version = GLCalls.string(GL_VERSION)
        guard version.hasPrefix("OpenGL ES 3") else {
            throw GraphicsCallError(call: "glGetString", code: "not OpenGL ES 3", detail: "GL_VERSION is '\(version)'",
                                    location: SourceLocation(file: #fileID, line: #line))
        }
        let textureLimit = try GLCalls.integers(GL_MAX_TEXTURE_SIZE, count: 1)[0]
        let renderbufferLimit = try GLCalls.integers(GL_MAX_RENDERBUFFER_SIZE, count: 1)[0]
        let viewportLimit = try GLCalls.integers(GL_MAX_VIEWPORT_DIMS, count: 2)
        let extensions = GLCalls.extensions()
        rendersToFloat = extensions.contains("GL_EXT_color_buffer_float") || extensions.contains("GL_EXT_color_buffer_half_float")
        rendersTo32BitFloat = extensions.contains("GL_EXT_color_buffer_float")

        info = GLInfo(
            platform: candidate.platform,
            deviceDescription: candidate.description,
            eglVersion: "\(major).\(minor)",
            eglVendor: EGLCalls.queryString(display, EGL_VENDOR),
            vendor: GLCalls.string(GL_VENDOR),
            renderer: GLCalls.string(GL_RENDERER),
            version: version,
            shadingLanguageVersion: GLCalls.string(GL_SHADING_LANGUAGE_VERSION),
            maximumRenderSize: ([textureLimit, renderbufferLimit] + viewportLimit).min() ?? 0
        )
        self.display = display
        self.context = context
        self.surface = surface
        self.ownsDisplay = tracksReferences
        self.gbm = candidate.gbm
        cleanup.disarm()
    }

    deinit {
        EGLCalls.releaseCurrent(display)
        if let surface { EGLCalls.destroySurface(display, surface) }
        EGLCalls.destroyContext(display, context)
        // Without reference tracking, terminating would also end every other
        // context on this display in the process; leave it initialised.
        if ownsDisplay { EGLCalls.terminate(display) }
        _ = gbm   // released after the display
    }

    /// Makes this context current on the calling thread (a no-op when it is).
    public func makeCurrent(file: String = #fileID, line: Int = #line) throws {
        guard !EGLCalls.isCurrent(context) else { return }
        try EGLCalls.makeCurrent(display, surface: surface, context: context, file: file, line: line)
    }

    /// Refuses sizes this context cannot render.
    public func checkRenderable(width: Int, height: Int) throws {
        let limit = info.maximumRenderSize
        guard width <= limit, height <= limit else {
            throw RenderLimitError.tooLarge(width: width, height: height, maximum: limit)
        }
    }
}

/// Undoes a half-made context when creation fails part-way.
private struct Cleanup {
    let display: EGLDisplay
    let terminate: Bool
    let gbm: GBMDevice?
    var context: EGLContext?
    var surface: EGLSurface?
    private var armed = true

    init(display: EGLDisplay, terminate: Bool, gbm: GBMDevice?) {
        self.display = display
        self.terminate = terminate
        self.gbm = gbm
    }

    mutating func disarm() { armed = false }

    func run() {
        guard armed else { return }
        EGLCalls.releaseCurrent(display)
        if let surface { EGLCalls.destroySurface(display, surface) }
        if let context { EGLCalls.destroyContext(display, context) }
        if terminate { EGLCalls.terminate(display) }
    }
}

extension GLContext {
    /// Counts a program linked in this context.
    func noteProgramLinked() { programsLinked += 1 }
}
