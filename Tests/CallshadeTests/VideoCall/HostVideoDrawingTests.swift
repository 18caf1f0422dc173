@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

/// Over I420 the host writes an opaque video's surely covered pairs of rows
/// straight into the planes (`HostVideoDrawing`, `HostVideo.writeYCbCr`)
/// and draws the rest as it draws any shaded node: the two parts cover
/// the node's rectangles once, and the planes are those of drawing it all
/// shaded but for rounding (a level, on few samples).
final class HostVideoDrawingTests: XCTestCase {
    private let size = try! FrameSize(width: 240, height: 320)

    /// A picture over the frame, its frame rounded (as the full-screen video's), optionally mirrored.
    private func node(_ picture: YCbCrPicture, mirrored: Bool = false, opacity: Double = 1) -> VideoNode {
        VideoNode(picture: .ycbcr(picture), mirrored: mirrored,
                  clip: RoundedRectangle(x: 0, y: 0, width: 240, height: 320, cornerRadius: 29),
                  content: RoundedRectangle(x: -13.25, y: 0, width: 266.5, height: 320, cornerRadius: 0), opacity: opacity)
    }

    /// The node's tiles as the plan gives them, with a hole (a picture in picture over it) and a piece from an odd row.
    private var rects: [PixelRect] {
        [PixelRect(x: 0, y: 0, width: 240, height: 200), PixelRect(x: 0, y: 200, width: 136, height: 80),
         PixelRect(x: 200, y: 200, width: 40, height: 80), PixelRect(x: 0, y: 281, width: 240, height: 39)]
    }

    func testTheStraightRunsAndTheRestCoverTheRectanglesOnce() {
        let node = node(GeneratedVideo.frame(width: 90, height: 160, number: 2))
        let split = HostVideoDrawing.split(rects, node: node, straightAllowed: true, size: size)
        XCTAssertFalse(split.straight.isEmpty)
        var times = [Int](repeating: 0, count: size.pixelCount)
        for rect in split.straight + split.rest {
            for y in rect.y..<rect.y + rect.height {
                for x in rect.x..<rect.x + rect.width { times[y * size.width + x] += 1 }
            }
        }
        var wanted = [Int](repeating: 0, count: size.pixelCount)
        for rect in rects {
            for y in rect.y..<rect.y + rect.height {
                for x in rect.x..<rect.x + rect.width { wanted[y * size.width + x] += 1 }
            }
        }
        XCTAssertEqual(times, wanted)
        for rect in split.straight {
            XCTAssertTrue([rect.x, rect.y, rect.width, rect.height].allSatisfy { $0 % 2 == 0 }, "\(rect)")
            for y in rect.y..<rect.y + rect.height {
                for x in rect.x..<rect.x + rect.width {
                    let centre = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                    XCTAssertEqual(node.clip.coverage(at: centre) * node.content.coverage(at: centre), 1, "\(x), \(y)")
                }
            }
        }
        // The corners' rows are left to the shaded drawing.
        XCTAssertTrue(split.rest.contains { $0.y == 0 })
        XCTAssertEqual(HostVideoDrawing.split(rects, node: node, straightAllowed: false, size: size).rest, rects)
    }

    func testOnlyAnOpaqueUnturnedVideoIsWrittenStraight() {
        let picture = GeneratedVideo.frame(width: 90, height: 160, number: 2)
        XCTAssertTrue(HostVideo(node: node(picture), size: size).writesYCbCr)
        XCTAssertFalse(HostVideo(node: node(picture, opacity: 0.99), size: size).writesYCbCr)
        var turned = node(picture)
        turned.rotation = .clockwise90
        XCTAssertFalse(HostVideo(node: turned, size: size).writesYCbCr)
        var still = node(picture)
        still.picture = .rgba(RGBAImage(width: 4, height: 4, fill: (10, 20, 30, 255)))
        XCTAssertFalse(HostVideo(node: still, size: size).writesYCbCr)
    }

    func testPlanesWrittenStraightAreTheShadedDrawingsButForRounding() throws {
        // The generated ramp and checker (its dark, strongly coloured samples lie outside R'G'B' and are clamped),
        // mirrored; a colour far outside R'G'B' at full range and BT.601; a picture smaller than the frame, enlarged.
        let pictures: [(String, VideoNode)] = [
            ("ramp, mirrored", node(GeneratedVideo.frame(width: 90, height: 160, number: 5), mirrored: true)),
            ("outside R'G'B', BT.601 full range", node(GeneratedVideo.uniform(luma: 20, cb: 250, cr: 240, matrix: .bt601, range: .full))),
            ("ramp, BT.709 limited", node(GeneratedVideo.frame(width: 300, height: 500, number: 1))),
        ]
        for (name, node) in pictures {
            let straight = HostVideoDrawing(node: node, rects: rects, size: size, dithers: false)
            let shaded = HostShadedDrawing(shader: HostVideo(node: node, size: size), rects: rects, size: size)
            // What lies below: a pattern the picture hides where it is opaque.
            let below = (0..<YUV420.frameBytes(width: size.width, height: size.height)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 / 7) }
            var (got, expected) = (below, below)
            for band in [0..<100, 100..<222, 222..<320] {
                got.withUnsafeMutableBufferPointer { straight.drawYUV420(into: $0.baseAddress!, rows: band) }
                expected.withUnsafeMutableBufferPointer { shaded.drawYUV420(into: $0.baseAddress!, rows: band) }
            }
            let differences = SampleDifferences(got, expected)
            XCTAssertLessThanOrEqual(differences.maxDelta, 1, "\(name): \(differences)")
            let differing = zip(got, expected).filter { $0 != $1 }.count
            XCTAssertLessThan(Double(differing), 0.01 * Double(got.count), "\(name): \(differing) of \(got.count) differ")
            XCTAssertNotEqual(got, below, name)
        }
    }
}

