import ArgumentParser

/// The EGL platform option, for `info`. The commands that render take the
/// same option in `RenderOptions` (declared there, not as a group within a
/// group: see `DrawsFrames`).
struct EGLOptions: ParsableArguments {
    @Option(name: .customLong("egl-platform"), help: EGLOptions.platformHelp)
    var platform: EGLPlatformChoice = .auto

    static let platformHelp = ArgumentHelp("EGL platform for the gpu backend: auto (try each in turn), device, gbm or surfaceless.",
                                           valueName: "NAME")
}
