import ArgumentParser
import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import CallshadePNG
import CallshadeRender
import CallshadeReport
import CallshadeSystem
import Foundation

struct SheetCommand: StoppableCommand, DrawsFrames {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Draw a contact sheet: frames through a scenario in a grid, each with its time under it.",
        discussion: """
        Examples:
          callshade sheet Examples/call.json --every 2 --columns 5 -o sheet.png
          callshade sheet Examples/call.json --from 40.3 --to 43 --every 0.3 --columns 9 -o rating.png
          callshade sheet Examples/chat.json --every 1 --columns 6 -o chat.png
        """
    )

    @Argument(help: ArgumentHelp("The scenario file (JSON).", valueName: "SCENARIO"))
    var scenario: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "OUT.png"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("A frame every this many seconds, from --from (default 2).", valueName: "SECONDS"),
            transform: ArgumentValues.interval("--every"))
    var every: Double = 2

    @Option(parsing: .unconditional, help: ArgumentHelp("The first frame's time in seconds (default 0).", valueName: "T0"),
            transform: ArgumentValues.finite("--from"))
    var from: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("No frame at or after this time in seconds (default: the scenario's duration).",
                                                        valueName: "T1"), transform: ArgumentValues.finite("--to"))
    var to: Double?

    @Option(help: ArgumentHelp("Frames a row (default 6).", valueName: "N"))
    var columns: Int = 6

    @OptionGroup var layerOptions: LayerOptions
    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var renderOptions: RenderOptions

    /// The narrowest default cell: a time's label ("12.35 s", 13 px high) fits under it.
    static let narrowestCell = 120

    /// A sixth of `full`, but at least `narrowestCell` wide (at most `full`'s width), its aspect kept.
    static func defaultCell(for full: FrameSize) throws -> FrameSize {
        let width = min(max(full.width / 6, narrowestCell), full.width)
        let height = width == full.width / 6 ? full.height / 6 : Int((Double(full.height) * Double(width) / Double(full.width)).rounded())
        return try FrameSize(width: max(1, width), height: max(1, height))
    }

    /// The most frames a sheet shows.
    static let mostFrames = 1000
    /// The largest sheet drawn, in pixels: 100 megapixels, 400 MB as RGBA
    /// (the cells, held until it is drawn, take at most as much again).
    static let largestSheet = 100_000_000

    func validate() throws {
        guard (1...100).contains(columns) else { throw Diagnostic.optionRange(option: "--columns", range: 1...100, got: columns) }
        try OutputPath.checkPNG(output)
    }

    /// A signal removes the staged PNG.
    func perform(cleanup: StopCleanup) throws {
        let scenario = try ScenarioFile.loadAny(path: self.scenario)
        let step = every
        let start = try from.map { try ScenarioTimes.time($0, option: "--from", in: scenario) } ?? 0
        let end = try to.map { try ScenarioTimes.time($0, option: "--to", in: scenario) } ?? scenario.duration
        guard start < end else {
            throw Diagnostic.optionCombination(option: "--from \(ShownNumber.text(start))", rule: "must come before --to \(ShownNumber.text(end)): no frame to show")
        }
        guard (end - start) / step <= Double(Self.mostFrames) else {
            throw Diagnostic.tooManyInstants(option: "--every", given: ShownNumber.text(every), limit: Self.mostFrames)
        }
        let times = Array(stride(from: start, to: end, by: step))
        // Cells default to a sixth of the scenario's size (195x422 for a 1170x2532 phone), and at least
        // `narrowestCell` wide (or the frame's own width, if less), so that the times under them never overlap.
        let framed = try FramedScenarios.framed(scenario)
        let cell = drawing.render.frameSize(default: try Self.defaultCell(for: framed.defaultFrameSize))
        let text = try TextRenderer(pixelHeight: max(12, cell.width / 9))
        let sheet = ReviewPictures.contactSheetSize(count: times.count, columns: columns, cellWidth: cell.width,
                                                    cellHeight: cell.height, textHeight: text.pixelHeight)
        guard sheet.width * sheet.height <= Self.largestSheet else {
            throw Diagnostic.sheetTooLarge(width: sheet.width, height: sheet.height, limitMegapixels: Self.largestSheet / 1_000_000)
        }
        // The scenes of the scenario's kind (a call's with its recording and its videos).
        let reuse = try ReuseSwitch.store()
        let made = try framed.frames(FramesRequest(
            file: self.scenario, size: cell, layers: try layerOptions.layers(for: scenario), choices: sceneOptions.choices, reuse: reuse))
        let (frames, warnings) = (made.scenes, made.warnings)
        let renderer = try drawing.render.makeRenderer(reuse: reuse)
        let cells = try times.map { time in
            (image: try renderer.render(try frames.scene(at: time)), label: "\(ShownNumber.text(time)) s")
        }
        warnings().forEach(Warnings.say)
        let picture = ReviewPictures.contactSheet(cells, columns: columns, text: text)
        try PNGFile.write(picture, to: output, cleanup: cleanup)
    }
}
