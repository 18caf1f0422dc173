import CallshadeCore
import CallshadeKinds
import CallshadeGL
import CallshadeText

/// The call's rows: whole frames of the built-in demo call (1/60 s apart from
/// 8.5 s in: active, weak signal with its pill, level changing, the tooltip,
/// mute selected, two notices) by every route and the CPU reference; what
/// the words add; the rated call at its busiest; the video call with both
/// cameras on. Its MP4 is the baseline the other kinds' are compared with.
public final class CallBench: KindBench {
    private let layers: Set<SceneTag>
    /// The video call (its two cameras made by ffmpeg in a temporary folder), when its layers are drawn and ffmpeg is here.
    private let cameras: BenchCameras?
    private let videoCall: BenchVideoCall?
    private let route: String
    private var table = BenchTable(header: ["size", "render", "ms/frame", "frames/s", "x CPU reference"])
    private var wordsCosts: [String] = []
    private var videoCosts: [String] = []
    private var floorLines: [String] = []
    private var notes: [String] = []

    public init(context: BenchContext) throws {
        layers = try SceneLayers.held(context.layers, to: CallKind())
        route = context.gpu.configuration.route.title
        if !context.hasFFmpeg { notes.append("ffmpeg was not found: no video-call rows (Scripts/bootstrap --deps installs it)") }
        cameras = layers.isDisjoint(with: [.video, .pip]) || !context.hasFFmpeg ? nil : try BenchCameras()
        videoCall = try cameras.map { try BenchVideoCall(cameras: $0) }
    }

    public func discard() { cameras?.discard() }

    /// Your camera's video (portrait 480x640, 10 s), if the bench made the cameras.
    var camera: String? { cameras?.mine }

    public func measureRenders(size: FrameSize, context: BenchContext) throws {
        let (passes, passesOnGPU, host) = (context.passes, context.passesOnGPU, context.host)
        let requests = try Self.frames(size: size, count: context.frames + 1, layers: layers)
        let reference = try BenchTiming.secondsPerFrame(requests) { _ = try context.cpu.render($0) }
        func timed(_ body: (Scene) throws -> Void) throws -> Double { try BenchTiming.secondsPerFrame(requests, body) }
        var rows: [(String, Bool, Double)] = [
            ("GPU passes: draw only", false, try timed { try passes.drawAndWait($0) }),
            ("GPU passes: RGBA frame", !context.onHost, try timed { _ = try passes.render($0) }),
            ("GPU passes: I420 frame (yuv.frag)", !context.onHost && context.onGPU, try timed { try passesOnGPU.renderYUV420($0, into: &context.planes) }),
            ("host composition: RGBA frame", context.onHost, try timed { _ = try host.render($0) }),
            ("host composition: I420 frame", context.onHost, try timed { try host.renderYUV420($0, into: &context.planes) }),
            ("CPU reference: RGBA frame", false, reference),
        ]
        if !layers.isDisjoint(with: [.rating, .celebration]) {
            // The same renderer over a rated call's frames while the full-screen effect is at its busiest.
            let rating = try Self.frames(size: size, count: context.frames + 1, layers: layers, scenario: .ratingDemo, from: Scenario.ratingDemoBusiest)
            rows.insert(("host composition: I420 frame, rating effect at its busiest", false,
                         try BenchTiming.secondsPerFrame(rating) { try host.renderYUV420($0, into: &context.planes) }), at: 5)
        }
        if !layers.isDisjoint(with: SceneTag.words) {
            rows.insert(("host composition: I420 frame, no words", false, try wordsCost(size: size, requests: requests, context: context)), at: 5)
        }
        if let videoCall {
            // The video call with both cameras on, its pictures decoded before the time (the encode rows time decoding).
            let video = try videoCall.frames(size: size, count: context.frames + 1, layers: layers)
            rows.insert(contentsOf: [
                ("GPU passes: RGBA frame, video call", !context.onHost, try BenchTiming.secondsPerFrame(video) { _ = try passes.render($0) }),
                ("host composition: I420 frame, video call", context.onHost,
                 try BenchTiming.secondsPerFrame(video) { try host.renderYUV420($0, into: &context.planes) }),
            ], at: rows.count - 1)
        }
        for (name, marked, time) in rows {
            table.add([size.description, BenchContext.mark(marked) + name, String(format: "%.2f", time * 1000),
                       String(format: "%.1f", 1 / time), String(format: "%.2f", reference / time)])
        }
    }

