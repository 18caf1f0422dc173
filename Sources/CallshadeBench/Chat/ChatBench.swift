import CallshadeAudio
import CallshadeCore
import CallshadeKinds
import CallshadeLottie
import CallshadeRender
import CallshadeSVG
import CallshadeText
import Foundation

/// The chat frames `bench` times: a conversation of five messages and a
/// send every half second or second (each flying from the field or the
/// sticker panel and stepping the wallpaper; a sticker at 1 s and an
/// animated emoji at 1.5 s, both Lottie drawn by rlottie; a voice message at
/// 2 s, recorded from 1.5 s; a round video at 3 s, captured from 2.5 s, the
/// call's camera decoded) with a read between, 1/60 s
/// apart through its sends, the text set once a size, over the classic
/// wallpaper with a pattern of doodles (`pattern`, drawn by librsvg once a
/// size, as `Examples/chat.json`'s is) at intensity 50.
public final class ChatBench: KindBench {
    private var table = BenchTable(header: ["size", "chat (a conversation, the wallpaper stepping)", "ms/frame", "frames/s", "x CPU reference"])
    private var costs: [String] = []

    /// The round video's source: the call's camera, when there is one (without it the round video shows its circle only).
    private let camera: (any VideoPictureSource)?

    init(camera: String?) throws {
        self.camera = try camera.map { try VideoFileSource(path: $0) }
    }

    /// Its conversation's frames (wallpaper with its pattern, bubbles, text) by each route; on the host
    /// route the host draws them whole (no background, so no grid: the GPU draws nothing).
    public func measureRenders(size: FrameSize, context: BenchContext) throws {
        let chat = try Self.frames(size: size, count: context.frames + 1, camera: camera)
        lottieTimes.append(try measureLottie(size: size))
        let reference = try BenchTiming.secondsPerFrame(chat) { _ = try context.cpu.render($0) }
        let (passes, host) = (context.passes, context.host)
        for (name, marked, time) in [
            ("GPU passes: RGBA frame", !context.onHost, try BenchTiming.secondsPerFrame(chat) { _ = try passes.render($0) }),
            ("GPU passes: I420 frame", false, try BenchTiming.secondsPerFrame(chat) { try passes.renderYUV420($0, into: &context.planes) }),
            ("host composition: RGBA frame", context.onHost, try BenchTiming.secondsPerFrame(chat) { _ = try host.render($0) }),
            ("host composition: I420 frame", context.onHost, try BenchTiming.secondsPerFrame(chat) { try host.renderYUV420($0, into: &context.planes) }),
            ("CPU reference: RGBA frame", false, reference),
        ] {
            table.add([size.description, BenchContext.mark(marked) + name, String(format: "%.2f", time * 1000),
                       String(format: "%.1f", 1 / time), String(format: "%.2f", reference / time)])
        }
    }

    /// The conversation's MP4 (wrapping round its 4 s), its scenes made before the wall time as the call's
    /// are, and inside the CPU time as the call's are (its pattern drawn, its text set and laid out).
    public func measureEncodes(size: FrameSize, context: BenchContext, row: (String, Double, BenchTiming.CPUCost) throws -> Void) throws {
        let count = context.seconds * 60
        var scenes: [Scene] = []
        let (mp4, cpu) = try BenchTiming.usingCPU {
            scenes = try Self.frames(size: size, count: count, camera: camera)
            return try BenchTiming.encodeSeconds(renderer: context.gpu, size: size, frames: count) { scenes[$0] }
        }
        try row("  the same, the chat (wallpaper stepping, pattern)", mp4, cpu)
        guard let (ours, oursCPU) = context.baseline[size] else { return }
        costs.append("\(size): the chat's MP4 took \(String(format: "%.2f", mp4 / ours)) times the audio call's wall time "
                     + "and \(String(format: "%.2f", cpu.total / oursCPU.total)) times its CPU time (callshade "
                     + "\(String(format: "%.2f", cpu.own)) s against \(String(format: "%.2f", oursCPU.own)) s, ffmpeg "
                     + "\(String(format: "%.2f", cpu.children)) s against \(String(format: "%.2f", oursCPU.children)) s)")
    }

