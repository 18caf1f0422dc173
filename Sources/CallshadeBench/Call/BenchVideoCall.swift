import CallshadeCore
import CallshadeGL
import CallshadeKinds
import CallshadeRender
import CallshadeText
import Foundation

/// The bench's video call: both cameras on (`BenchCameras`), the peer's full
/// screen and yours in the picture in picture, the controls hiding 2 s
/// after your camera comes on and shown again by a tap, over the real
/// decoder (`VideoFileSource`, timed by `TimedPictureSource`).
struct BenchVideoCall {
    let scenario: Scenario
    let timeline: CallTimeline
    let remote: TimedPictureSource
    let local: TimedPictureSource
    let pictures: CallVideoPictures

    /// Render rows start here: both videos on, the controls shown again by the tap at 6 s (glass over video, the large picture in picture).
    static let renderStart = 6.5
    /// Encode rows start here: both videos on, the controls hidden until the tap at 6 s shows them.
    static let encodeStart = 4.0

    init(cameras: BenchCameras) throws {
        scenario = Scenario(duration: 600, seed: 1, remoteVideoPath: cameras.peer, localVideoPath: cameras.mine, [
            (0, .state(.active)), (0.5, .remoteVideo(true)), (1, .video(true)), (6, .tap(.screen)),
        ])
        timeline = CallTimeline(scenario)
        remote = TimedPictureSource(try VideoFileSource(path: cameras.peer))
        local = TimedPictureSource(try VideoFileSource(path: cameras.mine))
        pictures = CallVideoPictures(timeline: timeline, remote: remote, local: local)
    }

    /// The call screen at `size` showing `layers`, its words set.
    func screen(size: FrameSize, layers: Set<SceneTag>) throws -> CallScreen {
        let layout = try CallLayout(size: size)
        let elements = CallKind.elements(with: VideoElement(pictures: pictures))
        let text = layers.isDisjoint(with: elements.textTags(for: scenario)) ? nil
            : try TextSetter(scale: layout.scale, texts: elements.texts(for: scenario))
        return CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: text, showing: layers, elements: elements)
    }

    /// The scene at `time` on `screen`, its pictures fetched.
    func scene(_ screen: CallScreen, at time: Double) throws -> Scene {
        screen.scene(at: timeline.state(at: time), assets: try screen.elements.assets(at: time))
    }

    /// `count` frames 1/60 s apart from `renderStart`.
    func frames(size: FrameSize, count: Int, layers: Set<SceneTag>) throws -> [Scene] {
        let screen = try screen(size: size, layers: layers)
        return try (0..<count).map { try scene(screen, at: Self.renderStart + Double($0) / 60) }
    }

    /// What one encode of the video call took: its wall seconds, and of
    /// those the seconds spent decoding ahead on the decoding thread and the
    /// seconds the renderer waited for pictures.
    struct Encode {
        let seconds: Double
        let decoding: Double
        /// After the first frame, whose pictures are decoded from their keyframes before anything is ahead (`firstFrame`).
        let waited: Double
        let firstFrame: Double
    }

    /// Renders `frames` frames from `encodeStart` at 60 fps into an MP4 as
    /// `render` does (pictures decoded ahead on a thread while a frame
    /// renders, frames written to ffmpeg on another), the scenes built and
    /// the pictures decoded inside the time.
    func encode(renderer: GPURenderer, size: FrameSize, frames: Int, layers: Set<SceneTag>) throws -> Encode {
        let screen = try screen(size: size, layers: layers)
        let ahead = DecodeAhead(pictures: pictures)
        _ = remote.take()
        _ = local.take()
        var firstFrame = 0.0
        let seconds = try BenchTiming.encodeSeconds(renderer: renderer, size: size, frames: frames) { index in
            let made = try scene(screen, at: Self.encodeStart + Double(index) / 60)
            if index == 0 { firstFrame = remote.take().waited + local.take().waited }
            // As `render` does: the next frame's pictures decode on their thread while this one renders.
            if index + 1 < frames { ahead.request(Self.encodeStart + Double(index + 1) / 60) }
            return made
        }
        ahead.waitUntilIdle()
        let (peerAhead, peerWaited) = remote.take()
        let (mineAhead, mineWaited) = local.take()
        return Encode(seconds: seconds, decoding: peerAhead + mineAhead, waited: peerWaited + mineWaited, firstFrame: firstFrame)
    }
}
