import CallshadeCore
import CallshadeJSON
import CallshadeKinds
import CallshadeSystem
import Foundation

/// The gallery's bench rows: a fling over the grid at 13 across (its most
/// tiles) with 10,000 items and with a million, frame by frame (a frame's
/// work is the rows on screen, so the two should cost alike) and the viewer
/// opening and closing over the grid at 5 across, frame by frame; the MP4 of
/// pinches and tap zooms over 10,000 items against the audio call's; and
/// the peak memory of rendering those zooms over 10 items and over 10,000,
/// each in a process of its own (memory flat in the number of items).
public final class GalleryBench: KindBench {
    private var table = BenchTable(header: ["size", "gallery (a fling, 13 across)", "ms/frame", "frames/s", "x 10,000 items"])
    private var costs: [String] = []
    private var encodeCosts: [String] = []

    /// The per-frame rows' numbers of items (the first is the ratio's base).
    static let itemCounts = [10_000, 1_000_000]

    public init() {}

    /// A fill of `count` items at `level` across, one in 7 a video, a 3000 pt/s fling at 0 s.
    static func frames(count: Int, level: Int, size: FrameSize, reuse: ReuseStore) throws -> GalleryFrames {
        let fling = GalleryEvent(at: 0, index: 0, scroll: GalleryScrollGesture(samples: [], velocity: 3000))
        let scenario = GalleryScenario(settings: ScenarioSettings(duration: 10), fill: GalleryFill(count: count, seed: 5, videoEvery: 7), level: level,
                                       events: [fling])
        return try GalleryFrames(scenario, file: "the bench's gallery", size: size, reuse: reuse)
    }

    /// 10,000 items at 5 across, one in 7 a video; the viewer opened on item 12 at 0 s and closed at 0.5 s (gone at 0.8 s).
    static func viewerFrames(size: FrameSize, reuse: ReuseStore) throws -> GalleryFrames {
        let scenario = GalleryScenario(settings: ScenarioSettings(duration: 10), fill: GalleryFill(count: 10_000, seed: 5, videoEvery: 7), level: 5,
                                       events: [GalleryEvent(at: 0, index: 0, action: .open(item: 12)), GalleryEvent(at: 0.5, index: 1, action: .close)])
        return try GalleryFrames(scenario, file: "the bench's gallery", size: size, reuse: reuse)
    }

    /// In rounds, the two in turn over the same instants (which goes first alternates), the median standing.
    public func measureRenders(size: FrameSize, context: BenchContext) throws {
        let gpu = context.gpu
        let grids = try Self.itemCounts.map { try Self.frames(count: $0, level: 13, size: size, reuse: gpu.reuse) }
            + [try Self.viewerFrames(size: size, reuse: gpu.reuse)]
        let instants = (1...BenchTiming.roundFrames).map { Double($0) / 60 }
        var times = [[Double]](repeating: [], count: grids.count), ratios: [Double] = []
        for round in 0..<BenchTiming.rounds {
            let order = round % 2 == 0 ? Array(grids.indices) : Array(grids.indices.reversed())
            var these = [Double](repeating: 0, count: grids.count)
            for index in order {
                these[index] = try BenchTiming.secondsPerFrame(try instants.map { try grids[index].scene(at: $0) }) { _ = try gpu.render($0) }
                times[index].append(these[index])
            }
            ratios.append(these[Self.itemCounts.count - 1] / max(these[0], 1e-9))
        }
        let names = Self.itemCounts.map { "\($0) items" } + ["the viewer opening, open and closing (5 across)"]
        for (index, name) in names.enumerated() {
            let time = BenchTiming.median(times[index])
            table.add([size.description, "  GPU: RGBA frame, \(name)", String(format: "%.2f", time * 1000),
                       String(format: "%.1f", 1 / time), String(format: "%.2f", time / BenchTiming.median(times[0]))])
        }
        costs.append("\(size): a million items cost \(String(format: "%.2f", BenchTiming.median(ratios))) times 10,000 a frame "
                     + "(median of \(BenchTiming.rounds) rounds of \(BenchTiming.roundFrames) frames, in turn)")
    }

