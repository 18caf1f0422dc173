import ArgumentParser
import CallshadeCore
import CallshadeGL
import Foundation

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show which EGL platform and GL renderer the gpu backend uses.",
        discussion: """
        Tries the EGL device platform (GPU servers), then GBM on a DRM render node, \
        then Mesa's surfaceless platform, and reports the first that gives an \
        OpenGL ES 3 context. With no GPU this is Mesa's llvmpipe, on the CPU.
        """
    )

    @OptionGroup var egl: EGLOptions

    func run() throws {
        let reuse = try ReuseSwitch.reuse()
        let context = try GLContext(platforms: egl.platform.platforms)
        let info = context.info
        let rows: [(String, String)] = [
            ("platform", info.platform.rawValue),
            ("device", info.deviceDescription),
            ("EGL", "\(info.eglVersion) (\(info.eglVendor))"),
            ("vendor", info.vendor),
            ("renderer", info.renderer),
            ("GL version", info.version),
            ("GLSL version", info.shadingLanguageVersion),
            ("max render size", "\(info.maximumRenderSize)x\(info.maximumRenderSize)"),
            ("shaders", ShaderLibrary.embeddedFileNames.joined(separator: ", ")),
            ("configuration", RendererConfiguration.preferred(for: context).description + " (--route and --gradient-factor change it)"),
            ("reuse", "\(reuse.rawValue) (work kept between frames, at most \(ReuseStore.defaultBudget >> 20) MiB; \(ReuseSwitch.variable)=off makes every frame from nothing)"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows {
            print(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
    }
}
