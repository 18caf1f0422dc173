import CallshadeCore

/// Scenes in, frames out to a sink: the one place where the pixel format is
/// negotiated. The sink states what it takes, the renderer what it can make;
/// the pipeline decides once, when it is made, who makes the sink's format:
///
/// - a sink that takes RGBA gets the renderer's RGBA frames;
/// - a sink that takes I420 gets them straight from the renderer when it
///   converts well itself (a GPU, or the host composition), else the
///   renderer's RGBA converted on the writer's thread (the CPU reference),
///   so that the next frame renders meanwhile.
///
/// Frames are written on a thread of their own, at most `depth` waiting.
public final class FramePipeline {
    /// What the renderer makes for each frame.
    public let renders: PixelFormat
    /// What the sink takes, and so what every frame becomes.
    public let writes: PixelFormat
    private let renderer: FrameRenderer
    private let writer: FrameWriter
    /// The last frame rendered and its scene: a frame whose scene is the
    /// same again (a chat between its events) is the same bytes, so it is
    /// written again rather than rendered (the only frame kept; none with reuse off).
    private var last: (scene: Scene, frame: RenderedFrame)?
    /// The render's kept work: told when each frame is done (values no frame uses are let go).
    private let reuse: ReuseStore?

    public init(renderer: FrameRenderer, sink: FrameSink, depth: Int = 2, reuse: ReuseStore? = nil) {
        self.reuse = reuse
        let takes = sink.takes
        self.renderer = renderer
        writes = takes
        renders = takes == .yuv420p && renderer.convertsToYUVItself ? .yuv420p : .rgba
        writer = FrameWriter(sink, convertsToYUV: renders != takes, depth: depth)
    }

    /// Renders `scene` and queues it as frame `index`; throws the error of an
    /// earlier write, if one failed. I420 is rendered into a buffer the writer
    /// is done with, so that its pages are not mapped afresh every frame.
    public func submit(_ scene: Scene, index: Int) throws {
        defer { reuse?.nextFrame() }
        if let last, last.scene == scene {
            try writer.submit(last.frame, index: index)
            return
        }
        last = nil
        let frame: RenderedFrame
        switch renders {
        case .rgba:
            frame = .rgba(try renderer.render(scene))
        case .yuv420p:
            var planes = writer.reusableBuffer()
            try renderer.renderYUV420(scene, into: &planes)
            frame = .yuv420p(planes)
        }
        if reuse?.isOn ?? true { last = (scene, frame) }
        try writer.submit(frame, index: index)
    }

    /// Waits for every queued frame, then finishes the sink (its output appears).
    public func finish() throws {
        try writer.finish()
    }

    /// Abandons the sink (it removes what it wrote, a child it feeds is
    /// killed) and waits a little for the writer; see `FrameWriter.abandon`.
    public func abandon() {
        writer.abandon()
    }

    /// Renders frames `range` of `schedule` from `frames` and finishes the
    /// sink; frame k is numbered k (`keepsIndices`: PNG frames keep their
    /// place in the whole render, so shards fit together) or by its place
    /// in `range` (streams count from 0). `progress` gets the number done
    /// after each. The videos' pictures of frame k + 1 are decoded on their
    /// own thread while frame k renders (`FrameScenes.decodeAhead`), and its
    /// scene is made on another (`SceneAhead`). On
    /// an error the sink is abandoned before it is thrown.
    public func render(_ frames: some FrameScenes, schedule: FrameSchedule, range: Range<Int>, keepsIndices: Bool,
                       progress: (Int) -> Void = { _ in }) throws {
        // The videos' next pictures decode on their own thread while this frame renders, and the next scene is made on another.
        defer { frames.waitUntilIdle() }
        let ahead = SceneAhead { try frames.scene(at: schedule.time(ofFrame: $0)) }
        defer { ahead.waitUntilIdle() }
        do {
            for (done, index) in range.enumerated() {
                let scene = try ahead.scene(index)
                // Asked for once this frame's pictures are in hand, so that the decoder's lock is not held while they are fetched.
                if index + 1 < range.upperBound {
                    frames.decodeAhead(at: schedule.time(ofFrame: index + 1))
                    ahead.start(index + 1)
                }
                try submit(scene, index: keepsIndices ? index : done)
                progress(done + 1)
            }
            try finish()
        } catch {
            abandon()
            throw error
        }
    }
}
