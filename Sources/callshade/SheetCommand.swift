import ArgumentParser
import CallshadeCore
import CallshadePNG
import CallshadeReport
import Foundation

struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Draw a contact sheet: frames through a scenario in a grid, each with its time under it.",
        discussion: """
        Example:
          callshade sheet Examples/call.json --every 2 --columns 5 -o sheet.png
        """
    )

    @Argument(help: ArgumentHelp("The scenario file (JSON).", valueName: "SCENARIO"))
    var scenario: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "OUT.png"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("A frame every this many seconds, from 0 (default 2).", valueName: "SECONDS"))
    var every: String = "2"

    @Option(help: ArgumentHelp("Frames a row (default 6).", valueName: "N"))
    var columns: Int = 6

    @Option(help: ArgumentHelp("Comma-separated layers: background, waves, avatar (default all).", valueName: "LIST"))
    var layers: String = Layer.available.map(\.rawValue).joined(separator: ",")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var render: RenderOptions

    /// The most frames a sheet shows.
    static let mostFrames = 1000
    /// The largest sheet drawn, in pixels: 100 megapixels, 400 MB as RGBA
    /// (the cells, held until it is drawn, take at most as much again).
    static let largestSheet = 100_000_000

    func validate() throws {
        guard (1...100).contains(columns) else { throw CLIError("--columns must be between 1 and 100") }
        _ = try step()
        try OutputPath.checkPNG(output)
    }

    /// --every, in seconds: a finite number more than 0.
    private func step() throws -> Double {
        let step = try ScenarioInput.seconds(every, option: "--every")
        guard step > 0 else { throw CLIError("--every must be more than 0 seconds") }
        return step
    }

    func run() throws {
        let interruption = try Interruption()   // a signal removes the staged PNG
        let scenario = try ScenarioInput.load(self.scenario)
        let step = try step()
        guard scenario.duration / step <= Double(Self.mostFrames) else {
            throw CLIError("--every \(every) gives more than \(Self.mostFrames) frames")
        }
        let times = Array(stride(from: 0.0, to: scenario.duration, by: step))
        // Cells default to a sixth of the scenario's size (195x422 for a 1170x2532 phone).
        let full = scenario.size ?? .phone
        let cell = try render.frameSize(default: try FrameSize(width: max(1, full.width / 6), height: max(1, full.height / 6)))
        let text = try TextRenderer(pixelHeight: max(12, cell.width / 9))
        let sheet = ReviewPictures.contactSheetSize(count: times.count, columns: columns, cellWidth: cell.width,
                                                    cellHeight: cell.height, textHeight: text.pixelHeight)
        guard sheet.width * sheet.height <= Self.largestSheet else {
            throw CLIError("the sheet would be \(sheet.width)x\(sheet.height) pixels, more than \(Self.largestSheet / 1_000_000) "
                           + "megapixels; give a larger --every or a smaller --size")
        }
        let frames = try ScenarioFrames(scenario: scenario, size: cell, layers: try Layer.parseList(layers), scene: scene)
        let renderer = try render.makeRenderer()
        let cells = try times.map { time in
            (image: try renderer.render(frames.request(at: time)), label: "\(CallTimeline.number(time)) s")
        }
        try PNGFile.write(ReviewPictures.contactSheet(cells, columns: columns, text: text), to: output, cleanup: interruption.cleanup)
    }
}
