import ArgumentParser

/// The EGL platform option, shared by the commands that make a GL context.
struct EGLOptions: ParsableArguments {
    @Option(name: .customLong("egl-platform"),
            help: ArgumentHelp("EGL platform for the gpu backend: auto (try each in turn), device, gbm or surfaceless.",
                               valueName: "NAME"))
    var platform: EGLPlatformChoice = .auto
}
