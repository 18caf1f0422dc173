import ArgumentParser
import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import CallshadePNG
import CallshadeRender
import CallshadeSystem
import Foundation

struct FrameCommand: StoppableCommand, DrawsFrames {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Render one frame of a scenario, or of a call just placed, to a PNG file.",
        discussion: """
        The background is a four-point gradient whose colour centres travel through \
        eight anchor positions; the phase says where they are (0 to 8, whole numbers \
        are the anchor positions, fractions lie between two). The PNG is 8-bit RGB \
        with an sRGB chunk; the file appears only once it is completely written.

        With --scenario, the frame shows the scenario at --time seconds, as `render` \
        draws that instant. For a call, its palette, crossfades, phase, idle pauses and voice \
        (from its recording, if it has one) come from the scenario's timeline; \
        --palette, --phase, --level and --seed still override them. A scene of \
        another kind (a chat, a drawing, the access screen) refuses them.

        Examples:
          callshade frame -o frame.png
          callshade frame --scenario Examples/call.json --time 8 -o at8s.png
          callshade frame --palette orange-red --phase 3.25 --size 1080x1920 -o weak.png
          callshade frame --backend cpu --size 270x480 -o reference.png
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "OUT.png"))
    var output: String

    @Option(help: ArgumentHelp("A scenario (JSON) of any kind to take the frame from.", valueName: "FILE"))
    var scenario: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --scenario: the instant to render, in seconds (default 0).", valueName: "T"),
            transform: ArgumentValues.finite("--time"))
    var time: Double?

    @Option(help: ArgumentHelp("Background palette: \(Palette.validNames) (default blue-violet, or the scenario's).",
                               valueName: "NAME"))
    var palette: Palette?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Where the colour centres are: a number, taken modulo 8 (default 0, or the scenario's).", valueName: "P"),
            transform: ArgumentValues.finite("--phase"))
    var phase: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The remote voice level the waves and avatar follow: 0 silent, about 1 speech, up to 5 (default 0, or the scenario's).",
        valueName: "L"), transform: ArgumentValues.nonNegative("--level"))
    var level: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seed of the waves' shapes (default 0, or the scenario's).", valueName: "N"))
    var seed: Int64?


    @Flag(help: "Add an 8x8 ordered dither before 8-bit quantisation.")
    var dither = false

    @OptionGroup var layerOptions: LayerOptions
    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var renderOptions: RenderOptions

    func validate() throws {
        if scenario == nil, time != nil { throw Diagnostic.optionCombination(option: "--time", rule: "needs --scenario") }
        try OutputPath.checkPNG(output)
    }

    /// A signal removes the staged PNG.
    func perform(cleanup: StopCleanup) throws {
        // The scenario's kind draws the instant as `render` draws it; without a scenario, the built-in one.
        let framed = try scenario.map { try FramedScenarios.framed(try ScenarioFile.loadAny(path: $0)) } ?? BuiltInScenarios.placed
        let reuse = try ReuseSwitch.store()
        let instant = try time.map { try ScenarioTimes.time($0, option: "--time", in: framed) } ?? 0
        let request = FramesRequest(file: scenario ?? "", size: try drawing.render.frameSize(default: framed.defaultFrameSize),
                                    layers: try layerOptions.layers(for: framed), choices: sceneOptions.choices, dither: dither, reuse: reuse)
        let adjustments = StillAdjustments(palette: palette, phase: phase, level: level, seed: seed)
        let scene: Scene, warnings: () -> [String]
        if let adjustable = framed as? any AdjustableStill {
            (scene, warnings) = try adjustable.still(at: instant, request: request, adjustments: adjustments)
        } else {
            if let option = adjustments.given.first {
                throw Diagnostic.optionCombination(option: option, rule: "does not apply to \(SceneKinds.withArticle(framed.scene)) scene")
            }
            let made = try framed.frames(request)
            (scene, warnings) = (try made.scenes.scene(at: instant), made.warnings)
        }
        try PNGFile.write(try drawing.render.makeRenderer(reuse: reuse).render(scene), to: output, cleanup: cleanup)
        warnings().forEach(Warnings.say)
    }
}