    /// rlottie's time for a frame of the bench's sticker at its landed box's pixel size (184 x 115 pt), each frame in turn.
    public func measureLottie(size: FrameSize) throws -> String {
        let sticker = try Self.sticker()
        let scale = Double(size.width) / 390
        let (width, height) = (Int((184 * scale).rounded(.up)), Int((115 * scale).rounded(.up)))
        let clock = ContinuousClock(), start = clock.now
        for frame in 0..<sticker.frames { _ = sticker.picture(frame: frame, width: width, height: height) }
        let seconds = BenchTiming.seconds(clock.now - start) / Double(sticker.frames)
        return "\(size): rlottie drew the sticker's \(sticker.frames) frames at \(width)x\(height) in \(String(format: "%.2f", seconds * 1000)) ms a frame"
    }

    public var renderReport: [String] { [table.text] + lottieTimes }
    private var lottieTimes: [String] = []
    public var encodeReport: [String] { costs }

    static let scenario = ChatScenario(settings: ScenarioSettings(duration: 4),
                                       wallpaper: ChatWallpaper(colors: ChatWallpaper.classicColors, phase: 0, variant: .ios,
                                                                patternPath: "bench-pattern.svg", intensity: 50),
                                       messages: [
        ChatMessage(side: .incoming, text: "Are you coming to the park later?", time: "12:36"),
        ChatMessage(side: .outgoing, text: "Yes!", time: "12:37"),
        ChatMessage(side: .outgoing, text: "At five, by the fountain. I'll bring the frisbee and something cold to drink for everyone.", time: "12:37"),
        ChatMessage(side: .incoming, text: "Perfect", time: "12:38"),
        ChatMessage(side: .incoming, text: "Tom and Anna are coming too, they might be a little late because of the train", time: "12:38"),
    ], events: [
        ChatEvent(at: 0.5, change: .send(text: "Great, see you there", kind: nil, time: nil), index: 0),
        ChatEvent(at: 1, change: .send(text: ChatMedia.stickerQuote, kind: .sticker, time: nil, media: .sticker(.init(path: stickerPath))), index: 1),
        ChatEvent(at: 1.5, change: .send(text: "👍", kind: .animatedEmoji, time: nil, media: .animatedEmoji(.init(path: stickerPath))), index: 2),
        ChatEvent(at: 2, change: .send(text: ChatMedia.voiceQuote, kind: .voice, time: nil, media: .voice(.init(path: voicePath))), index: 6),
        ChatEvent(at: 2.5, change: .send(text: "Shall I bring a ball as well?", kind: nil, time: nil), index: 3),
        ChatEvent(at: 3, change: .send(text: ChatMedia.videoQuote, kind: .roundVideo, time: nil, media: .roundVideo(.init(path: videoPath))),
                  index: 7),
        ChatEvent(at: 3.2, change: .read, index: 4),
        ChatEvent(at: 3.5, change: .send(text: "See you!", kind: nil, time: nil), index: 5),
    ], animatedEmoji: ["👍": stickerPath])

    /// The bench's voice message, made here (no file): 3 s, its waveform from a seeded envelope.
    static let voicePath = "bench-voice.wav"
    static let voice: VoiceClip = {
        let random = CounterRandom(seed: 7, domain: 1)
        let amplitudes = (0..<3000).map { index -> Double in
            let envelope: Double = 0.5 + 0.5 * sin(Double(index) / 90)
            return random.unit(UInt64(index), 0) * 20000 * envelope
        }
        return VoiceClip(duration: 3, waveform: VoiceWaveform(amplitudes: amplitudes))
    }()
    /// The bench's round video: 3 s of the bench's own camera (`BenchCameras`, made by ffmpeg), when there is one.
    static let videoPath = "bench-round.mp4"

    /// The bench's sticker, made here (no file): a 512 x 320 card whose colour steps through the hue circle one frame at a
    /// time (hold keyframes), 30 frames at 30 fps, a white disc gliding across it, as `Scripts/make-stickers` makes the example's.
    static let stickerPath = "bench-sticker.tgs"

