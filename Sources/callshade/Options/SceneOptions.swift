import ArgumentParser
import CallshadeRender

/// What sits on the screen besides the scenario: the avatar picture and the
/// layout's point scale (`SceneChoices`). Shared by the commands that render.
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A PNG to show as the avatar (default: the scenario's, else a placeholder).",
                               valueName: "FILE"))
    var avatar: String?

    @Option(name: .customLong("points-width"), parsing: .unconditional,
            help: ArgumentHelp("The screen's width in points; sizes in points scale by width / this (default 390).",
                               valueName: "PT"), transform: ArgumentValues.given(ArgumentValues.positive("--points-width")))
    var pointsWidth: GivenNumber?

    /// The choices as the kinds take them.
    var choices: SceneChoices {
        SceneChoices(avatarPath: avatar, pointsWidth: pointsWidth.map { ($0.value, $0.text) })
    }
}
