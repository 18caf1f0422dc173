import ArgumentParser
import CallshadeCore
import CallshadeBench
import CallshadeGL
import CallshadeRender
import CallshadeSystem
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
        doodles drawn by librsvg, bubbles, text, a sticker and an animated emoji drawn \
        by rlottie) by each route; on the host route the host draws chat frames whole; \
        after them, rlottie's time for a frame of the sticker at its box's size. \
        Drawing rows replay a 1080x1920 canvas's session with 5 and with 200 \
        finished strokes and one pen stroke growing (the scene made and rendered \
        each frame, the two in turn over 9 rounds of 30 frames; the finished \
        strokes' layer made once before, its time printed after the tables); \
        after them, one frame each of a marker, a pencil and a pen stroke at \
        the path limit, made with nothing kept, against an empty drawing's. \
        A star marks what `render` uses here. Encode rows make a real \
        MP4 (H.264, --preset ultrafast, --crf 18) of SECONDS at 60 fps from the \
        demo call (after the table, its floor: at most 2 s and 1.5 GiB of its frames written raw to a \
        scratch file once, then its MP4 and x264 alone on that file, with the same \
        arguments, in 5 rounds taken in turn; the medians of the wall ratio and of \
        callshade's CPU seconds against x264's), from the rated call (its effect included), from the chat, from a drawing replay (50 \
        finished strokes, one growing and 10 shapes moving; then again with an object eraser \
        removing some of them, and with the editor's screen around it; after the table, each \
        one's ratio to the audio call's MP4, the median of 5 rounds of the two in turn), from the access screen (its sparkle looping), and from the video call \
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
        print("renderer: \(gpu.context.info.renderer) (\(gpu.context.info.platform.rawValue)), "
              + "\(ProcessInfo.processInfo.activeProcessorCount) CPU cores, \(gpu.configuration), "
              + "\(frames) frames a render row")
        let context = BenchContext(gpu: gpu, frames: frames, seconds: seconds, layers: layerOptions.layers, hasFFmpeg: (try? FFmpeg.require()) != nil)
        // Every kind's rows, each kind's in its own folder of CallshadeBench.
        let kinds = try KindBenches.all(context)
        defer { kinds.forEach { $0.discard() } }
        for line in try BenchRun.report(context, kinds: kinds, sizes: sizes) { print(line) }
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
}
