@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import XCTest

/// The video call's node types on the GPU (video-call, sections 2 to 5):
/// every route held to the CPU reference by the parity rule.
final class VideoGPUTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    /// A still (a PNG's pixels) of `width` x `height`: colour ramps, its
    /// right third fading to transparent, so the premultiplied sampling shows.
    struct StillPicture: VideoPictureSource {
        let input: VideoInput
        let image: RGBAImage

        init(width: Int, height: Int) {
            input = VideoInput(width: width, height: height)
            var pixels: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let alpha = x < width * 2 / 3 ? 255 : 255 * (width - 1 - x) / max(width / 3, 1)
                    pixels += [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), UInt8((x + y) % 2 * 200), UInt8(alpha)]
                }
            }
            image = RGBAImage(width: width, height: height, pixels: pixels)!
        }

        func picture(at sourceTime: Double) throws -> SourcePicture { .rgba(image) }
    }

    private func matrix() throws -> RouteMatrix { RouteMatrix(gpu: try Self.shared.renderer()) }

    /// The scene of `layers` of a call with `changes` at `time`; without its video pictures when `shadeOnly`.
    private func scene(_ changes: [(Double, ScenarioChange)], layers: Set<SceneTag> = [.background, .video, .pip], at time: Double,
                       size: String = "390x844", remote: any VideoPictureSource = GeneratedVideo(width: 90, height: 160),
                       local: any VideoPictureSource = GeneratedVideo(width: 72, height: 128), shadeOnly: Bool = false) throws -> Scene {
        let scenario = VideoCallFixtures.scenario(changes)
        let timeline = CallTimeline(scenario)
        let pictures = CallVideoPictures(timeline: timeline, remote: remote, local: local)
        let screen = CallScreen(layout: try CallLayout(size: FrameSize(parsing: size)), seed: scenario.seed, avatar: nil, showing: layers,
                                elements: CallKind.elements(with: VideoElement(pictures: pictures)))
        var scene = try VideoCallFixtures.scene(screen, timeline, at: time)
        if shadeOnly { scene.nodes.removeAll { !($0 is ShadeNode) } }
        return scene
    }

    private func assertEveryRouteAgrees(_ scene: Scene, name: String, videos: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(scene.nodes.filter { $0 is VideoNode }.count, videos, name, file: file, line: line)
        try matrix().assertEveryRouteAgrees(scene, name: name, rule: \.withinParity, file: file, line: line)
    }

    /// The black backdrop growing from the avatar's circle, the phone's
    /// corners and the shadows, over the gradient: mid-spring and at rest.
    func testTheBackdropCornersAndShadowsMatchTheReference() throws {
        let matrix = try matrix()
        for time in [1.12, 2.0, 3.2] {
            let scene = try scene([(1, .remoteVideo(true))], layers: [.background, .video], at: time, shadeOnly: true)
            XCTAssertTrue(scene.nodes.contains { $0 is ShadeNode })
            try matrix.assertEveryRouteAgrees(scene, name: "video-shade-\(time)", rule: \.withinParity)
        }
    }

    /// The peer's video full screen: a 9:16 one fills (its sides cropped), a
    /// 16:9 one fits (black bars), at rest with the shadows (and dithered)
    /// and mid-spring as it grows out of the avatar.
    func testFullScreenFillAndFitMatchTheReference() throws {
        var fill = try scene([(1, .remoteVideo(true))], at: 2)
        try assertEveryRouteAgrees(fill, name: "video-fill", videos: 1)
        fill.dither = true
        try assertEveryRouteAgrees(fill, name: "video-fill-dithered", videos: 1)
        try assertEveryRouteAgrees(try scene([(1, .remoteVideo(true))], at: 1.12), name: "video-growing", videos: 1)
        try assertEveryRouteAgrees(try scene([(1, .remoteVideo(true))], at: 2, remote: GeneratedVideo(width: 160, height: 90)),
                                   name: "video-fit", videos: 1)
    }

    /// The avatar's photo in its frame growing to the screen under the
    /// backdrop and the video (halfway through video on, and through video
    /// off): three translucent layers at one alpha over the same pixels,
    /// within the parity rule since the GPU blends them in half floats.
    func testTheAvatarBecomingTheVideoMatchesTheReference() throws {
        let scenario = VideoCallFixtures.scenario([(1, .remoteVideo(true)), (3, .remoteVideo(false))])
        let timeline = CallTimeline(scenario)
        let layout = try CallLayout(size: FrameSize(parsing: "390x844"))
        let pictures = CallVideoPictures(timeline: timeline, remote: GeneratedVideo(width: 90, height: 160), local: nil)
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: try ForegroundFixtures.avatar(for: layout),
                                showing: [.background, .waves, .avatar, .video], elements: CallKind.elements(with: VideoElement(pictures: pictures)))
        let matrix = try matrix()
        for time in [1.15, 3.175] {
            let scene = try VideoCallFixtures.scene(screen, timeline, at: time)
            XCTAssertEqual(scene.nodes.filter { $0 is VideoNode }.count, 2, "the avatar's frame and the video at \(time)")
            try matrix.assertEveryRouteAgrees(scene, name: "video-avatar-photo-\(time)", rule: \.withinParity)
        }
    }

    /// Both videos: your camera (mirrored, the front one) in the picture in
    /// picture with the controls shown and hidden, and a swap halfway through
    /// its cross-fade (controls hidden).
    func testPictureInPictureAndSwapMatchTheReference() throws {
        let both: [(Double, ScenarioChange)] = [(1, .remoteVideo(true)), (1, .video(true))]
        try assertEveryRouteAgrees(try scene(both, at: 2.5), name: "video-pip-shown", videos: 2)
        try assertEveryRouteAgrees(try scene(both, at: 4), name: "video-pip-hidden", videos: 2)
        try assertEveryRouteAgrees(try scene(both + [(4, .tap(.pip))], at: 4.1), name: "video-swap-tapped-halfway", videos: 4)
    }

    /// A swap halfway with the controls shown: the two cross-fading pictures
    /// under the shadows are four blends. Into an 8-bit target each rounded
    /// to 1/255 (alpha included) and they drifted 2 levels from the CPU's
    /// one rounding on about 0.3 % of pixels; drawn in half floats and
    /// rounded once when read, they are within the parity rule.
    func testASwapUnderTheShadowsIsWithinTheParityRule() throws {
        let scene = try scene([(1, .remoteVideo(true)), (1, .video(true)), (2.5, .tap(.pip))], at: 2.6)
        XCTAssertEqual(scene.nodes.filter { $0 is VideoNode }.count, 4)
        XCTAssertEqual(scene.nodes.filter { $0 is ShadeNode }.count, 2)
        let matrix = try matrix()
        let reference = try matrix.reference.render(scene)
        for route in matrix.routes(for: scene) where route != .reference {
            let comparison = ImageComparison(try matrix.renderer(route, for: scene).render(scene), reference)
            XCTAssertTrue(comparison.withinParity, "\(route): \(comparison)")
        }
    }

    /// A picture that comes again is not uploaded again: the renderer keeps
    /// its textures (the same objects) while it is among the last few.
    func testAPictureThatComesAgainKeepsItsTextures() throws {
        let gpu = try Self.shared.renderer()
        var cache = PictureTextureCache()
        let pictures = (0..<6).map { SourcePicture.ycbcr(GeneratedVideo.frame(width: 16, height: 8, number: $0)) }
        let first = try cache.textures(for: pictures[0], context: gpu.context)
        let again = try cache.textures(for: .ycbcr(GeneratedVideo.frame(width: 16, height: 8, number: 0)), context: gpu.context)
        XCTAssertTrue(first.bindings.map(\.texture).elementsEqual(again.bindings.map(\.texture), by: ===), "equal by value")
        for picture in pictures.dropFirst() { _ = try cache.textures(for: picture, context: gpu.context) }
        cache.keep(2)
        let made = try cache.textures(for: pictures[0], context: gpu.context)
        XCTAssertFalse(first.bindings.map(\.texture).elementsEqual(made.bindings.map(\.texture), by: ===), "let go beyond the last few")
    }

    /// A still (straight alpha, partly transparent) and a video turned a
    /// quarter for display.
    func testAStillAndATurnedVideoMatchTheReference() throws {
        try assertEveryRouteAgrees(try scene([(1, .remoteVideo(true))], at: 2, remote: StillPicture(width: 45, height: 80)),
                                   name: "video-still", videos: 1)
        try assertEveryRouteAgrees(try scene([(1, .remoteVideo(true)), (1, .video(true))], at: 2.5,
                                             remote: GeneratedVideo(width: 160, height: 90, rotation: .clockwise90),
                                             local: StillPicture(width: 30, height: 40)),
                                   name: "video-turned", videos: 2)
    }

    /// The picture in picture and the full-screen video at the size of a phone's pixels.
    func testVideoAtFullResolutionMatchesTheReference() throws {
        try assertEveryRouteAgrees(try scene([(1, .remoteVideo(true)), (1, .video(true))], at: 2.5, size: "1170x2532",
                                             remote: GeneratedVideo(width: 360, height: 640)),
                                   name: "video-1170x2532", videos: 2)
    }
}
