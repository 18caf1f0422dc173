import ArgumentParser
import CallshadeCore
import CallshadeGL
import Foundation

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure rendering speed on this machine and print a table with ratios.",
        discussion: """
        Each row renders a sequence of whole call frames (background, waves and \
        avatar, 1/60 s apart in an active call whose voice level changes) after one \
        warm-up frame, and reports the time per frame, the frame rate, and its \
        speed relative to the CPU reference. All rows come from one run on one \
        machine; compare ratios, not bare times, across machines.
        """
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("Comma-separated frame sizes.", valueName: "WxH,..."))
    var sizes: String = "1170x2532"

    @Option(help: ArgumentHelp("Frames timed per row.", valueName: "N"))
    var frames: Int = 30

    @Option(name: .customLong("egl-platform"), help: ArgumentHelp("EGL platform: auto, device, gbm or surfaceless.", valueName: "NAME"))
    var eglPlatform: String = "auto"

    @Option(help: ArgumentHelp("Comma-separated layers to draw (default all).", valueName: "LIST"))
    var layers: String = Layer.available.map(\.rawValue).joined(separator: ",")

    @Option(name: .customLong("gradient-factor"), help: ArgumentHelp("As for render (default 8).", valueName: "N"))
    var gradientFactor: Int = GPURenderer.defaultGradientFactor

    func validate() throws {
        guard (1...10_000).contains(frames) else { throw CLIError("--frames must be between 1 and 10000") }
        _ = try frameSizes()
    }

    func frameSizes() throws -> [FrameSize] {
        try sizes.split(separator: ",", omittingEmptySubsequences: false).map { text in
            do { return try FrameSize(parsing: String(text)) } catch { throw CLIError("\(error)") }
        }
    }

    func run() throws {
        var options = try RenderOptions.parse([])
        options.eglPlatform = eglPlatform
        let gpu = try GPURenderer(context: try GLContext(platforms: try options.platforms()))
        gpu.gradientFactor = gradientFactor
        let chosenLayers = try Layer.parseList(layers)
        let cpu = ReferenceRenderer()
        print("renderer: \(gpu.context.info.renderer) (\(gpu.context.info.platform.rawValue)), "
              + "\(ProcessInfo.processInfo.activeProcessorCount) CPU cores, \(frames) frames a row")
        var table = BenchTable()
        for size in try frameSizes() {
            let requests = try Self.callFrames(size: size, count: frames + 1).map { request -> FrameRequest in
                var request = request
                request.layers = chosenLayers
                return request
            }
            let reference = try Self.secondsPerFrame(requests) { _ = try cpu.render($0) }
            table.add(size: size, name: "CPU reference", seconds: reference, reference: reference)
            table.add(size: size, name: "GPU render only", seconds: try Self.secondsPerFrame(requests) { try gpu.drawAndWait($0) },
                      reference: reference)
            table.add(size: size, name: "GPU render + readback", seconds: try Self.secondsPerFrame(requests) { _ = try gpu.render($0) },
                      reference: reference)
        }
        print(table.text)
    }

    /// Frames of the demo call, 1/60 s apart from 5 s in (active, level changing).
    static func callFrames(size: FrameSize, count: Int) throws -> [FrameRequest] {
        let scenario = Scenario.demo
        let timeline = CallTimeline(scenario)
        let layout = try CallLayout(size: size)
        return (0..<count).map { index in
            FrameRequest(state: timeline.state(at: 5 + Double(index % 600) / 60), layout: layout, seed: scenario.seed,
                         layers: Set(Layer.allCases), avatar: nil)
        }
    }

    /// Mean seconds per frame over all requests but the first, which warms up.
    static func secondsPerFrame(_ requests: [FrameRequest], _ body: (FrameRequest) throws -> Void) throws -> Double {
        guard let first = requests.first else { return 0 }
        try body(first)
        let clock = ContinuousClock()
        let start = clock.now
        for request in requests.dropFirst() { try body(request) }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return seconds / Double(max(requests.count - 1, 1))
    }
}

/// Rows of a benchmark, printed as an aligned text table.
struct BenchTable {
    private var rows: [[String]] = [["size", "what", "ms/frame", "frames/s", "x CPU reference"]]

    mutating func add(size: FrameSize, name: String, seconds: Double, reference: Double) {
        rows.append([size.description, name, String(format: "%.2f", seconds * 1000),
                     String(format: "%.1f", 1 / seconds), String(format: "%.2f", reference / seconds)])
    }

    var text: String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { index, cell in
                index < 2 ? cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
                          : String(repeating: " ", count: cell.1 - cell.0.count) + cell.0
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
