import CallshadeCore
import CallshadeGL

/// What `callshade bench` measures with: the renderer `render` would use
/// and the same renderer set to each route, the CPU reference, the frames
/// a render row times, the seconds an encode row makes, the layers given,
/// and the one store of kept work.
public final class BenchContext {
    /// The renderer the options ask for.
    public let gpu: GPURenderer
    /// The same, set to each route (sharing the compiled programs).
    public let passes: GPURenderer
    public let passesOnGPU: GPURenderer
    public let host: GPURenderer
    public let cpu = ReferenceRenderer()
    /// Whether `render` uses the host route, and the GPU's I420 converter, with these options.
    public let onHost: Bool
    public let onGPU: Bool
    /// Frames a render row times; seconds of video an encode row makes (0: no encode rows).
    public let frames: Int
    public let seconds: Int
    /// `--layers`, as given (each kind holds it to its own tags, or leaves its rows whole).
    public let layers: Set<SceneTag>?
    public let hasFFmpeg: Bool
    /// The I420 planes the rows write into.
    public var planes: [UInt8] = []
    /// The first kind's MP4 at each size (the audio call's): what the other kinds' MP4s are compared with.
    public var baseline: [FrameSize: (wall: Double, cpu: BenchTiming.CPUCost)] = [:]
    /// That MP4 made again at a size (its wall seconds), for rows that take their ratio in rounds with it.
    public var baselineAgain: ((FrameSize) throws -> Double)?

    public init(gpu: GPURenderer, frames: Int, seconds: Int, layers: Set<SceneTag>?, hasFFmpeg: Bool) {
        self.gpu = gpu
        let chosen = gpu.configuration
        func configured(_ route: RendererConfiguration.Route, _ converter: RendererConfiguration.YUVConverter = chosen.yuvConverter) -> GPURenderer {
            var configuration = chosen
            configuration.route = route
            configuration.yuvConverter = converter
            return gpu.reconfigured(configuration)
        }
        passes = configured(.gpuPasses)
        passesOnGPU = configured(.gpuPasses, .gpu)
        host = configured(.hostComposition)
        onHost = chosen.route == .hostComposition
        onGPU = chosen.yuvConverter == .gpu
        self.frames = frames
        self.seconds = seconds
        self.layers = layers
        self.hasFFmpeg = hasFFmpeg
    }

    /// A row's route mark: "* " where `render` uses it.
    public static func mark(_ marked: Bool) -> String { marked ? "* " : "  " }
}

/// One kind's part of `callshade bench`, in its own folder: its render rows
/// at each size (its own table), its encode rows, and the lines it prints
/// after each. `KindBenches.all` lists every kind's; the command names none.
public protocol KindBench: AnyObject {
    /// Measures its render rows at `size`.
    func measureRenders(size: FrameSize, context: BenchContext) throws
    /// Measures its encode rows at `size`, each given to `row` (its name, wall seconds, CPU seconds).
    func measureEncodes(size: FrameSize, context: BenchContext, row: (String, Double, BenchTiming.CPUCost) throws -> Void) throws
    /// Its render table and the lines after it (nothing when it has no render rows).
    var renderReport: [String] { get }
    /// Its lines after the encode table.
    var encodeReport: [String] { get }
    /// Removes what it made for the bench (the video call's cameras).
    func discard()
}

extension KindBench {
    public func discard() {}
}

/// The bench: every kind's rows, size by size, then their tables.
public enum BenchRun {
    /// Measures `kinds` at `sizes` and gives the report's lines.
    public static func report(_ context: BenchContext, kinds: [any KindBench], sizes: [FrameSize]) throws -> [String] {
        var encodes = BenchTable(header: ["size", "encode (H.264 ultrafast, CRF 18)", "seconds", "CPU s", "frames/s", "x real time", "x peer"])
        for size in sizes {
            for kind in kinds { try kind.measureRenders(size: size, context: context) }
            guard context.seconds > 0 else { continue }
            let count = context.seconds * 60
            let (peer, peerCPU) = try BenchTiming.usingCPU { try BenchTiming.peerSeconds(size: size, seconds: context.seconds) }
            // Each encode row's wall seconds and CPU seconds (callshade's threads and ffmpeg's).
            func row(_ name: String, _ wall: Double, _ cpu: BenchTiming.CPUCost) {
                encodes.add([size.description, name, String(format: "%.2f", wall), String(format: "%.2f", cpu.total), String(format: "%.1f", Double(count) / wall),
                             String(format: "%.2f", Double(context.seconds) / wall), String(format: "%.2f", peer / wall)])
            }
            for kind in kinds { try kind.measureEncodes(size: size, context: context, row: row) }
            row("ffmpeg gradients peer", peer, peerCPU)
        }
        var lines: [String] = []
        for kind in kinds where !kind.renderReport.isEmpty { lines += kind.renderReport + [""] }
        if context.seconds > 0 {
            lines.append(encodes.text)
            for kind in kinds { lines += kind.encodeReport }
            lines.append("")
        }
        return lines
    }
}
