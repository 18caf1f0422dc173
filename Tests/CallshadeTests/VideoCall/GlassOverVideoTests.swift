@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeGL
import CallshadeText
import XCTest

/// Glass over a full-screen video (video-call, section 7): the video's copy
/// reduced to 128 x 128, blurred by 2.1 texels, toned, over #1A1A1A where
/// the video does not reach, instead of the toned gradient.
final class GlassOverVideoTests: XCTestCase {
    /// One colour in every frame.
    struct UniformVideo: VideoPictureSource {
        let input: VideoInput
        let picture: YCbCrPicture

        func picture(at sourceTime: Double) throws -> SourcePicture { .ycbcr(picture) }
    }

    func testTheCopyIsAnAreaAverageBlurredWithClampedEdges() throws {
        // Left half black, right half white, 256 pixels square: two picture pixels a texel.
        let side = 256
        let luma = (0..<side * side).map { UInt8($0 % side < side / 2 ? 16 : 235) }
        let chroma = [UInt8](repeating: 128, count: side * side / 4)
        let picture = try XCTUnwrap(YCbCrPicture(width: side, height: side, luma: luma, cb: chroma, cr: chroma, matrix: .bt709, range: .limited))
        let copy = VideoBlurredCopy(.ycbcr(picture), cores: 2)
        func texel(_ x: Int, _ y: Int) -> Double { copy.colors[y * 128 + x].g }
        XCTAssertEqual(texel(0, 40), 0, accuracy: 1e-12)
        XCTAssertEqual(texel(127, 40), 1, accuracy: 1e-12)
        // The Gaussian is symmetric about the edge between texels 63 and 64.
        XCTAssertEqual(texel(63, 40) + texel(64, 40), 1, accuracy: 1e-12)
        let sigma = 2.1
        let weights = (-9...9).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let expected = weights[(9 + 1)...].reduce(0, +) / weights.reduce(0, +)
        XCTAssertEqual(texel(63, 40), expected, accuracy: 1e-12, "the part of the kernel beyond the edge")
        XCTAssertTrue(copy.alphas.allSatisfy { abs($0 - 1) < 1e-12 })
        // Cells share out any width exactly.
        for count in [1, 90, 128, 1080, 1920] {
            for cell in VideoBlurredCopy.cells(count: count) { XCTAssertEqual(cell.map(\.weight).reduce(0, +), 1, accuracy: 1e-12, "\(count)") }
        }
    }

    /// Full-screen video of one colour: a button's glass shows that colour
    /// toned (brightness 0.7, saturation 1.3, white 0.2); over a fitted
    /// 16:9 video's bars, far from its picture, #1A1A1A.
    func testGlassShowsTheTonedCopyAndTheBarsGrey() throws {
        let scenario = VideoCallFixtures.scenario([(1, .remoteVideo(true))])
        let layout = try CallLayout(size: FrameSize(parsing: "390x844"))
        let setter = try TextSetter(scale: 1, texts: CallKind.elements.texts(for: scenario))
        let colour = GeneratedVideo.uniform(luma: 100, cb: 150, cr: 90, matrix: .bt709, range: .limited)
        let expected = GlassVideo.tone.apply(to: YCbCrConversion.rgb(luma: 100, cb: 150, cr: 90, matrix: .bt709, range: .limited))
        for (input, want) in [(VideoInput(width: 720, height: 1280), expected), (VideoInput(width: 1280, height: 720), GlassVideo.bars)] {
            let timeline = CallTimeline(scenario)
            let pictures = CallVideoPictures(timeline: timeline, remote: UniformVideo(input: input, picture: colour), local: nil)
            let screen = CallScreen(layout: layout, seed: 1, avatar: nil, text: setter, showing: [.video, .buttons],
                                    elements: CallKind.elements(with: VideoElement(pictures: pictures)))
            let scene = screen.scene(at: timeline.state(at: 2), assets: try screen.elements.assets(at: 2))
            XCTAssertEqual(scene.nodes.compactMap { ($0 as? GlassNode)?.video }.count, 3)
            let image = try ReferenceRenderer().render(scene)
            // Inside the video button's circle (121, 702, 56 across), left of its icon.
            let pixel = try XCTUnwrap(image.pixel(x: 127, y: 730))
            for (channel, value) in [want.r, want.g, want.b].enumerated() {
                XCTAssertEqual(Double(pixel[channel]), value * 255, accuracy: 1, "\(input) channel \(channel)")
            }
        }
    }

    /// The buttons' glass over the peer's video on every GPU route, held to
    /// the CPU reference: over a filled 9:16 video and a fitted 16:9 one
    /// (its bars), at rest and as the video comes on; with the buttons alone
    /// (no video node below, the copy still shown); and at 1170x2532.
    func testGlassOverVideoMatchesTheReferenceOnEveryRoute() throws {
        let scenario = VideoCallFixtures.scenario([(1, .remoteVideo(true))])
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        let cases: [(String, GeneratedVideo, Set<SceneTag>, Double, String)] = [
            ("fill", GeneratedVideo(width: 90, height: 160), [.background, .video, .buttons], 2, "390x844"),
            ("fit", GeneratedVideo(width: 160, height: 90), [.background, .video, .buttons], 2, "390x844"),
            ("coming-on", GeneratedVideo(width: 90, height: 160), [.background, .video, .buttons], 1.12, "390x844"),
            ("buttons-alone", GeneratedVideo(width: 90, height: 160), [.background, .buttons], 2, "390x844"),
            ("fill-1170x2532", GeneratedVideo(width: 360, height: 640), [.background, .video, .buttons], 2, "1170x2532"),
        ]
        for (name, video, layers, time, size) in cases {
            let layout = try CallLayout(size: FrameSize(parsing: size))
            let setter = try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: scenario))
            let timeline = CallTimeline(scenario)
            let pictures = CallVideoPictures(timeline: timeline, remote: video, local: nil)
            let screen = CallScreen(layout: layout, seed: 1, avatar: nil, text: setter, showing: layers,
                                    elements: CallKind.elements(with: VideoElement(pictures: pictures)))
            let scene = screen.scene(at: timeline.state(at: time), assets: try screen.elements.assets(at: time))
            XCTAssertFalse(scene.nodes.compactMap { ($0 as? GlassNode)?.video }.isEmpty, name)
            try matrix.assertEveryRouteAgrees(scene, name: "glass-over-video-\(name)", rule: \.withinParity)
        }
    }

    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }
}
