import ArgumentParser
import CallshadeCore
import CallshadeKinds
import CallshadeGL
import CallshadeRender
import CallshadeSystem
import CallshadeText
import Foundation

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure rendering and encoding speed on this machine, as tables of ratios from one run.",
        discussion: """
        Render rows make whole call frames (background, waves, avatar, title, \
        status line, weak-signal pill, back button, emoji key and its tooltip, buttons with \
        mute selected, two notices; 1/60 s apart from 8.5 s in the built-in demo call: \
        active, weak signal, voice level changing) after one warm-up \
        frame, each read back into memory: by GPU passes (full-screen \
        background, foreground tiles, I420 by yuv.frag), by host composition \
        (the GPU draws the low-resolution gradient; the CPU interpolates the \
        background, composes the waves, the avatar and the rest over it, and \
        writes RGBA or I420 straight: the choice on software rasterisers), and by the CPU \
        reference. A host row without the words (the key and buttons kept) gives what the words add \
        (the median ratio of 9 rounds of 30 frames, with and without in turn); another \
        renders a rated call's frames while its full-screen effect is at its busiest \
        (all 160 particles and the sparkle burst on screen). Two rows render a video call \
        with both cameras on (the peer's full screen, yours in the picture in picture, the \
        controls shown over them), its pictures decoded beforehand. \
        Chat rows render a conversation (wallpaper stepping with sends, a pattern of \
        doodles drawn by librsvg, bubbles, text) by each route; on the host route the \
        host draws chat frames whole. \
        Drawing rows replay a 1080x1920 canvas's session with 5 and with 200 \
        finished strokes and one pen stroke growing (the scene made and rendered \
        each frame, the two in turn over 9 rounds of 30 frames; the finished \
        strokes' layer made once before, its time printed after the tables). \
        A star marks what `render` uses here. Encode rows make a real \
        MP4 (H.264, --preset ultrafast, --crf 18) of SECONDS at 60 fps from the \
        demo call, from the rated call (its effect included), from the chat, from a drawing replay (50 \
        finished strokes, one growing and 10 shapes moving), from the access screen (its sparkle looping), and from the video call \
        (its pictures decoded inside the time, ahead on a thread of their own as `render` \
        does; after the table, how many times the audio call's MP4 it took, the median of 5 rounds \
        of the two in turn, and the share of time spent decoding), and time ffmpeg's \
        own 'gradients' test source through the same \
        encoder settings as a peer; each with the CPU seconds it took (callshade's \
        threads and ffmpeg's), which a shared machine's load changes less. All rows come from one run: compare the \
        ratios, not bare times, across machines. The video call's two cameras are \
        made with ffmpeg's generators (as Scripts/make-example-videos makes the \
        example's) in a temporary folder, removed at the end.
        """
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("Comma-separated frame sizes (default 1080x1920,2160x3840).",
                                                        valueName: "WxH,..."), transform: ArgumentValues.sizes)
    var sizes: [FrameSize] = BenchCommand.defaultSizes

    static let defaultSizes = [FrameSize.portraitHD, FrameSize.portrait4K]

    @Option(help: ArgumentHelp("Frames timed per render row.", valueName: "N"))
    var frames: Int = 30

    @Option(help: ArgumentHelp("Seconds of video in the encode rows (0 skips them).", valueName: "SECONDS"))
    var seconds: Int = 5

    @OptionGroup var layerOptions: LayerOptions

    @OptionGroup var render: RenderOptions

    func validate() throws {
        guard (1...10_000).contains(frames) else { throw Diagnostic.optionRange(option: "--frames", range: 1...10_000, got: frames) }
        guard (0...600).contains(seconds) else { throw Diagnostic.optionRange(option: "--seconds", range: 0...600, got: seconds) }
    }

    func run() throws {
        // The GPU rows' kept work, in one store (CALLSHADE_REUSE=off benches every frame made from nothing); its counts close the report.
        let reuse = try ReuseSwitch.store()
        guard let gpu = try render.makeRenderer(backend: .gpu, reuse: reuse) as? GPURenderer else { throw Diagnostic.internalError("no GPU renderer") }
        let cpu = ReferenceRenderer()
        let chosenLayers = try layerOptions.layers(for: Scenario.demo)
        let chosen = gpu.configuration
        print("renderer: \(gpu.context.info.renderer) (\(gpu.context.info.platform.rawValue)), "
              + "\(ProcessInfo.processInfo.activeProcessorCount) CPU cores, \(chosen), "
              + "\(frames) frames a render row")
        var table = BenchTable(header: ["size", "render", "ms/frame", "frames/s", "x CPU reference"])
        var chatTable = BenchTable(header: ["size", "chat (a conversation, the wallpaper stepping)", "ms/frame", "frames/s", "x CPU reference"])
        var drawingTable = BenchTable(header: ["size", "drawing (finished strokes and one growing)", "ms/frame", "frames/s", "x 5 strokes"])
        var drawingCosts: [String] = []
        var encodes = BenchTable(header: ["size", "encode (H.264 ultrafast, CRF 18)", "seconds", "CPU s", "frames/s", "x real time", "x peer"])
        var planes: [UInt8] = []
        var wordsCosts: [String] = []
        var videoCosts: [String] = []
        var chatCosts: [String] = []
        // The video call's two cameras, made in a temporary folder and removed at the end (by ffmpeg: without it, no video rows).
        let hasFFmpeg = (try? FFmpeg.require()) != nil
        if !hasFFmpeg { print("ffmpeg was not found: no video-call rows (Scripts/bootstrap --deps installs it)") }
        let cameras = chosenLayers.isDisjoint(with: [.video, .pip]) || !hasFFmpeg ? nil : try BenchCameras()
        defer { cameras?.discard() }
        let videoCall = try cameras.map { try BenchVideoCall(cameras: $0) }
        // Each row's renderer: the chosen one with its route (and converter) set, sharing the compiled programs.
        func configured(_ route: RendererConfiguration.Route, _ converter: RendererConfiguration.YUVConverter = chosen.yuvConverter) -> GPURenderer {
            var configuration = chosen
            configuration.route = route
            configuration.yuvConverter = converter
            return gpu.reconfigured(configuration)
        }
        let passes = configured(.gpuPasses)
        let passesOnGPU = configured(.gpuPasses, .gpu)
        let host = configured(.hostComposition)
        let onHost = chosen.route == .hostComposition
        let onGPU = chosen.yuvConverter == .gpu
        for size in sizes {
            let requests = try Self.callFrames(size: size, count: frames + 1, layers: chosenLayers)
            let reference = try Self.secondsPerFrame(requests) { _ = try cpu.render($0) }
            func timed(_ body: (Scene) throws -> Void) throws -> Double { try Self.secondsPerFrame(requests, body) }
            var rows: [(String, Bool, Double)] = [
                ("GPU passes: draw only", false, try timed { try passes.drawAndWait($0) }),
                ("GPU passes: RGBA frame", !onHost, try timed { _ = try passes.render($0) }),
                ("GPU passes: I420 frame (yuv.frag)", !onHost && onGPU, try timed { try passesOnGPU.renderYUV420($0, into: &planes) }),
                ("host composition: RGBA frame", onHost, try timed { _ = try host.render($0) }),
                ("host composition: I420 frame", onHost, try timed { try host.renderYUV420($0, into: &planes) }),
                ("CPU reference: RGBA frame", false, reference),
            ]
            if !chosenLayers.isDisjoint(with: [.rating, .celebration]) {
                // The same renderer over a rated call's frames while the full-screen effect is at its busiest.
                let rating = try Self.callFrames(size: size, count: frames + 1, layers: chosenLayers, scenario: .ratingDemo,
                                                 from: Scenario.ratingDemoBusiest)
                rows.insert(("host composition: I420 frame, rating effect at its busiest", false,
                             try Self.secondsPerFrame(rating) { try host.renderYUV420($0, into: &planes) }), at: 5)
            }
            if !chosenLayers.isDisjoint(with: SceneTag.words) {
                // The same frames without the words, through the same renderer: what the words cost.
                let bare = try Self.callFrames(size: size, count: frames + 1, layers: chosenLayers.subtracting(SceneTag.words))
                // In short rounds, with and without over the same frames back to back (which goes first
                // alternates), so that a machine's drift falls on both alike; the median of the rounds'
                // ratios stands, so that a round a neighbour disturbed does not.
                var withWords: [Double] = [], without: [Double] = [], ratios: [Double] = []
                let rounds = Self.wordsRounds, length = min(Self.wordsRoundFrames, requests.count)
                for round in 0..<rounds {
                    let start = round * length % max(requests.count - length + 1, 1)
                    let part = start..<start + length
                    let timeWith = { try Self.secondsPerFrame(Array(requests[part])) { try host.renderYUV420($0, into: &planes) } }
                    let timeWithout = { try Self.secondsPerFrame(Array(bare[part])) { try host.renderYUV420($0, into: &planes) } }
                    let (first, second) = round % 2 == 0 ? (try timeWith(), try timeWithout()) : (try timeWithout(), try timeWith())
                    let (with, bareTime) = round % 2 == 0 ? (first, second) : (second, first)
                    withWords.append(with)
                    without.append(bareTime)
                    ratios.append(with / max(bareTime, 1e-9))
                }
                let (withMedian, withoutMedian) = (Self.median(withWords), Self.median(without))
                rows.insert(("host composition: I420 frame, no words", false, withoutMedian), at: 5)
                wordsCosts.append("\(size): the words add \(String(format: "%.1f", (Self.median(ratios) - 1) * 100)) % "
                                  + "to the host route's I420 frame (median of \(rounds) rounds of \(length - 1) frames, with and without "
                                  + "in turn; median frame \(String(format: "%.2f", withMedian * 1000)) ms "
                                  + "against \(String(format: "%.2f", withoutMedian * 1000)) ms)")
            }
            if let videoCall {
                // The video call with both cameras on, its pictures decoded before the time (the encode rows time decoding).
                let video = try videoCall.frames(size: size, count: frames + 1, layers: chosenLayers)
                rows.insert(contentsOf: [
                    ("GPU passes: RGBA frame, video call", !onHost, try Self.secondsPerFrame(video) { _ = try passes.render($0) }),
                    ("host composition: I420 frame, video call", onHost, try Self.secondsPerFrame(video) { try host.renderYUV420($0, into: &planes) }),
                ], at: rows.count - 1)
            }
            for (name, marked, time) in rows {
                table.add([size.description, (marked ? "* " : "  ") + name, String(format: "%.2f", time * 1000),
                           String(format: "%.1f", 1 / time), String(format: "%.2f", reference / time)])
            }
            // The chat: its conversation's frames (wallpaper with its pattern, bubbles, text); on the
            // host route the host draws them whole (no background, so no grid: the GPU draws nothing).
            let chat = try ChatBench.frames(size: size, count: frames + 1)
            let chatReference = try Self.secondsPerFrame(chat) { _ = try cpu.render($0) }
            for (name, marked, time) in [
                ("GPU passes: RGBA frame", !onHost, try Self.secondsPerFrame(chat) { _ = try passes.render($0) }),
                ("GPU passes: I420 frame", false, try Self.secondsPerFrame(chat) { try passes.renderYUV420($0, into: &planes) }),
                ("host composition: RGBA frame", onHost, try Self.secondsPerFrame(chat) { _ = try host.render($0) }),
                ("host composition: I420 frame", onHost, try Self.secondsPerFrame(chat) { try host.renderYUV420($0, into: &planes) }),
                ("CPU reference: RGBA frame", false, chatReference),
            ] {
                chatTable.add([size.description, (marked ? "* " : "  ") + name, String(format: "%.2f", time * 1000),
                               String(format: "%.1f", 1 / time), String(format: "%.2f", chatReference / time)])
            }
            // The drawing: the finished strokes come as one picture, so a frame costs about the same whatever their number.
            // In rounds, the two screens in turn over the same instants (which goes first alternates), the median of the
            // rounds' ratios standing, as for the words: the machine's drift falls on both alike.
            let drawings = try DrawingBench.finishedCounts.map { finished -> (finished: Int, screen: DrawingScreen) in
                let clock = ContinuousClock(), start = clock.now
                let screen = try DrawingBench.screen(finished: finished, seconds: 1, size: size)
                drawingCosts.append("\(size): the layer of \(finished) finished strokes took \(String(format: "%.2f", ProgressLine.seconds(clock.now - start))) s to make, once")
                _ = try gpu.render(screen.scene(at: 0))
                return (finished, screen)
            }
            var drawingTimes = [[Double]](repeating: [], count: drawings.count), drawingRatios: [Double] = []
            for round in 0..<Self.wordsRounds {
                let order = round % 2 == 0 ? Array(drawings.indices) : Array(drawings.indices.reversed())
                var times = [Double](repeating: 0, count: drawings.count)
                for index in order {
                    times[index] = try DrawingBench.secondsPerFrame(drawings[index].screen, count: Self.wordsRoundFrames) { _ = try gpu.render($0) }
                    drawingTimes[index].append(times[index])
                }
                drawingRatios.append(times[times.count - 1] / max(times[0], 1e-9))
            }
            for (index, drawn) in drawings.enumerated() {
                let time = Self.median(drawingTimes[index])
                drawingTable.add([size.description, "  GPU: RGBA frame, \(drawn.finished) finished", String(format: "%.2f", time * 1000),
                                  String(format: "%.1f", 1 / time), String(format: "%.2f", time / Self.median(drawingTimes[0]))])
            }
            drawingCosts.append("\(size): \(DrawingBench.finishedCounts.last ?? 0) finished strokes cost \(String(format: "%.2f", Self.median(drawingRatios))) "
                                + "times \(DrawingBench.finishedCounts.first ?? 0) a frame (median of \(Self.wordsRounds) rounds of \(Self.wordsRoundFrames) frames, in turn)")
            guard seconds > 0 else { continue }
            let count = seconds * 60
            // Each encode row's wall seconds and CPU seconds (callshade's threads and ffmpeg's).
            func row(_ name: String, _ wall: Double, cpu: CPUCost, peer: Double) {
                encodes.add([size.description, name, String(format: "%.2f", wall), String(format: "%.2f", cpu.total), String(format: "%.1f", Double(count) / wall),
                             String(format: "%.2f", Double(seconds) / wall), String(format: "%.2f", peer / wall)])
            }
            let (peer, peerCPU) = try Self.usingCPU { try Self.peerSeconds(size: size, seconds: seconds) }
            let (ours, oursCPU) = try Self.usingCPU { try Self.endToEndSeconds(renderer: gpu, size: size, frames: count, layers: chosenLayers) }
            row("callshade render to MP4", ours, cpu: oursCPU, peer: peer)
            if !chosenLayers.isDisjoint(with: [.rating, .celebration]) {
                let (rated, ratedCPU) = try Self.usingCPU {
                    try Self.endToEndSeconds(renderer: gpu, size: size, frames: count, layers: chosenLayers, scenario: .ratingDemo, from: 0)
                }
                row("  the same, the rated call (effect included)", rated, cpu: ratedCPU, peer: peer)
            }
            // The chat's conversation (wrapping round its 4 s), its scenes made before the wall time as the call's
            // are, and inside the CPU time as the call's are (its pattern drawn, its text set and laid out).
            var chatScenes: [Scene] = []
            let (chatMP4, chatCPU) = try Self.usingCPU {
                chatScenes = try ChatBench.frames(size: size, count: count)
                return try Self.encodeSeconds(renderer: gpu, size: size, frames: count) { chatScenes[$0] }
            }
            row("  the same, the chat (wallpaper stepping, pattern)", chatMP4, cpu: chatCPU, peer: peer)
            chatCosts.append("\(size): the chat's MP4 took \(String(format: "%.2f", chatMP4 / ours)) times the audio call's wall time "
                             + "and \(String(format: "%.2f", chatCPU.total / oursCPU.total)) times its CPU time (callshade "
                             + "\(String(format: "%.2f", chatCPU.own)) s against \(String(format: "%.2f", oursCPU.own)) s, ffmpeg "
                             + "\(String(format: "%.2f", chatCPU.children)) s against \(String(format: "%.2f", oursCPU.children)) s)")
            if let videoCall {
                let (video, videoCPU) = try Self.usingCPU { try videoCall.encode(renderer: gpu, size: size, frames: count, layers: chosenLayers) }
                row("  the same, the video call (both videos on)", video.seconds, cpu: videoCPU, peer: peer)
                // More rounds of the two MP4s, the video call's and the audio call's in turn (which goes first
                // alternates), so that a machine's drift falls on both alike; the median of the rounds' ratios stands.
                let videoSeconds = { try videoCall.encode(renderer: gpu, size: size, frames: count, layers: chosenLayers).seconds }
                let audioSeconds = { try Self.endToEndSeconds(renderer: gpu, size: size, frames: count, layers: chosenLayers) }
                var ratios = [video.seconds / ours]
                for round in 1..<Self.videoRounds {
                    if round % 2 == 1 {
                        let videoTime = try videoSeconds()
                        ratios.append(videoTime / (try audioSeconds()))
                    } else {
                        let audioTime = try audioSeconds()
                        ratios.append((try videoSeconds()) / audioTime)
                    }
                }
                videoCosts.append("\(size): the video call's MP4 took \(String(format: "%.2f", Self.median(ratios))) times the audio call's (median of "
                                  + "\(ratios.count) rounds, the two in turn: \(ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")); "
                                  + "the rows above are the first); "
                                  + "decoding its two cameras took \(String(format: "%.2f", video.decoding)) s on the decoding thread "
                                  + "(\(String(format: "%.1f", video.decoding / video.seconds * 100)) % of its \(String(format: "%.2f", video.seconds)) s), "
                                  + "and the renderer waited \(String(format: "%.2f", video.waited)) s for pictures after the first frame "
                                  + "(\(String(format: "%.1f", video.waited / video.seconds * 100)) %; the first frame's, decoded from their "
                                  + "keyframes before anything is ahead: \(String(format: "%.2f", video.firstFrame)) s)")
            }
            let replay = try DrawingBench.screen(finished: DrawingBench.replayFinished, seconds: Double(seconds), size: size, shapes: DrawingBench.replayShapes)
            let (drawn, drawnCPU) = try Self.usingCPU {
                try Self.encodeSeconds(renderer: gpu, size: size, frames: count) { replay.scene(at: Double($0) / 60) }
            }
            row("  the same, a drawing replay, \(DrawingBench.replayFinished) finished strokes, one growing, \(DrawingBench.replayShapes) shapes", drawn,
                cpu: drawnCPU, peer: peer)
            drawingCosts.append("\(size): the drawing replay's MP4 took \(String(format: "%.2f", drawn / ours)) times the audio call's wall time "
                                + "and \(String(format: "%.2f", drawnCPU.total / oursCPU.total)) times its CPU time")
            let access = try AccessFrames(size: size, reuse: reuse)
            let (accessMP4, accessCPU) = try Self.usingCPU { try Self.encodeSeconds(renderer: gpu, size: size, frames: count) { try access.scene(at: Double($0) / 60) } }
            row("  the same, the access screen (its sparkle looping)", accessMP4, cpu: accessCPU, peer: peer)
            row("ffmpeg gradients peer", peer, cpu: peerCPU, peer: peer)
        }
        print(table.text)
        print("* what `render` uses with these options (\(chosen.route.title))")
        for line in wordsCosts { print(line) }
        print("")
        print(chatTable.text)
        print("")
        print(drawingTable.text)
        if seconds > 0 {
            print("")
            print(encodes.text)
            for line in chatCosts + videoCosts { print(line) }
        }
        for line in drawingCosts { print(line) }
        print("")
        print(Self.reuseTable(reuse).text)
    }

    /// What the GPU renderer's rows kept between frames, a shelf a line (each shelf is one scene's, but for the text lines and node tiles all share).
    static func reuseTable(_ reuse: ReuseStore) -> BenchTable {
        var table = BenchTable(header: ["reuse \(reuse.reuse.rawValue), budget \(reuse.budget >> 20) MiB", "hits", "misses", "hit rate", "values kept", "MiB kept"])
        for count in reuse.shelves {
            let asked = count.hits + count.misses
            table.add([count.shelf, "\(count.hits)", "\(count.misses)", asked == 0 ? "-" : String(format: "%.1f%%", 100 * Double(count.hits) / Double(asked)),
                       "\(count.values)", String(format: "%.1f", Double(count.bytes) / 1_048_576)])
        }
        return table
    }

    /// Frames of the demo call, 1/60 s apart from 8.5 s in (active, weak
    /// signal with its pill, level changing, the tooltip, mute selected, two
    /// notices), the words set once a size.
    static func callFrames(size: FrameSize, count: Int, layers: Set<SceneTag>, scenario: Scenario = .demo, from start: Double = 8.5) throws -> [Scene] {
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

    /// What `body` gives, and the CPU seconds it took: this process's
    /// threads and the children it waited for (ffmpeg), whatever else the
    /// machine ran meanwhile.
    static func usingCPU<Result>(_ body: () throws -> Result) throws -> (Result, CPUCost) {
        let before = try ThisProcess.cpuSeconds()
        let result = try body()
        let after = try ThisProcess.cpuSeconds()
        return (result, CPUCost(own: after.own - before.own, children: after.children - before.children))
    }

    /// CPU seconds a piece of work took: callshade's own threads and its children's (ffmpeg's).
    struct CPUCost {
        let own: Double
        let children: Double
        var total: Double { own + children }
    }

    /// Rounds of the words' cost, and frames a round (the first of which warms up).
    static let wordsRounds = 9
    /// Rounds of the video call's MP4 against the audio call's.
    static let videoRounds = 5
    static let wordsRoundFrames = 31

    /// The middle value (the mean of the middle two for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }

    /// Mean seconds per frame over all requests but the first, which warms up.
    static func secondsPerFrame(_ requests: [Scene], _ body: (Scene) throws -> Void) throws -> Double {
        guard let first = requests.first else { return 0 }
        try body(first)
        let clock = ContinuousClock()
        let start = clock.now
        for request in requests.dropFirst() { try body(request) }
        return ProgressLine.seconds(clock.now - start) / Double(max(requests.count - 1, 1))
    }

    /// Removes a scratch video from the temporary folder. One that cannot be
    /// removed is left to the system's cleaning of that folder: the bench
    /// reports timings, and its numbers stand either way.
    private static func removeScratch(_ path: String) {
        try? FileSystem.remove(path)
    }

    /// Wall seconds to render `frames` frames of the demo call into an MP4, as `render` does.
    static func endToEndSeconds(renderer: GPURenderer, size: FrameSize, frames: Int, layers: Set<SceneTag>,
                                scenario: Scenario = .demo, from start: Double = 8.5) throws -> Double {
        let requests = try callFrames(size: size, count: frames, layers: layers, scenario: scenario, from: start)
        return try encodeSeconds(renderer: renderer, size: size, frames: frames) { requests[$0] }
    }

    /// Wall seconds to render `frames` frames, scene k from `scene(k)`
    /// (built inside the time), into an MP4 (H.264 ultrafast, CRF 18, 60 fps) as `render` does.
    static func encodeSeconds(renderer: GPURenderer, size: FrameSize, frames: Int, scene: @escaping (Int) throws -> Scene) throws -> Double {
        let settings = VideoSettings(container: .mp4, codec: .h264, crf: 18, preset: .ultrafast, size: size, fps: 60)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-bench-\(ThisProcess.id).mp4").path
        defer { removeScratch(path) }
        let clock = ContinuousClock()
        let start = clock.now
        let pipeline = FramePipeline(renderer: renderer,
                                     sink: try VideoSink(path: path, settings: settings, ffmpeg: try FFmpeg.require(), recording: nil, cleanup: nil),
                                     reuse: (renderer as? GPURenderer)?.reuse)
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
        return ProgressLine.seconds(clock.now - start)
    }

    /// Wall seconds ffmpeg takes to encode its own `gradients` source with the same settings.
    static func peerSeconds(size: FrameSize, seconds: Int) throws -> Double {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-peer-\(ThisProcess.id).mp4").path
        defer { removeScratch(path) }
        let clock = ContinuousClock()
        let start = clock.now
        let child = try ChildProcess(executable: try FFmpeg.require(), arguments: [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "gradients=s=\(size.width)x\(size.height):n=4:r=60:d=\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p", "-f", "mp4", path,
        ])
        let exit = try child.finish()
        guard exit.succeeded else { throw FFmpegFailure(exit: exit, lines: child.errorTail) }
        return ProgressLine.seconds(clock.now - start)
    }
}

/// Rows printed as an aligned text table: the first two columns left-aligned, the rest right-aligned.
struct BenchTable {
    private var rows: [[String]]

    init(header: [String]) {
        rows = [header]
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    var text: String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { index, cell in
                index < 2 ? cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
                          : String(repeating: " ", count: cell.1 - cell.0.count) + cell.0
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
