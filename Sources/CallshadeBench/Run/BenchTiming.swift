import CallshadeCore
import CallshadeGL
import CallshadeRender
import CallshadeSystem
import Foundation

/// How the bench times: seconds a frame, CPU seconds, the median of rounds,
/// an MP4 encoded as `render` encodes it, and ffmpeg's own peer. The bench
/// alone reads the clock; render code never does.
public enum BenchTiming {
    /// A duration in seconds.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// The middle value (the mean of the middle two for an even count); 0 for none.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }

    /// Mean seconds per frame over all requests but the first, which warms up.
    public static func secondsPerFrame(_ requests: [Scene], _ body: (Scene) throws -> Void) throws -> Double {
        guard let first = requests.first else { return 0 }
        try body(first)
        let clock = ContinuousClock()
        let start = clock.now
        for request in requests.dropFirst() { try body(request) }
        return seconds(clock.now - start) / Double(max(requests.count - 1, 1))
    }

    /// CPU seconds a piece of work took: callshade's own threads and its children's (ffmpeg's).
    public struct CPUCost {
        public let own: Double
        public let children: Double
        public var total: Double { own + children }
    }

    /// What `body` gives, and the CPU seconds it took: this process's
    /// threads and the children it waited for (ffmpeg), whatever else the
    /// machine ran meanwhile.
    public static func usingCPU<Result>(_ body: () throws -> Result) throws -> (Result, CPUCost) {
        let before = try ThisProcess.cpuSeconds()
        let result = try body()
        let after = try ThisProcess.cpuSeconds()
        return (result, CPUCost(own: after.own - before.own, children: after.children - before.children))
    }

    /// Removes a scratch video from the temporary folder. One that cannot be
    /// removed is left to the system's cleaning of that folder: the bench
    /// reports timings, and its numbers stand either way.
    private static func removeScratch(_ path: String) {
        try? FileSystem.remove(path)
    }

    /// Wall seconds to render `frames` frames, scene k from `scene(k)`
    /// (built inside the time), into an MP4 (H.264 ultrafast, CRF 18, 60 fps) as `render` does.
    public static func encodeSeconds(renderer: GPURenderer, size: FrameSize, frames: Int, scene: @escaping (Int) throws -> Scene) throws -> Double {
        let settings = videoSettings(size: size)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-bench-\(ThisProcess.id).mp4").path
        defer { removeScratch(path) }
        let clock = ContinuousClock()
        let start = clock.now
        let pipeline = FramePipeline(renderer: renderer,
                                     sink: try VideoSink(path: path, settings: settings, ffmpeg: try FFmpeg.require(), recording: nil, cleanup: nil),
                                     reuse: renderer.reuse)
        // As `render` does, the next frame's scene made on a thread of its own while a frame renders.
        let ahead = SceneAhead(scene)
        defer { ahead.waitUntilIdle() }
        do {
            for index in 0..<frames {
                let made = try ahead.scene(index)
                if index + 1 < frames { ahead.start(index + 1) }
                try pipeline.submit(made, index: index)
            }
            try pipeline.finish()
        } catch {
            pipeline.abandon()
            throw error
        }
        return seconds(clock.now - start)
    }

    /// The encode rows' video: H.264 (`--preset ultrafast`, `--crf 18`) in an MP4 at 60 fps.
    static func videoSettings(size: FrameSize) -> VideoSettings {
        VideoSettings(container: .mp4, codec: .h264, crf: 18, preset: .ultrafast, size: size, fps: 60)
    }

    /// Wall seconds ffmpeg takes to encode its own `gradients` source with the same settings.
    public static func peerSeconds(size: FrameSize, seconds count: Int) throws -> Double {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-peer-\(ThisProcess.id).mp4").path
        defer { removeScratch(path) }
        let clock = ContinuousClock()
        let start = clock.now
        let child = try ChildProcess(executable: try FFmpeg.require(), arguments: [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "gradients=s=\(size.width)x\(size.height):n=4:r=60:d=\(count)",
            "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p", "-f", "mp4", path,
        ])
        let exit = try child.finish()
        guard exit.succeeded else { throw FFmpegFailure(exit: exit, lines: child.errorTail) }
        return seconds(clock.now - start)
    }

    /// Rounds of the pairs measured in turn (the words, the drawing's stroke counts), and frames a round (the first of which warms up).
    public static let rounds = 9
    public static let roundFrames = 31
    /// Rounds of an MP4 against the audio call's (the video call's, the drawing replays').
    public static let videoRounds = 5

    /// The ratios of `ours` to `baseline` over `videoRounds` rounds, `first`
    /// and then the two made again in turn (which goes first alternates), so
    /// that a machine's drift falls on both alike; the median stands.
    public static func ratioRounds(first: Double, ours: () throws -> Double, baseline: () throws -> Double) rethrows -> [Double] {
        var ratios = [first]
        for round in 1..<videoRounds {
            if round % 2 == 1 {
                let oursTime = try ours()
                ratios.append(oursTime / (try baseline()))
            } else {
                let baselineTime = try baseline()
                ratios.append((try ours()) / baselineTime)
            }
        }
        return ratios
    }
}

/// Rows printed as an aligned text table: the first two columns left-aligned, the rest right-aligned.
public struct BenchTable {
    private var rows: [[String]]

    public init(header: [String]) {
        rows = [header]
    }

    public mutating func add(_ row: [String]) {
        rows.append(row)
    }

    public var text: String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { index, cell in
                index < 2 ? cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
                          : String(repeating: " ", count: cell.1 - cell.0.count) + cell.0
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
