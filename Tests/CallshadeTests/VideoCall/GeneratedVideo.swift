import CallshadeCore
import CallshadeKinds

/// A video made on the fly, no file needed: 30 frames a second of a luma
/// ramp across (bright at the right) shifted down by the frame's number, a
/// chroma checker of 8 x 8 chroma samples, and a white marker in the coded
/// top-left eighth; BT.709, limited range.
struct GeneratedVideo: VideoPictureSource {
    let input: VideoInput
    static let fps = 30.0

    init(width: Int, height: Int, rotation: VideoRotation = .none) {
        input = VideoInput(width: width, height: height, rotation: rotation)
    }

    /// The frame shown at `sourceTime`: the last at or before it.
    static func frameNumber(at sourceTime: Double) -> Int {
        Int(max(0, (sourceTime * fps + 1e-9).rounded(.down)))
    }

    func picture(at sourceTime: Double) throws -> SourcePicture {
        .ycbcr(Self.frame(width: input.width, height: input.height, number: Self.frameNumber(at: sourceTime)))
    }

    static func frame(width: Int, height: Int, number: Int) -> YCbCrPicture {
        var luma = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let marker = x < width / 8 && y < height / 8
                luma[y * width + x] = marker ? 235 : UInt8(16 + (x * 180 / max(width - 1, 1) + number * 3) % 200)
            }
        }
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        var cb = [UInt8](repeating: 128, count: cw * ch), cr = cb
        for y in 0..<ch {
            for x in 0..<cw where (x / 8 + y / 8) % 2 == 1 {
                cb[y * cw + x] = 160
                cr[y * cw + x] = 100
            }
        }
        // The sizes match by construction.
        return YCbCrPicture(width: width, height: height, luma: luma, cb: cb, cr: cr, matrix: .bt709, range: .limited)!
    }

    /// One colour everywhere.
    static func uniform(luma: UInt8, cb: UInt8, cr: UInt8, matrix: VideoMatrix, range: VideoRange) -> YCbCrPicture {
        YCbCrPicture(width: 4, height: 4, luma: [UInt8](repeating: luma, count: 16), cb: [UInt8](repeating: cb, count: 4),
                     cr: [UInt8](repeating: cr, count: 4), matrix: matrix, range: range)!
    }
}

/// A video call with both cameras, its pictures generated.
enum VideoCallFixtures {
    static func scenario(_ changes: [(Double, ScenarioChange)], duration: Double = 12) -> Scenario {
        Scenario(duration: duration, seed: 3, remoteVideoPath: "/peer.mp4", localVideoPath: "/me.mp4", [(0, .state(.active))] + changes)
    }

    /// The screen drawing `layers` of `scenario` at 390x844, its videos 9:16 (the peer's 90x160, yours 72x128) unless given.
    static func screen(_ scenario: Scenario, layers: Set<SceneTag>, remote: GeneratedVideo = GeneratedVideo(width: 90, height: 160),
                       local: GeneratedVideo = GeneratedVideo(width: 72, height: 128), size: String = "390x844") throws
        -> (screen: CallScreen, timeline: CallTimeline) {
        let timeline = CallTimeline(scenario)
        let pictures = CallVideoPictures(timeline: timeline, remote: remote, local: local)
        let layout = try CallLayout(size: FrameSize(parsing: size))
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, showing: layers,
                                elements: CallKind.elements(with: VideoElement(pictures: pictures)))
        return (screen, timeline)
    }

    /// The scene at `time`, its pictures fetched as a render fetches them.
    static func scene(_ screen: CallScreen, _ timeline: CallTimeline, at time: Double) throws -> Scene {
        screen.scene(at: timeline.state(at: time), assets: try screen.elements.assets(at: time))
    }
}
