import ArgumentParser
import CallshadeCore
import CallshadeGL
import Foundation

/// How to render: size, backend, shaders. Shared by every command that renders.
struct RenderOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Frame size in pixels, WIDTHxHEIGHT (default: the scenario's size, else 1170x2532).", valueName: "WxH"),
            transform: ArgumentValues.size)
    var size: FrameSize?

    @Option(help: ArgumentHelp("Renderer: 'gpu' (OpenGL ES through EGL) or 'cpu' (the reference, no GL needed).",
                               valueName: "gpu|cpu"))
    var backend: Backend = .gpu

    @Option(help: ArgumentHelp(
        "Read shaders from this folder instead of the copies built in (for live editing). Also CALLSHADE_SHADERS.",
        valueName: "DIR"))
    var shaders: String?

    @Option(name: .customLong("egl-platform"), help: EGLOptions.platformHelp)
    var eglPlatform: EGLPlatformChoice = .auto

    @Option(name: .customLong("gradient-factor"), help: ArgumentHelp(
        "gpu backend: evaluate the background once per NxN pixels and interpolate (default 8; 1 = every pixel, exact).",
        valueName: "N"))
    var gradientFactor: Int = RendererConfiguration.defaultGradientFactor

    @Option(help: ArgumentHelp("""
        gpu backend: how frames are made: 'host' (background interpolated on the CPU, the GPU's tiles pasted over \
        it), 'passes' (full-frame GPU passes) or 'auto', the renderer's choice for the device (`callshade info` \
        says which). The pictures agree within the parity rule.
        """, valueName: "auto|host|passes"))
    var route: RouteChoice = .auto

    func validate() throws {
        let factors = RendererConfiguration.gradientFactors
        guard factors.contains(gradientFactor) else { throw Diagnostic.optionRange(option: "--gradient-factor", range: factors, got: gradientFactor) }
    }

    /// The configuration these options give a renderer on `context`.
    func configuration(for context: GLContext) -> RendererConfiguration {
        var configuration = RendererConfiguration.preferred(for: context)
        if context.rendersToFloat { configuration.gradientFactor = gradientFactor }
        if let route = route.route { configuration.route = route }
        return configuration
    }

    /// The --size given, else `fallback`.
    func frameSize(default fallback: FrameSize) -> FrameSize {
        size ?? fallback
    }

    /// The shader source: --shaders, else CALLSHADE_SHADERS, else the built-in copies.
    func shaderLibrary() throws -> ShaderLibrary {
        let folder = shaders ?? ProcessInfo.processInfo.environment["CALLSHADE_SHADERS"]
        guard let folder, !folder.isEmpty else { return .embedded }
        return try ShaderLibrary(folder: folder)
    }

    /// The renderer the options ask for (or the one named), keeping work between frames in `reuse` (the GPU's; the reference keeps none).
    func makeRenderer(backend chosen: Backend? = nil, reuse: ReuseStore) throws -> FrameRenderer {
        switch chosen ?? backend {
        case .cpu:
            return ReferenceRenderer()
        case .gpu:
            let context = try GLContext(platforms: eglPlatform.platforms)
            let library = try shaderLibrary()
            let renderer = try GPURenderer(context: context, shaders: library, configuration: configuration(for: context), reuse: reuse)
            // The built-in shaders compile (the tests hold them to it): each program is compiled when a frame first needs it.
            // Shaders being edited are all compiled now, so that a mistake in any is said before the first frame.
            if !library.isBuiltIn { try renderer.compileEveryVariant() }
            return renderer
        }
    }
}
