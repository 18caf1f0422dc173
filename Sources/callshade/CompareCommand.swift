import ArgumentParser
import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import CallshadePNG
import CallshadeRender
import CallshadeReport
import CallshadeSystem
import Foundation

struct CompareCommand: StoppableCommand, HasErrorStatus, DrawsFrames {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare the GPU renderer with the CPU reference (or two PNGs, or two videos) and write a report with pictures.",
        discussion: """
        For each instant of a scenario (the built-in demo call when none is given), \
        renders the frame with both backends and measures per channel the largest \
        and mean difference, PSNR, and the pixels with a channel off by more than \
        the tolerance. REPORT_DIR gets both frames, a side-by-side picture, a map of \
        the differences with its scale, and index.html (self-contained: no network, \
        no scripts), worst frame first.

        Given two PNG files instead, compares them the same way (-o optional).

        Given two videos (anything else than two PNGs), finds the offset in \
        frames that aligns them best (within --most-offset seconds), then prints \
        for each pair of frames its SSIM and largest difference on the luma, the \
        ranges of A's frames whose largest difference is over the tolerance, and \
        the worst pair; with -o, REPORT_DIR gets a plot of both over time and \
        the worst pairs (up to 6, at least half a second apart) side by side \
        with their heat maps. The videos need the same size and frame rate. \
        Exit status: 0 no frame over the tolerance, 1 some, 2 error.

        A frame passes when at most 0.1 % of its pixels are over the tolerance and \
        no channel is off by more than 16 (anti-aliased edges): the tests' rule. \
        Exit status: 0 every frame passes, 1 some do not, 2 error.

        Examples:
          callshade compare Examples/call.json --every 2 -o report
          callshade compare --times 0,5.5,9 --size 390x844 -o report
          callshade compare a.png b.png -o diff
          callshade compare recording.mp4 render.mp4 --tolerance 48 -o report
        """
    )

    @Argument(help: ArgumentHelp("A scenario, two PNG files, or two videos.", valueName: "SCENARIO | A.png B.png | A.mp4 B.mp4"))
    var inputs: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Comma-separated instants in seconds.", valueName: "T1,T2,..."),
            transform: ArgumentValues.instants("--times", limit: CompareCommand.mostFrames))
    var times: [Double]?

    @Option(parsing: .unconditional, help: ArgumentHelp("An instant every this many seconds, from 0 (default: 5 instants spread over the call).",
                                                        valueName: "SECONDS"), transform: ArgumentValues.interval("--every"))
    var every: Double?

    @Option(name: .shortAndLong, help: ArgumentHelp("The report folder (new or empty).", valueName: "REPORT_DIR"))
    var output: String?

    @Option(help: ArgumentHelp("Levels a channel may differ by before a pixel counts as over (default 1).", valueName: "N"))
    var tolerance: Int = CompareHeatMap.tolerance

    @Option(help: ArgumentHelp("Two videos: the largest shift between them looked for, in seconds (default 2).", valueName: "SECONDS"),
            transform: ArgumentValues.interval("--most-offset"))
    var mostOffset: Double = CompareCommand.defaultMostOffset

    static let defaultMostOffset = VideoComparison.defaultMostOffset

    @OptionGroup var layerOptions: LayerOptions
    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var renderOptions: RenderOptions

    /// The most instants a report shows.
    static let mostFrames = 1000

    func validate() throws {
        guard (0...255).contains(tolerance) else { throw Diagnostic.optionRange(option: "--tolerance", range: 0...255, got: tolerance) }
        if times != nil, every != nil { throw Diagnostic.optionCombination(option: "--times", rule: "and --every do not go together; give one") }
    }

    /// compare's own status for an error: 1 says some frames differ.
    static let errorStatus: Int32 = 2

    /// Writes the report (a signal removes it); exits 1 when a frame does not pass.
    func perform(cleanup: StopCleanup) throws {
        if try !compare(cleanup: cleanup) { throw ExitCode(1) }
    }

    /// Writes the report; true when every frame passes.
    private func compare(cleanup: StopCleanup) throws -> Bool {
        if inputs.count == 2, inputs.allSatisfy({ $0.lowercased().hasSuffix(".png") }) {
            return try comparePictures(inputs[0], inputs[1], cleanup: cleanup)
        }
        if inputs.count == 2 {
            return try compareVideos(inputs[0], inputs[1], cleanup: cleanup)
        }
        guard inputs.count <= 1 else { throw Diagnostic.optionCombination(option: "compare", rule: "takes one scenario, two PNG files or two videos") }
        guard let output else { throw Diagnostic.optionCombination(option: "-o REPORT_DIR", rule: "is needed to compare renders") }
        // A scenario of any kind (the built-in demo call without one), its frames as `render` makes them.
        let scenario = try inputs.first.map { try FramedScenarios.framed(try ScenarioFile.loadAny(path: $0)) } ?? BuiltInScenarios.demo
        let instants = try chosenTimes(duration: scenario.duration)
        let size = drawing.render.frameSize(default: scenario.defaultFrameSize)
        let reuse = try ReuseSwitch.store()
        let made = try scenario.frames(FramesRequest(file: inputs.first ?? "the demo call", size: size, layers: try layerOptions.layers(for: scenario),
                                                     choices: sceneOptions.choices, reuse: reuse))
        let frames = made.scenes
        let gpu = try drawing.render.makeRenderer(backend: .gpu, reuse: reuse)
        let cpu = try drawing.render.makeRenderer(backend: .cpu, reuse: reuse)
        let folder = try stage(output, cleanup: cleanup)
        let text = try CompareHeatMap.label(width: size.width)
        var rows: [ReportPage.Row] = []
        defer { made.warnings().forEach(Warnings.say) }
        print("     frame  result  max |d|  mean |d|    PSNR (dB)  over tolerance")
        for time in instants {
            let scene = try frames.scene(at: time)
            let left = try gpu.render(scene)
            let right = try cpu.render(scene)
            let name = String(format: "t%08.3f", time)
            let row = try writePictures(left, right, title: "\(ShownNumber.text(time)) s", name: name, folder: folder.path, text: text)
            rows.append(row)
            print(Self.summary(row))
        }
        let subtitle = (inputs.first.map { "Scenario \($0)" } ?? BuiltInScenarios.demoTitle) + ", \(size), GPU renderer vs CPU reference"
        try writePage(ReportPage(heading: "callshade: GPU vs CPU", subtitle: subtitle, labels: ("GPU", "CPU reference"), rows: rows),
                      folder: folder)
        return rows.allSatisfy(\.metrics.passes)
    }

    private func comparePictures(_ first: String, _ second: String, cleanup: StopCleanup) throws -> Bool {
        let a = try Self.picture(at: first)
        let b = try Self.picture(at: second)
        let metrics = try ImageMetrics(a, b, tolerance: tolerance)
        let names = (URL(fileURLWithPath: first).lastPathComponent, URL(fileURLWithPath: second).lastPathComponent)
        guard let output else {
            print(Self.summary(ReportPage.Row(title: "\(names.0) vs \(names.1)", metrics: metrics, sideBySide: "", heatMap: "",
                                              images: ("", ""), heatScale: 0)))
            return metrics.passes
        }
        let folder = try stage(output, cleanup: cleanup)
        let text = try CompareHeatMap.label(width: a.width)
        let row = try writePictures(a, b, title: "\(names.0) vs \(names.1)", name: "images", folder: folder.path, text: text,
                                    labels: names)
        print(Self.summary(row))
        try writePage(ReportPage(heading: "callshade: two images", subtitle: "\(first) vs \(second)", labels: names, rows: [row]),
                      folder: folder)
        return metrics.passes
    }

    /// The most worst pairs a two videos' report shows, and how far apart they are, in seconds at least.
    static let worstShown = VideoComparison.worstShown
    static let worstSpacing = VideoComparison.worstSpacing

    private func compareVideos(_ first: String, _ second: String, cleanup: StopCleanup) throws -> Bool {
        let comparison = try VideoComparison(first, second, mostOffset: mostOffset, tolerance: tolerance)
        let seconds = { (frame: Int) in String(format: "%.3f s", Double(frame) * comparison.frameDuration) }
        print("offset: \(comparison.offset) frames (\(seconds(comparison.offset))): B's frame k is A's frame k\(comparison.offset < 0 ? "" : "+")\(comparison.offset)")
        print("      A       B     SSIM  largest |d|")
        for pair in comparison.pairs {
            print(String(format: "%7d %7d  %7.5f  %11d", pair.a, pair.b, pair.ssim, pair.largestDifference))
        }
        let changed = comparison.changedRanges
        print("changed (largest luma difference over \(tolerance)): " + (changed.isEmpty ? "none" : changed.map {
            "A \($0.lowerBound)-\($0.upperBound) (\(seconds($0.lowerBound)) to \(seconds($0.upperBound)))"
        }.joined(separator: ", ")))
        if let worst = comparison.worst {
            print("worst: A \(worst.a), B \(worst.b): SSIM \(String(format: "%.5f", worst.ssim)), largest difference \(worst.largestDifference)")
        }
        if let output { try writeVideoReport(comparison, to: output, cleanup: cleanup) }
        return changed.isEmpty
    }

    /// Two videos' report: the plot over time, then the worst pairs side by side with their heat maps.
    private func writeVideoReport(_ comparison: VideoComparison, to output: String, cleanup: StopCleanup) throws {
        let folder = try stage(output, cleanup: cleanup)
        let names = (URL(fileURLWithPath: comparison.first).lastPathComponent, URL(fileURLWithPath: comparison.second).lastPathComponent)
        let spacing = max(1, Int((Self.worstSpacing / comparison.frameDuration).rounded()))
        var rows: [ReportPage.Row] = []
        var text: TextRenderer?
        for pair in comparison.worstPairs(count: Self.worstShown, spacing: spacing) {
            let (a, b) = try comparison.pictures(pair)
            let label = try text ?? CompareHeatMap.label(width: a.width)
            text = label
            let title = String(format: "A %d, B %d (A at %.3f s): SSIM %.5f", pair.a, pair.b, Double(pair.a) * comparison.frameDuration, pair.ssim)
            rows.append(try writePictures(a, b, title: title, name: String(format: "a%06d", pair.a), folder: folder.path, text: label,
                                          labels: ("A \(pair.a)", "B \(pair.b)")))
        }
        let seconds = Double(comparison.framesA) * comparison.frameDuration
        let changed = comparison.changedRanges.map { "A \($0.lowerBound) to \($0.upperBound)" }.joined(separator: ", ")
        let figure = "<figure style=\"margin: 16px 0\">" + ComparisonPlot.svg(comparison, seconds: seconds, pixelHeight: 200)
            + "<figcaption>Each pair over A's time (0 to \(String(format: "%.3f", seconds)) s), B shifted by \(comparison.offset) frames: "
            + "SSIM in blue (\(ShownNumber.text(ComparisonPlot.ssimFloor(comparison))) at the bottom, 1 at the top), the largest luma difference in orange (0 to 255), the tolerance "
            + "(\(comparison.tolerance)) dashed, the changed frames shaded red (\(changed.isEmpty ? "none" : changed)). "
            + "Below: the worst pairs (lowest SSIM, at least \(ShownNumber.text(Self.worstSpacing)) s apart), A left, B right.</figcaption></figure>"
        let subtitle = "\(comparison.first) (A) vs \(comparison.second) (B), \(comparison.pairs.count) pairs, offset \(comparison.offset) frames"
        try writePage(ReportPage(heading: "callshade: two videos", subtitle: subtitle, labels: names, rows: rows, figure: figure), folder: folder)
    }

    /// A PNG given to compare: one it cannot read (missing, not a file,
    /// truncated, not a PNG, too large) is an input error naming it.
    private static func picture(at path: String) throws -> RGBAImage {
        do {
            return try PNGFile.read(path: path)
        } catch PNGError.input(let failure) {
            throw Diagnostic.picture("cannot read PNG '\(path)': \(failure.reason)")
        } catch {
            throw Diagnostic.picture("\(error)")
        }
    }

    private func writePictures(_ a: RGBAImage, _ b: RGBAImage, title: String, name: String, folder: String, text: TextRenderer,
                               labels: (String, String) = ("GPU", "CPU reference")) throws -> ReportPage.Row {
        let metrics = try ImageMetrics(a, b, tolerance: tolerance)
        let scale = CompareHeatMap.scale(for: metrics)
        let files = (name + "-a.png", name + "-b.png", name + "-side.png", name + "-diff.png")
        try PNGFile.write(a, to: folder + "/" + files.0)
        try PNGFile.write(b, to: folder + "/" + files.1)
        try PNGFile.write(ReviewPictures.sideBySide(a, b, labels: labels, text: text), to: folder + "/" + files.2)
        try PNGFile.write(ReviewPictures.heatMap(a, b, scale: scale, text: text), to: folder + "/" + files.3)
        return ReportPage.Row(title: title, metrics: metrics, sideBySide: files.2, heatMap: files.3, images: (files.0, files.1),
                              heatScale: scale)
    }

    private func stage(_ output: String, cleanup: StopCleanup) throws -> StagedFolder {
        do { return try StagedFolder(target: output, cleanup: cleanup) } catch { throw Diagnostic(error) }
    }

    private func writePage(_ page: ReportPage, folder: StagedFolder) throws {
        try NewFile.write(Array(page.html.utf8), to: folder.path + "/index.html")
        try folder.commit()
    }

    private func chosenTimes(duration: Double) throws -> [Double] {
        if let times {
            for value in times where value < 0 || value > duration {
                throw Diagnostic.timeOutsideScenario(option: "--times", time: value, duration: duration)
            }
            return times
        }
        if let every {
            guard duration / every <= Double(Self.mostFrames) else {
                throw Diagnostic.tooManyInstants(option: "--every", given: ShownNumber.text(every), limit: Self.mostFrames)
            }
            return stride(from: 0.0, to: duration, by: every).map { $0 }
        }
        return (0..<5).map { duration * Double($0) / 5 }
    }

    static func summary(_ row: ReportPage.Row) -> String {
        let metrics = row.metrics
        let psnr = metrics.psnr.isFinite ? String(format: "%9.2f", metrics.psnr) : "      inf"
        let title = String(repeating: " ", count: max(0, 10 - row.title.count)) + row.title
        return title + "  " + (metrics.passes ? "pass  " : "FAIL  ")
            + String(format: "%7d  %8.6f  ", metrics.largestDifference, metrics.meanDifference.prefix(3).reduce(0, +) / 3)
            + psnr + "  \(metrics.pixelsOverTolerance) of \(metrics.pixelCount)"
    }
}
