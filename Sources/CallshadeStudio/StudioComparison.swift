import CallshadeCore
import CallshadeRender
import CallshadeReport
import CallshadeSystem
import CallshadeVideo
import Foundation

/// `studio SCENARIO --compare RECORDING`: the scenario rendered as `render`
/// renders it (its frames at its fps and full size, in a temporary folder
/// removed after) and compared with the recording as `compare A B` compares
/// two videos (`VideoComparison`: A the render, so A's frame n is the
/// studio's frame n; B the recording). The render is in the recording's
/// container (.mp4, .mov or .webm with `render`'s default codec; anything
/// else as FFV1 in Matroska, lossless): the decoder times an MP4's frames
/// one frame off a Matroska file's in places, which two files of one kind share.
/// It runs on a thread of its own at start, and again when the page asks;
/// the page shows its progress, the plot over the timeline and the worst
/// pairs to jump to. A signal that stops the studio stops the render.
package final class StudioComparison: @unchecked Sendable {
    struct State: Codable, Equatable, Sendable {
        enum Phase: String, Codable, Sendable {
            case rendering, comparing, done, failed
        }

        struct Pair: Codable, Equatable, Sendable {
            let a: Int
            let b: Int
            let ssim: Double
            let largestDifference: Int
        }

        var phase: Phase = .rendering
        /// Frames rendered so far, of `total`.
        var done = 0
        var total = 0
        let recording: String
        /// Why it failed: the line `render` or `compare` would print.
        var error: String?
        /// B's frame k is A's frame k + offset.
        var offset: Int?
        /// The worst pairs, as `compare -o` shows them.
        var worst: [Pair] = []
        /// A's changed frames, as first and last of each range.
        var changed: [[Int]] = []
    }

    let recording: String
    /// What the render is made with: the studio's renderer and scene choices.
    private let rendering: StudioRendering
    private let stop: StopCleanup
    private let lock = NSLock()
    private var current: State
    private var comparison: VideoComparison?
    private var running = false

    package init(recording: String, rendering: StudioRendering, stop: StopCleanup) {
        self.recording = recording
        self.rendering = rendering
        self.stop = stop
        current = State(recording: recording)
    }

    var state: State { lock.withLock { current } }

    /// Starts rendering and comparing `scenario` unless that is under way (then false).
    @discardableResult
    func start(_ scenario: StudioScenario) -> Bool {
        let started = lock.withLock {
            if running { return false }
            running = true
            current = State(recording: recording)
            comparison = nil
            return true
        }
        guard started else { return false }
        let box = UncheckedBox(scenario)
        let thread = Thread { [self] in run(box.value) }
        thread.name = "callshade.studio.compare"
        thread.start()
        return true
    }

    /// The recording's frame paired with the studio's frame `n` (the
    /// recording's frame n - offset) as RGB, as `compare -o` shows it; nil
    /// while not compared or when the recording has no such frame. Used on
    /// the drawing thread alone (`source` is opened there, once).
    func recordingFrame(pairedWith n: Int, source: inout VideoSource?) throws -> RGBAImage? {
        guard let comparison = lock.withLock({ comparison }) else { return nil }
        let frame = n - comparison.offset
        let opened = try source ?? VideoComparison.open(recording)
        source = opened
        guard (0..<opened.frameCount).contains(frame) else { return nil }
        return try VideoComparison.picture(opened, frame: frame, frameDuration: comparison.frameDuration)
    }

    /// The plot of the comparison over the scenario's `duration` (the timeline's), once done.
    func plot(duration: Double) -> StudioReply {
        guard let comparison = lock.withLock({ comparison }) else {
            return .error("the comparison with the recording is not done yet", status: 404)
        }
        return StudioReply(status: 200, contentType: "image/svg+xml", body: Array(ComparisonPlot.svg(comparison, seconds: duration, pixelHeight: 60).utf8))
    }

    private func run(_ scenario: StudioScenario) {
        let own = StopCleanup()
        let key = stop.register(.children) { _ = own.stop() }
        defer {
            stop.unregister(key)
            lock.withLock { running = false }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-studio-compare-\(getpid())")
        // Removed when the comparison ends, or by a stop (after its render is killed).
        let folderKey = stop.register(.outputs) { try? FileManager.default.removeItem(at: folder) }
        defer {
            stop.unregister(folderKey)
            try? FileManager.default.removeItem(at: folder)
        }
        do {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let kind = URL(fileURLWithPath: recording).pathExtension.lowercased()
            let lossy = ["mp4", "mov", "webm"].contains(kind)
            let container = lossy ? VideoContainer(rawValue: kind) ?? .mkv : .mkv
            let render = folder.appendingPathComponent("render." + container.rawValue).path
            try rendering.render(scenario, from: 0, to: scenario.parsed.duration, size: scenario.fullSize, into: OutputTarget.video(render, container),
                                 codec: lossy ? nil : VideoCodec.ffv1, cleanup: own) { done, total in
                lock.withLock {
                    current.done = done
                    current.total = total
                }
            }
            lock.withLock { current.phase = .comparing }
            let compared = try VideoComparison(render, recording, mostOffset: VideoComparison.defaultMostOffset, tolerance: CompareHeatMap.tolerance)
            let spacing = max(1, Int((VideoComparison.worstSpacing / compared.frameDuration).rounded()))
            lock.withLock {
                comparison = compared
                current.phase = .done
                current.offset = compared.offset
                current.worst = compared.worstPairs(count: VideoComparison.worstShown, spacing: spacing).map {
                    State.Pair(a: $0.a, b: $0.b, ssim: $0.ssim, largestDifference: $0.largestDifference)
                }
                current.changed = compared.changedRanges.map { [$0.lowerBound, $0.upperBound] }
            }
        } catch {
            let message = rendering.describe(error)
            lock.withLock {
                current.phase = .failed
                current.error = message
            }
        }
    }
}