    /// The same frames without the words, through the same renderer: what the words cost. In short rounds,
    /// with and without over the same frames back to back (which goes first alternates), so that a machine's
    /// drift falls on both alike; the median of the rounds' ratios stands, so that a round a neighbour
    /// disturbed does not. Gives the median frame time without the words.
    private func wordsCost(size: FrameSize, requests: [Scene], context: BenchContext) throws -> Double {
        let host = context.host
        let bare = try Self.frames(size: size, count: context.frames + 1, layers: layers.subtracting(SceneTag.words))
        var withWords: [Double] = [], without: [Double] = [], ratios: [Double] = []
        let rounds = BenchTiming.rounds, length = min(BenchTiming.roundFrames, requests.count)
        for round in 0..<rounds {
            let start = round * length % max(requests.count - length + 1, 1)
            let part = start..<start + length
            let timeWith = { try BenchTiming.secondsPerFrame(Array(requests[part])) { try host.renderYUV420($0, into: &context.planes) } }
            let timeWithout = { try BenchTiming.secondsPerFrame(Array(bare[part])) { try host.renderYUV420($0, into: &context.planes) } }
            let (first, second) = round % 2 == 0 ? (try timeWith(), try timeWithout()) : (try timeWithout(), try timeWith())
            let (with, bareTime) = round % 2 == 0 ? (first, second) : (second, first)
            withWords.append(with)
            without.append(bareTime)
            ratios.append(with / max(bareTime, 1e-9))
        }
        let (withMedian, withoutMedian) = (BenchTiming.median(withWords), BenchTiming.median(without))
        wordsCosts.append("\(size): the words add \(String(format: "%.1f", (BenchTiming.median(ratios) - 1) * 100)) % "
                          + "to the host route's I420 frame (median of \(rounds) rounds of \(length - 1) frames, with and without "
                          + "in turn; median frame \(String(format: "%.2f", withMedian * 1000)) ms "
                          + "against \(String(format: "%.2f", withoutMedian * 1000)) ms)")
        return withoutMedian
    }

    public func measureEncodes(size: FrameSize, context: BenchContext, row: (String, Double, BenchTiming.CPUCost) throws -> Void) throws {
        let (gpu, count) = (context.gpu, context.seconds * 60)
        let (ours, oursCPU) = try BenchTiming.usingCPU { try encodeSeconds(renderer: gpu, size: size, frames: count) }
        context.baseline[size] = (ours, oursCPU)
        context.baselineAgain = { try self.encodeSeconds(renderer: gpu, size: $0, frames: count) }
        try row("callshade render to MP4", ours, oursCPU)
        // The floor: the call's first frames (`CallFloor.frames`) through callshade and through x264 alone, in rounds.
        let floorScenes = try Self.frames(size: size, count: CallFloor.frames(seconds: context.seconds, size: size), layers: layers)
        floorLines.append(try CallFloor(renderer: gpu, size: size, scenes: floorScenes).line())
        if !layers.isDisjoint(with: [.rating, .celebration]) {
            let (rated, ratedCPU) = try BenchTiming.usingCPU {
                try encodeSeconds(renderer: gpu, size: size, frames: count, scenario: .ratingDemo, from: 0)
            }
            try row("  the same, the rated call (effect included)", rated, ratedCPU)
        }
        guard let videoCall else { return }
        let (video, videoCPU) = try BenchTiming.usingCPU { try videoCall.encode(renderer: gpu, size: size, frames: count, layers: layers) }
        try row("  the same, the video call (both videos on)", video.seconds, videoCPU)
        // More rounds of the two MP4s, the video call's and the audio call's in turn; the median of the rounds' ratios stands.
        let ratios = try BenchTiming.ratioRounds(first: video.seconds / ours,
                                                 ours: { try videoCall.encode(renderer: gpu, size: size, frames: count, layers: self.layers).seconds },
                                                 baseline: { try self.encodeSeconds(renderer: gpu, size: size, frames: count) })
        videoCosts.append("\(size): the video call's MP4 took \(String(format: "%.2f", BenchTiming.median(ratios))) times the audio call's (median of "
                          + "\(ratios.count) rounds, the two in turn: \(ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")); "
                          + "the rows above are the first); "
                          + "decoding its two cameras took \(String(format: "%.2f", video.decoding)) s on the decoding thread "
                          + "(\(String(format: "%.1f", video.decoding / video.seconds * 100)) % of its \(String(format: "%.2f", video.seconds)) s), "
                          + "and the renderer waited \(String(format: "%.2f", video.waited)) s for pictures after the first frame "
                          + "(\(String(format: "%.1f", video.waited / video.seconds * 100)) %; the first frame's, decoded from their "
                          + "keyframes before anything is ahead: \(String(format: "%.2f", video.firstFrame)) s)")
    }

    public var renderReport: [String] {
        notes + [table.text, "* what `render` uses with these options (\(route))"] + wordsCosts
    }

    public var encodeReport: [String] { floorLines + videoCosts }

    /// Frames of `scenario` (the demo call), 1/60 s apart from `start`, the words set once a size.
    static func frames(size: FrameSize, count: Int, layers: Set<SceneTag>, scenario: Scenario = .demo, from start: Double = 8.5) throws -> [Scene] {
        let timeline = CallTimeline(scenario)
        let layout = try CallLayout(size: size)
        let elements = CallKind.elements
        let text = layers.isDisjoint(with: elements.textTags(for: scenario)) ? nil
            : try TextSetter(scale: layout.scale, texts: elements.texts(for: scenario))
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: text, showing: layers)
        // Within the scenario: a long row wraps round to its start instant.
        let span = max(Int(((scenario.duration - start) * 60).rounded(.down)), 1)
        return (0..<count).map { index in screen.scene(at: timeline.state(at: start + Double(index % min(span, 600)) / 60)) }
    }

    /// Wall seconds to render `frames` frames of `scenario` into an MP4, as `render` does.
    private func encodeSeconds(renderer: GPURenderer, size: FrameSize, frames: Int, scenario: Scenario = .demo, from start: Double = 8.5) throws -> Double {
        let requests = try Self.frames(size: size, count: frames, layers: layers, scenario: scenario, from: start)
        return try BenchTiming.encodeSeconds(renderer: renderer, size: size, frames: frames) { requests[$0] }
    }
}