    static func sticker() throws -> Sticker {
        let frames = 30
        let colours = (0..<frames).map { frame -> String in
            let h = Double(frame) / Double(frames) * 6, f = h - h.rounded(.down)
            let rgb: (Double, Double, Double) = [(1, f, 0), (1 - f, 1, 0), (0, 1, f), (0, 1 - f, 1), (f, 0, 1), (1, 0, 1 - f)][Int(h) % 6]
            return "{\"t\":\(frame),\"h\":1,\"s\":[\(rgb.0),\(rgb.1),\(rgb.2),1]}"
        }
        func still(_ value: String) -> String { "{\"a\":0,\"k\":\(value)}" }
        let transform = "{\"ty\":\"tr\",\"p\":\(still("[0,0]")),\"a\":\(still("[0,0]")),\"s\":\(still("[100,100]")),\"r\":\(still("0")),\"o\":\(still("100"))}"
        let glide = "{\"a\":1,\"k\":[{\"t\":0,\"s\":[153.6,160],\"i\":{\"x\":[0.5],\"y\":[1]},\"o\":{\"x\":[0.5],\"y\":[0]}},{\"t\":29,\"s\":[358.4,160]}]}"
        let disc = "{\"ty\":\"gr\",\"it\":[{\"ty\":\"el\",\"d\":1,\"s\":\(still("[128,128]")),\"p\":\(glide)},"
            + "{\"ty\":\"fl\",\"c\":\(still("[1,1,1,1]")),\"o\":\(still("100")),\"r\":1},\(transform)]}"
        let card = "{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\",\"d\":1,\"s\":\(still("[512,320]")),\"p\":\(still("[256,160]")),\"r\":\(still("40"))},"
            + "{\"ty\":\"fl\",\"c\":{\"a\":1,\"k\":[\(colours.joined(separator: ","))]},\"o\":\(still("100")),\"r\":1},\(transform)]}"
        func layer(_ index: Int, _ shapes: String) -> String {
            "{\"ty\":4,\"ind\":\(index),\"ip\":0,\"op\":\(frames),\"st\":0,\"ks\":{\"o\":\(still("100")),\"r\":\(still("0")),"
                + "\"p\":\(still("[0,0,0]")),\"a\":\(still("[0,0,0]")),\"s\":\(still("[100,100,100]"))},\"shapes\":[\(shapes)]}"
        }
        let json = "{\"v\":\"5.5.2\",\"fr\":30,\"ip\":0,\"op\":\(frames),\"w\":512,\"h\":320,\"assets\":[],"
            + "\"layers\":[\(layer(1, disc)),\(layer(2, card))]}"
        return try Sticker(bytes: Array(json.utf8), file: stickerPath)
    }

    /// The bench's pattern: rings, crosses and waves in rows over the
    /// 390 x 844 pt screen, 1.6-pt round strokes (about the share of the
    /// screen `Examples/chat-pattern.svg` covers).
    static var pattern: String {
        var shapes: [String] = []
        for row in 0..<16 {
            for column in 0..<6 {
                let x = 32.0 + Double(column) * 66 + (row % 2 == 0 ? 0 : 33), y = 26.0 + Double(row) * 53
                switch (row + column) % 3 {
                case 0: shapes.append("<circle cx=\"\(x)\" cy=\"\(y)\" r=\"9\"/>")
                case 1: shapes.append("<path d=\"M\(x - 8) \(y - 8) L\(x + 8) \(y + 8) M\(x + 8) \(y - 8) L\(x - 8) \(y + 8)\"/>")
                default: shapes.append("<path d=\"M\(x - 12) \(y) q6 -10 12 0 t12 0\"/>")
                }
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"844\" viewBox=\"0 0 390 844\">"
            + "<g fill=\"none\" stroke=\"#000\" stroke-width=\"1.6\" stroke-linecap=\"round\">" + shapes.joined() + "</g></svg>"
    }

    /// `count` frames of the conversation at `size`, 1/60 s apart from 0 (wrapping round).
    static func frames(size: FrameSize, count: Int, camera: (any VideoPictureSource)?) throws -> [Scene] {
        let text = try TextSetter(scale: Double(size.width) / 390, texts: ChatKind.elements.texts(for: scenario))
        let mask = try PatternDrawing.mask(svg: Array(pattern.utf8), size: size)
        let videos = camera.map { [videoPath: RoundVideoFile(source: $0, duration: 3)] } ?? [:]
        let screen = ChatScreen(scenario, size: size, pattern: mask, text: text, stickers: [stickerPath: try sticker()],
                                voices: [voicePath: voice], videos: videos)
        return try (0..<count).map { index in
            try screen.scene(at: (Double(index) / 60).truncatingRemainder(dividingBy: scenario.duration)) { key in
                try videos[key.path]?.source.picture(at: key.sourceTime)
            }
        }
    }
}
