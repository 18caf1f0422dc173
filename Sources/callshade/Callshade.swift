import ArgumentParser

@main
struct Callshade: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "callshade",
        abstract: "Render the motion graphics of a messenger call screen, offline and headless.",
        discussion: """
        callshade draws the animated four-point gradient behind a voice call, from \
        GLSL ES 3.0 shaders through EGL (a GPU when there is one, Mesa's llvmpipe \
        when there is not), or with an independent CPU reference renderer.

        Start with:
          callshade info                      which GPU or software renderer is used
          callshade frame -o frame.png        one frame, 1170x2532, blue-violet palette
          callshade frame --palette blue-green --phase 2.5 --size 270x480 -o small.png
        """,
        subcommands: [FrameCommand.self, RenderCommand.self, ValidateCommand.self, LevelsCommand.self, CompareCommand.self, SheetCommand.self, InfoCommand.self, BenchCommand.self]
    )
}