    /// Pinches and tap zooms in a loop every 3 s, over `count` items, one in 6 a video, from 5 across: a pinch out
    /// to 13 across in 0.8 s from 0.2 s, a tap zooming back to 5 at 1.5 s, a pinch in to 2 across in 0.6 s from 2 s.
    static func zoomScenario(count: Int, seconds: Int) -> String {
        let cycles = max(1, (seconds + 2) / 3)
        let events = (0..<cycles).flatMap { cycle -> [String] in
            let t = Double(cycle * 3)
            return [#"{"at": \#(t + 0.2), "pinch": {"x": 200, "y": 450, "scale": 0.45, "duration": 0.8}}"#,
                    #"{"at": \#(t + 1.5), "tap": {"x": 150, "y": 400}}"#,
                    #"{"at": \#(t + 2), "pinch": {"x": 120, "y": 500, "scale": 1.7, "duration": 0.6}}"#,
                    #"{"at": \#(t + 2.85), "pinch": {"x": 120, "y": 500, "scale": 0.8, "duration": 0.1}}"#]
        }
        return #"{"scene": "gallery", "duration": \#(cycles * 3), "fill": {"count": \#(count), "seed": 5, "videoEvery": 6}, "level": 5, "#
            + #""events": [\#(events.joined(separator: ", "))]}"#
    }

    /// The zooms' MP4 over 10,000 items; then the peak memory of rendering them over 10 and over 10,000.
    public func measureEncodes(size: FrameSize, context: BenchContext, row: (String, Double, BenchTiming.CPUCost) throws -> Void) throws {
        let scenario = try readScenario(Self.zoomScenario(count: 10_000, seconds: context.seconds))
        let frames = try GalleryFrames(scenario, file: "the bench's gallery", size: size, reuse: context.gpu.reuse)
        let (drawn, cpu) = try BenchTiming.usingCPU {
            try BenchTiming.encodeSeconds(renderer: context.gpu, size: size, frames: context.seconds * 60) { try frames.scene(at: Double($0) / 60) }
        }
        try row("  the same, the gallery: pinches and tap zooms over 10,000 items", drawn, cpu)
        if let (ours, oursCPU) = context.baseline[size] {
            encodeCosts.append("\(size): the gallery's zooms' MP4 took \(String(format: "%.2f", drawn / ours)) times the audio call's wall time "
                               + "and \(String(format: "%.2f", cpu.total / oursCPU.total)) times its CPU time")
        }
        let peaks = try [10, 10_000].map { try Self.peakMemory(of: Self.zoomScenario(count: $0, seconds: context.seconds), size: size) }
        encodeCosts.append("\(size): rendering the zooms (raw I420, in a process of its own) peaked at \(peaks[0] >> 20) MiB over 10 items "
                           + "and \(peaks[1] >> 20) MiB over 10,000: \(String(format: "%.2f", Double(peaks[1]) / Double(max(peaks[0], 1)))) times")
    }

    /// The scenario as read, or why it was not.
    private func readScenario(_ json: String) throws -> GalleryScenario {
        guard let scenario = try ScenarioFile.parseAny(Array(json.utf8), file: "the bench's gallery", folder: "/") as? GalleryScenario else {
            throw ScenarioError(file: "the bench's gallery", location: "scene", "is not a gallery")
        }
        return scenario
    }

    /// The peak resident memory, bytes, of `callshade render` (this
    /// executable) drawing `json` at `size` as raw I420 into /dev/null: its
    /// VmHWM, read from /proc while it runs until it has ended (wait4's peak
    /// would include this process's, which a spawned child inherits until it execs).
    static func peakMemory(of json: String, size: FrameSize) throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-bench-gallery-\(ThisProcess.id)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("zooms.json")
        try Data(json.utf8).write(to: file)
        let sink = try FileDescriptor.open("/dev/null", .writeOnly)
        defer { try? sink.close() }
        let child = try Subprocess(executable: "/proc/self/exe",
                                   arguments: ["render", file.path, "--size", size.description, "-o", "-", "--pix-fmt", "yuv420p"],
                                   standardInput: .standardInput, standardOutput: sink, standardError: .standardError)
        var peak = 0
        // Until it has ended (its status left for `wait`, a zombie's has no VmHWM).
        while let status = try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) {
            let kibibytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
            peak = max(peak, kibibytes * 1024)
            Thread.sleep(forTimeInterval: 0.005)
        }
        let exit = try child.wait()
        guard exit.succeeded, peak > 0 else {
            throw ScenarioError(file: file.path, location: "", "the bench's render of the gallery's zooms failed (\(exit))")
        }
        return peak
    }

    public var renderReport: [String] { [table.text] + costs }
    public var encodeReport: [String] { encodeCosts }
}
