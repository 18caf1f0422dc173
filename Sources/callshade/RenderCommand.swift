import ArgumentParser
import CallshadeCore
import Foundation

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a call scenario to a sequence of PNG frames.",
        discussion: """
        Frame k shows the call at FROM + k/FPS seconds, for every such instant \
        before TO. The frames appear in OUT (a new or empty folder) as \
        frame_000000.png, frame_000001.png, ... once all of them are written; \
        an error or interruption leaves nothing there.

        Examples:
          callshade render Examples/call.json -o frames
          callshade render Examples/call.json --fps 30 --from 5 --to 8 --size 390x844 -o clip
        """
    )

    @Argument(help: ArgumentHelp("The scenario file (JSON).", valueName: "SCENARIO"))
    var scenario: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the frames into.", valueName: "OUT"))
    var output: String

    @Option(help: ArgumentHelp("Frames per second (default: the scenario's, else 60).", valueName: "N"))
    var fps: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Start time in seconds (default 0).", valueName: "T0"))
    var from: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("End time in seconds, not included (default: the scenario's duration).",
                                                        valueName: "T1"))
    var to: String?

    @Option(help: ArgumentHelp("Comma-separated layers to draw: \(Layer.available.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "LIST"))
    var layers: String = Layer.available.map(\.rawValue).joined(separator: ",")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var render: RenderOptions

    func validate() throws {
        if let fps, !Scenario.frameRates.contains(fps) {
            throw CLIError("--fps must be between \(Scenario.frameRates.lowerBound) and \(Scenario.frameRates.upperBound) (got \(fps))")
        }
        if let from { _ = try ScenarioInput.seconds(from, option: "--from") }
        if let to { _ = try ScenarioInput.seconds(to, option: "--to") }
        do { _ = try Layer.parseList(layers) } catch { throw CLIError("\(error)") }
        guard !output.isEmpty else { throw CLIError("the output path is empty") }
        let lowered = output.lowercased()
        if [".mp4", ".mov", ".mkv", ".webm", ".png"].contains(where: lowered.hasSuffix) {
            throw CLIError("output '\(output)' must be a folder for PNG frames (video output is not available yet)")
        }
    }

    func run() throws {
        let scenario = try ScenarioInput.load(self.scenario)
        let start = try from.map { try ScenarioInput.time($0, option: "--from", in: scenario) } ?? 0
        let end = try to.map { try ScenarioInput.time($0, option: "--to", in: scenario) } ?? scenario.duration
        let schedule: FrameSchedule
        do {
            schedule = try FrameSchedule(start: start, end: end, fps: fps ?? scenario.fps ?? 60)
        } catch {
            throw CLIError("\(error)")
        }
        let layout = try scene.layout(for: try render.frameSize(default: scenario.size ?? .phone))
        let layers = try Layer.parseList(layers)
        let avatar = layers.contains(.avatar) ? try scene.avatarImage(scenarioAvatar: scenario.avatarPath, layout: layout) : nil
        let renderer = try render.makeRenderer()
        let timeline = CallTimeline(scenario)

        var sink = try PNGSequenceSink(folder: output)
        do {
            for index in 0..<schedule.count {
                let state = timeline.state(at: schedule.time(ofFrame: index))
                let request = FrameRequest(state: state, layout: layout, seed: scenario.seed, layers: layers, avatar: avatar)
                try sink.write(try renderer.render(request), index: index)
            }
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
    }
}
