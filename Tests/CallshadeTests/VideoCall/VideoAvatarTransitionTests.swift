@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// Video on and off (video-call, sections 3 and 4): the avatar leaves its
/// disc for a frame that grows with the video's presence to the whole
/// screen, its corners going from a circle's to the phone's, its picture
/// aspect-filled in the frame; the waves move to the screen's centre;
/// without video the avatar is its disc as before.
final class VideoAvatarTransitionTests: XCTestCase {
    private let layers: Set<SceneTag> = [.background, .waves, .avatar, .video]

    private func scene(_ changes: [(Double, ScenarioChange)], at time: Double, photo: Bool = false) throws -> Scene {
        let scenario = VideoCallFixtures.scenario(changes)
        let timeline = CallTimeline(scenario)
        let layout = try CallLayout(size: FrameSize(parsing: "390x844"))
        let pictures = CallVideoPictures(timeline: timeline, remote: GeneratedVideo(width: 90, height: 160), local: nil)
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: photo ? try ForegroundFixtures.avatar(for: layout) : nil,
                                showing: layers, elements: CallKind.elements(with: VideoElement(pictures: pictures)))
        return try VideoCallFixtures.scene(screen, timeline, at: time)
    }

    /// The avatar's node: the first video node, below the backdrop.
    private func avatarNode(_ scene: Scene) -> VideoNode? {
        guard let first = scene.nodes.firstIndex(where: { $0 is VideoNode }),
              let shade = scene.nodes.firstIndex(where: { $0 is ShadeNode }), first < shade else { return nil }
        return scene.nodes[first] as? VideoNode
    }

    /// The frame p of the way from the 136 pt circle about (195, 306) to the
    /// 390 x 844 screen, the radius from 68 to 47.333, written out.
    private func assertFrame(_ node: VideoNode?, presence p: Double, file: StaticString = #filePath, line: UInt = #line) {
        guard let node else { return XCTFail("no avatar frame", file: file, line: line) }
        let want = (x: 127 * (1 - p), y: 238 * (1 - p), width: 136 + 254 * p, height: 136 + 708 * p, radius: 68 + (47.333 - 68) * p)
        for (got, expected, name) in [(node.clip.x, want.x, "x"), (node.clip.y, want.y, "y"), (node.clip.width, want.width, "width"),
                                      (node.clip.height, want.height, "height"), (node.clip.radius, want.radius, "radius")] {
            XCTAssertEqual(got, expected, accuracy: 1e-9, "\(name) at presence \(p)", file: file, line: line)
        }
        // Aspect-filled: the square picture covers the frame, centred.
        let side = max(want.width, want.height)
        XCTAssertEqual(node.content.width, side, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(node.content.height, side, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(node.content.x + side / 2, want.x + want.width / 2, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(node.content.y + side / 2, want.y + want.height / 2, accuracy: 1e-9, file: file, line: line)
    }

    func testTheAvatarFrameGrowsWithTheVideoAndShrinksBack() throws {
        let on: [(Double, ScenarioChange)] = [(1, .remoteVideo(true)), (5, .remoteVideo(false))]
        for (time, presence) in [(1.15, Spring.standard(0.3).progress(0.15)), (5.175, 1 - Spring.standard(0.35).progress(0.175))] {
            let scene = try scene(on, at: time)
            XCTAssertGreaterThan(presence, 0.1)
            assertFrame(avatarNode(scene), presence: presence)
            // The waves alone stay in their node, their centre moved p of the way to the screen's.
            let waves = scene.nodes.compactMap { $0 as? AvatarWavesNode }
            XCTAssertEqual(waves.count, 1)
            XCTAssertNil(waves.first?.avatar)
            XCTAssertEqual(waves.first?.centre.y ?? 0, 306 + (422 - 306) * presence, accuracy: 1e-9)
        }
        // At rest with video the backdrop covers the frame: it is not drawn.
        let rest = try scene(on, at: 3)
        XCTAssertEqual(rest.nodes.filter { $0 is VideoNode }.count, 1, "the video alone")
        XCTAssertNil(rest.nodes.compactMap { $0 as? AvatarWavesNode }.first?.avatar)
        // Before and after: the disc, and no avatar frame.
        for time in [0.5, 5.5] {
            let scene = try scene(on, at: time)
            XCTAssertNotNil(scene.nodes.compactMap { $0 as? AvatarWavesNode }.first?.avatar, "t = \(time)")
            XCTAssertFalse(scene.nodes.contains { $0 is VideoNode }, "t = \(time)")
        }
    }

    /// The placeholder's picture is its gradient top to bottom; a photo's
    /// is the prepared photo with straight alpha (opaque: its bytes).
    func testTheAvatarsPictureIsItsGradientOrItsPhoto() throws {
        let layer = AvatarLayer(image: nil, diameter: 136)
        guard case .rgba(let gradient) = AvatarPicture.picture(of: layer) else { return XCTFail("not a still") }
        XCTAssertEqual(gradient.width, 1)
        let top = RGB.mix(layer.placeholderTop, layer.placeholderBottom, 0.5 / 256)
        XCTAssertEqual(gradient.pixel(x: 0, y: 0), [Quantize.byte(top.r), Quantize.byte(top.g), Quantize.byte(top.b), 255])
        XCTAssertEqual(gradient.pixel(x: 0, y: 0)?.prefix(3).map { Int($0) } ?? [], [0x72, 0xD5, 0xFD], accuracy: 1)
        XCTAssertEqual(gradient.pixel(x: 0, y: gradient.height - 1)?.prefix(3).map { Int($0) } ?? [], [0x2A, 0x9E, 0xF1], accuracy: 1)
        let photo = try XCTUnwrap(try ForegroundFixtures.avatar(for: try CallLayout(size: FrameSize(parsing: "390x844"))))
        guard case .rgba(let image) = AvatarPicture.picture(of: AvatarLayer(image: photo, diameter: 136)) else { return XCTFail("not a still") }
        XCTAssertTrue(photo.isOpaque)
        XCTAssertEqual(image.pixels, photo.premultiplied)
    }
}

private func XCTAssertEqual(_ a: [Int], _ b: [Int], accuracy: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertLessThanOrEqual(abs(x - y), accuracy, "\(a) vs \(b)", file: file, line: line) }
}
