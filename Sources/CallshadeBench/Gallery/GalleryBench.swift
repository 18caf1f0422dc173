import CallshadeCore
import CallshadeKinds
import Foundation

/// The gallery's bench rows: a fling over the grid at 13 across (its most
/// tiles) with 10,000 items and with a million, frame by frame (a frame's
/// work is the rows on screen, so the two should cost alike), and the
/// fling's MP4 at 5 across over 10,000 items against the audio call's.
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

    /// In rounds, the two in turn over the same instants (which goes first alternates), the median standing.
    public func measureRenders(size: FrameSize, context: BenchContext) throws {
        let gpu = context.gpu
        let grids = try Self.itemCounts.map { try Self.frames(count: $0, level: 13, size: size, reuse: gpu.reuse) }
        let instants = (1...BenchTiming.roundFrames).map { Double($0) / 60 }
        var times = [[Double]](repeating: [], count: grids.count), ratios: [Double] = []
        for round in 0..<BenchTiming.rounds {
            let order = round % 2 == 0 ? Array(grids.indices) : Array(grids.indices.reversed())
            var these = [Double](repeating: 0, count: grids.count)
            for index in order {
                these[index] = try BenchTiming.secondsPerFrame(try instants.map { try grids[index].scene(at: $0) }) { _ = try gpu.render($0) }
                times[index].append(these[index])
            }
            ratios.append(these[these.count - 1] / max(these[0], 1e-9))
        }
        for (index, count) in Self.itemCounts.enumerated() {
            let time = BenchTiming.median(times[index])
            table.add([size.description, "  GPU: RGBA frame, \(count) items", String(format: "%.2f", time * 1000),
                       String(format: "%.1f", 1 / time), String(format: "%.2f", time / BenchTiming.median(times[0]))])
        }
        costs.append("\(size): a million items cost \(String(format: "%.2f", BenchTiming.median(ratios))) times 10,000 a frame "
                     + "(median of \(BenchTiming.rounds) rounds of \(BenchTiming.roundFrames) frames, in turn)")
    }

    /// The fling's MP4 at 5 across.
    public func measureEncodes(size: FrameSize, context: BenchContext, row: (String, Double, BenchTiming.CPUCost) throws -> Void) throws {
        let grid = try Self.frames(count: 10_000, level: 5, size: size, reuse: context.gpu.reuse)
        let (drawn, cpu) = try BenchTiming.usingCPU {
            try BenchTiming.encodeSeconds(renderer: context.gpu, size: size, frames: context.seconds * 60) { try grid.scene(at: Double($0) / 60) }
        }
        try row("  the same, the gallery: a fling over 10,000 items, 5 across", drawn, cpu)
        guard let (ours, oursCPU) = context.baseline[size] else { return }
        encodeCosts.append("\(size): the gallery's MP4 took \(String(format: "%.2f", drawn / ours)) times the audio call's wall time "
                           + "and \(String(format: "%.2f", cpu.total / oursCPU.total)) times its CPU time")
    }

    public var renderReport: [String] { [table.text] + costs }
    public var encodeReport: [String] { encodeCosts }
}
