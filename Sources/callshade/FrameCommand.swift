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
        abstract: "Render one frame of the call screen to a PNG file.",
        discussion: """
        The background is a four-point gradient whose colour centres travel through \
        eight anchor positions; the phase says where they are (0 to 8, whole numbers \
        are the anchor positions, fractions lie between two). The PNG is 8-bit RGB \
        with an sRGB chunk; the file appears only once it is completely written.

        With --scenario, the frame shows the call at --time seconds, as `render` \
        draws that instant: its palette, crossfades, phase, idle pauses and voice \
        (from its recording, if it has one) come from the scenario's timeline; \
        --palette, --phase, --level and --seed still override them.

        Examples:
          callshade frame -o frame.png
          callshade frame --scenario Examples/call.json --time 8 -o at8s.png
          callshade frame --palette orange-red --phase 3.25 --size 1080x1920 -o weak.png
          callshade frame --backend cpu --size 270x480 -o reference.png
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "OUT.png"))
    var output: String

    @Option(help: ArgumentHelp("A call, chat or drawing scenario (JSON) to take the frame from.", valueName: "FILE"))
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
        let parsed = try scenario.map { try ScenarioFile.loadAny(path: $0) }
        let reuse = try ReuseSwitch.store()
        // Every kind but the call, whose instant takes --palette, --phase and --level below: its scene at the instant.
        if let path = scenario, let parsed, !(parsed is Scenario) {
            let framed = try FramedScenarios.framed(parsed)
            let instant = try time.map { try ScenarioInput.time($0, option: "--time", in: parsed) } ?? 0
            let made = try framed.frames(FramesRequest(file: path, size: try drawing.render.frameSize(default: framed.defaultFrameSize),
                                                       layers: try layerOptions.layers(for: parsed), choices: sceneOptions.choices, dither: dither,
                                                       reuse: reuse))
            try PNGFile.write(try drawing.render.makeRenderer(reuse: reuse).render(try made.scenes.scene(at: instant)), to: output, cleanup: cleanup)
            made.afterwards()
            return
        }
        var background = GradientParameters(palette: .blueViolet, phase: 0)
        var waves = WaveState(level: 0, motionTime: 0)
        // Without a scenario: the words of a call that has just been placed.
        let placed = Scenario(duration: 1, events: [])
        var state = CallTimeline(placed).state(at: 0)
        var screen: CallScreen
        var assets = FrameAssets()
        if let path = scenario {
            // The scenario's instant as `render` draws it, its recording's voice included.
            guard let scenario = parsed as? Scenario else { throw Diagnostic.internalError("a scenario of no kind frame draws") }
            try ScenarioInput.checkFonts(scenario, file: path)
            let instant = try time.map { try ScenarioInput.time($0, option: "--time", in: scenario) } ?? 0
            let frames = try ScenarioFrames(scenario: scenario, size: drawing.render.frameSize(default: scenario.size ?? .phone),
                                            layers: drawing.layers, choices: drawing.scene.choices, reuse: reuse)
            state = frames.timeline.state(at: instant)
            background = state.gradient
            waves = state.waves
            screen = frames.screen
            assets = try frames.assets(at: instant)
            frames.sayVideoWarnings()
        } else {
            screen = try drawing.scene.choices.callScreen(size: drawing.render.frameSize(default: .phone), scenario: placed, showing: drawing.layers,
                                                   reuse: reuse)
        }
        if let palette = palette { background.colors = palette.colors }
        if let phase = phase { background.centres = GradientMotion.centres(phase: phase) }
        if let level = level {
            waves = WaveState(level: level, shown: waves.shown, visibility: waves.visibility, idleStopped: waves.idleStopped,
                              frozen: waves.frozen, motionTime: waves.motionTime)
        }
        if let seed { screen.seed = seed }
        screen.dither = dither
        state.waves = waves
        let scene = screen.scene(at: state, background: background, assets: assets)
        let renderer = try drawing.render.makeRenderer(reuse: reuse)
        let image = try renderer.render(scene)
        try PNGFile.write(image, to: output, cleanup: cleanup)
    }
}
