import ArgumentParser
import CallshadeCore
import CallshadeGL
import Foundation

/// How to render: size, backend, shaders. Shared by every command that renders.
struct RenderOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Frame size in pixels, WIDTHxHEIGHT (default: the scenario's size, else 1170x2532).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Renderer: 'gpu' (OpenGL ES through EGL) or 'cpu' (the reference, no GL needed).",
                               valueName: "gpu|cpu"))
    var backend: String = "gpu"

    @Option(help: ArgumentHelp(
        "Read shaders from this folder instead of the copies built in (for live editing). Also CALLSHADE_SHADERS.",
        valueName: "DIR"))
    var shaders: String?

    @Option(name: .customLong("egl-platform"),
            help: ArgumentHelp("EGL platform for the gpu backend: auto, device, gbm or surfaceless.",
                               valueName: "NAME"))
    var eglPlatform: String = "auto"

    @Option(name: .customLong("gradient-factor"), help: ArgumentHelp(
        "gpu backend: evaluate the background once per NxN pixels and interpolate (default 8; 1 = every pixel, exact).",
        valueName: "N"))
    var gradientFactor: Int = GPURenderer.defaultGradientFactor

    enum Backend: String {
        case gpu, cpu
    }

    func validate() throws {
        _ = try frameSize(default: .phone)
        _ = try backendKind()
        _ = try platforms()
        guard (1...64).contains(gradientFactor) else { throw CLIError("--gradient-factor must be between 1 and 64") }
    }

    /// The --size given, else `fallback`.
    func frameSize(default fallback: FrameSize) throws -> FrameSize {
        guard let size else { return fallback }
        do {
            return try FrameSize(parsing: size)
        } catch {
            throw CLIError("\(error)")
        }
    }

    func backendKind() throws -> Backend {
        guard let backend = Backend(rawValue: backend) else {
            throw CLIError("unknown backend '\(backend)'; valid backends: gpu, cpu")
        }
        return backend
    }

    func platforms() throws -> [HeadlessPlatform] {
        if eglPlatform == "auto" { return HeadlessPlatform.allCases }
        guard let platform = HeadlessPlatform(rawValue: eglPlatform) else {
            let valid = ["auto"] + HeadlessPlatform.allCases.map(\.rawValue)
            throw CLIError("unknown EGL platform '\(eglPlatform)'; valid: \(valid.joined(separator: ", "))")
        }
        return [platform]
    }

    /// The shader source: --shaders, else CALLSHADE_SHADERS, else the built-in copies.
    func shaderLibrary() throws -> ShaderLibrary {
        let folder = shaders ?? ProcessInfo.processInfo.environment["CALLSHADE_SHADERS"]
        guard let folder, !folder.isEmpty else { return .embedded }
        return try ShaderLibrary(folder: folder)
    }

    /// The renderer the options ask for (or the one named).
    func makeRenderer(backend chosen: Backend? = nil) throws -> FrameRenderer {
        switch try chosen ?? backendKind() {
        case .cpu:
            return ReferenceRenderer()
        case .gpu:
            let context = try GLContext(platforms: try platforms())
            let renderer = try GPURenderer(context: context, shaders: try shaderLibrary())
            if context.rendersToFloat { renderer.gradientFactor = gradientFactor }
            return renderer
        }
    }
}