/// What the video writes whole is not filled with the background first
/// (`HostDrawing.writtenWhole`): a frame is the same whatever its
/// reused buffer held before.
final class HostVideoWrittenWholeTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    func testWhatIsWrittenWholeIsTheStraightRectanglesAsWideAsTheFrame() throws {
        let size = try FrameSize(width: 240, height: 320)
        let node = VideoNode(picture: .ycbcr(GeneratedVideo.frame(width: 90, height: 160, number: 2)),
                             clip: RoundedRectangle(x: 0, y: 0, width: 240, height: 320, cornerRadius: 29),
                             content: RoundedRectangle(x: -13.25, y: 0, width: 266.5, height: 320, cornerRadius: 0))
        let whole = [PixelRect(x: 0, y: 0, width: 240, height: 320)]
        let rects = HostVideoDrawing(node: node, rects: whole, size: size, dithers: false).writtenWhole
        XCTAssertFalse(rects.isEmpty)
        for rect in rects {
            XCTAssertTrue([rect.x, rect.y, rect.width, rect.height].allSatisfy { $0 % 2 == 0 }, "\(rect)")
            // Near the rounded corners the runs narrow: those (two rows each) that start beyond the frame's first eight
            // columns or end before its last eight are left out.
            XCTAssertTrue(rect.y >= 2 && rect.y + rect.height <= 318 && rect.x <= 8 && rect.x + rect.width >= 232, "\(rect)")
        }
        // A picture in picture's hole in the rectangles the video draws: the tall pieces beside it are written whole too.
        let holed = [PixelRect(x: 0, y: 0, width: 240, height: 160), PixelRect(x: 0, y: 160, width: 120, height: 80),
                     PixelRect(x: 200, y: 160, width: 40, height: 80), PixelRect(x: 0, y: 240, width: 240, height: 80)]
        let beside = HostVideoDrawing(node: node, rects: holed, size: size, dithers: false).writtenWhole
        XCTAssertTrue(beside.contains { $0.y == 160 && $0.height == 80 && $0.x <= 8 && $0.x + $0.width == 120 }, "\(beside)")
        XCTAssertTrue(beside.contains { $0.y == 160 && $0.x == 200 && $0.height == 80 }, "\(beside)")
        var faded = node
        faded.opacity = 0.5
        XCTAssertTrue(HostVideoDrawing(node: faded, rects: whole, size: size, dithers: false).writtenWhole.isEmpty)
    }

    func testTheBackgroundsRowsAreCutByWhatIsHidden() {
        let hidden = [PixelRect(x: 4, y: 10, width: 100, height: 20), PixelRect(x: 0, y: 40, width: 108, height: 4)]
        let pieces = GridUpscaler.rows(0..<50, cutBy: hidden)
        XCTAssertEqual(pieces.map(\.rows), [0..<10, 10..<30, 30..<40, 40..<44, 44..<50])
        XCTAssertEqual(pieces.map(\.columns), [[], [4..<104], [], [0..<108], []])
        // Two rectangles side by side in some rows (a picture in picture's and the video's beside it): both cut.
        let beside = [PixelRect(x: 0, y: 10, width: 40, height: 20), PixelRect(x: 60, y: 20, width: 40, height: 20)]
        let cut = GridUpscaler.rows(0..<50, cutBy: beside)
        XCTAssertEqual(cut.map(\.rows), [0..<10, 10..<20, 20..<30, 30..<40, 40..<50])
        XCTAssertEqual(cut.map(\.columns), [[], [0..<40], [0..<40, 60..<100], [60..<100], []])
        XCTAssertEqual(GridUpscaler.rows(32..<38, cutBy: hidden).map(\.rows), [32..<38])
        XCTAssertEqual(GridUpscaler.rows(20..<42, cutBy: hidden).map(\.rows), [20..<30, 30..<40, 40..<42])
    }

    func testAFrameIsTheSameWhateverItsBufferHeld() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        // The peer's video full screen, yours small, the controls hidden.
        let (screen, timeline) = try VideoCallFixtures.screen(VideoCallFixtures.scenario([(1, .remoteVideo(true)), (1.2, .video(true))]),
                                                              layers: [.background, .video, .pip])
        let scene = try VideoCallFixtures.scene(screen, timeline, at: 4.5)
        let host = try XCTUnwrap(matrix.renderer(.host, for: scene) as? GPURenderer)
        XCTAssertNil(matrix.fallback(of: host, .host, for: scene))
        var fresh: [UInt8] = []
        try host.renderYUV420(scene, into: &fresh)
        var reused = [UInt8](repeating: 0xA5, count: fresh.count)
        try host.renderYUV420(scene, into: &reused)
        XCTAssertEqual(SampleDifferences(fresh, reused).differing, 0)
        var converted: [UInt8] = []
        try YUV420.convertFast(try host.render(scene), into: &converted, cores: 2)
        XCTAssertLessThanOrEqual(SampleDifferences(fresh, converted).maxDelta, 3)
    }
}
