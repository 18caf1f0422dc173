import CallshadeCore
import CallshadeGL
import CallshadeRender
import CallshadeSystem
import Foundation

/// The call's floor (issue 54): its MP4 against x264 alone on the same
/// frames. The call's first frames (`frames(seconds:size:)`: at most
/// `longest` seconds and `mostBytes` of raw I420) are rendered once into a
/// scratch file; then, in rounds taken in turn (which goes
/// first alternates), callshade renders them to an MP4 as `render` does,
/// and ffmpeg encodes the file with the same settings. Each round gives the
/// wall ratio and callshade's CPU seconds against x264's (ffmpeg's, the
/// child); their medians stand.
struct CallFloor {
    /// The most seconds of frames the floor takes (120 frames), and the most bytes of them (1.5 GiB: 120 frames at 2160x3840).
    static let longest = 2
    static let mostBytes = 3 << 29

    /// How many frames the floor takes of a row of `seconds` at `size` (at least 1).
    static func frames(seconds: Int, size: FrameSize) -> Int {
        let frameBytes = size.width * size.height * 3 / 2
        return max(1, min(min(seconds, longest) * 60, mostBytes / max(frameBytes, 1)))
    }

    let renderer: GPURenderer
    let size: FrameSize
    let scenes: [Scene]

    /// The ratios' medians and each round's, as a line of the report.
    func line() throws -> String {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-floor-\(ThisProcess.id).yuv").path
        defer { try? FileSystem.remove(raw) }
        try writeRaw(to: raw)
        var walls: [Double] = [], cpus: [Double] = []
        for round in 0..<BenchTiming.videoRounds {
            let mp4 = { try BenchTiming.usingCPU { try BenchTiming.encodeSeconds(renderer: renderer, size: size, frames: scenes.count) { scenes[$0] } } }
            let x264 = { try BenchTiming.usingCPU { try Self.encodeAlone(raw, size: size) } }
            let ours: (Double, BenchTiming.CPUCost), alone: (Double, BenchTiming.CPUCost)
            if round % 2 == 0 {
                ours = try mp4()
                alone = try x264()
            } else {
                alone = try x264()
                ours = try mp4()
            }
            walls.append(ours.0 / max(alone.0, 1e-9))
            cpus.append(ours.1.own / max(alone.1.children, 1e-9))
        }
        func listed(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
        return "\(size): the floor, \(scenes.count) frames of the call: its MP4 took \(String(format: "%.2f", BenchTiming.median(walls))) times "
            + "x264 alone on the same frames (wall; median of \(walls.count) rounds, the two in turn: \(listed(walls))), and callshade's CPU "
            + "\(String(format: "%.2f", BenchTiming.median(cpus))) times x264's (\(listed(cpus)))"
    }

    /// The frames as raw I420, one after another, into a new file at `path`.
    private func writeRaw(to path: String) throws {
        try? FileSystem.remove(path)
        let file = try FileDescriptor.open(path, .writeOnly, create: true, exclusive: true, permissions: 0o600)
        let pipeline = FramePipeline(renderer: renderer, sink: RawStreamSink(format: .yuv420p, descriptor: file), reuse: renderer.reuse)
        do {
            for (index, scene) in scenes.enumerated() { try pipeline.submit(scene, index: index) }
            try pipeline.finish()
        } catch {
            // The writer stopped before the file it writes is closed.
            pipeline.abandon()
            try? file.close()
            throw error
        }
        try file.close()
    }

    /// Wall seconds ffmpeg takes to encode the raw frames at `path` with the encode rows' settings (x264 alone).
    private static func encodeAlone(_ path: String, size: FrameSize) throws -> Double {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-floor-\(ThisProcess.id).mp4").path
        defer { try? FileSystem.remove(output) }
        let clock = ContinuousClock(), start = clock.now
        // The very arguments `render` gives ffmpeg, reading the file where it reads the pipe.
        let arguments = BenchTiming.videoSettings(size: size).ffmpegArguments(output: output).map { $0 == "pipe:0" ? path : $0 }
        let child = try ChildProcess(executable: try FFmpeg.require(), arguments: ["-nostdin"] + arguments)
        let exit = try child.finish()
        guard exit.succeeded else { throw FFmpegFailure(exit: exit, lines: child.errorTail) }
        return BenchTiming.seconds(clock.now - start)
    }
}
