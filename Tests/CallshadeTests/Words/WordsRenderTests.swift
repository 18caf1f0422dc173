import CallshadeCore
@testable import CallshadeGL
import XCTest

/// The words on rendered frames: where each element's box is, measured from
/// the pixels, and the GPU held to the CPU reference.
final class WordsRenderTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    /// Facts of Inter Regular, in ems (its hhea ascender 1984 and the top of
    /// "H" 1490 and of "0" 1510, of 2048 units; read with Pillow): what lies
    /// between a line box's top and the top of its capitals and figures.
    static let interAscender = 1984.0 / 2048
    static let interCapHeight = 1490.0 / 2048
    static let interFigureHeight = 1510.0 / 2048

    /// The box of the pixels where `a` and `b` differ by more than `threshold` in some channel.
    static func changedBox(_ a: RGBAImage, _ b: RGBAImage, threshold: Int = 24) -> (left: Int, top: Int, right: Int, bottom: Int)? {
        var box: (left: Int, top: Int, right: Int, bottom: Int)?
        for y in 0..<a.height {
            for x in 0..<a.width {
                let offset = (y * a.width + x) * 4
                let changed = (0..<3).contains { abs(Int(a.pixels[offset + $0]) - Int(b.pixels[offset + $0])) > threshold }
                guard changed else { continue }
                box = box.map { (min($0.left, x), min($0.top, y), max($0.right, x), max($0.bottom, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    /// At 390x844 with 390 points across (a pixel a point), at 7.5 s: the
    /// call active for 7 s with weak signal, so the title, the status line
    /// with "0:07" and its bars, the pill (in since 1 s) and the back button show.
    func testEachElementsBoxIsWhereTheSpecPutsIt() throws {
        let gpu = try Self.shared.renderer()
        let bare = try gpu.render(try WordsFixtures.scene(at: 7.5, layers: [.background]))
        func box(_ tag: SceneTag) throws -> (left: Int, top: Int, right: Int, bottom: Int) {
            let drawn = try gpu.render(try WordsFixtures.scene(at: 7.5, layers: [.background, tag]))
            return try XCTUnwrap(Self.changedBox(drawn, bare), "\(tag) drew nothing")
        }
        // Title: its line box's top at 413, so the capitals' top lies (ascender - cap height) x 28 below.
        let title = try box(.title)
        XCTAssertEqual(Double(title.top), 413 + (Self.interAscender - Self.interCapHeight) * 28, accuracy: 2, "title \(title)")
        XCTAssertEqual(Double(title.left + title.right + 1) / 2, 195, accuracy: 2, "title centred: \(title)")
        // Status line: its line box's top at about 451; the figures' top lies (ascender - figure height) x 16 below.
        let status = try box(.status)
        XCTAssertEqual(Double(status.top), 451 + (Self.interAscender - Self.interFigureHeight) * 16, accuracy: 2, "status \(status)")
        XCTAssertEqual(Double(status.left + status.right + 1) / 2, 195, accuracy: 2, "status centred: \(status)")
        // The pill: glass 30 high from about 483.
        let pill = try box(.pill)
        XCTAssertEqual(Double(pill.top), 483, accuracy: 2, "pill \(pill)")
        XCTAssertEqual(Double(pill.bottom + 1 - pill.top), 30, accuracy: 2, "pill \(pill)")
        XCTAssertEqual(Double(pill.left + pill.right + 1) / 2, 195, accuracy: 2, "pill centred: \(pill)")
        // The back button: the chevron's ink at (10, 59).
        let back = try box(.back)
        XCTAssertEqual(Double(back.left), 10, accuracy: 2, "back \(back)")
        XCTAssertEqual(Double(back.top), 59, accuracy: 2, "back \(back)")
    }

    /// Frames with every word: ringing with its dots, the status line's
    /// change mid-way, active with the pill bouncing in, and ended "Line Busy".
    func testGPUAndCPUAgreeOnFramesWithText() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        for time in [0.3, 0.62, 1.2, 7.5, 12.1, 14] {
            try matrix.assertEveryRouteAgrees(try WordsFixtures.scene(at: time), name: "words-390x844-\(time)", rule: \.withinForegroundParity)
        }
        // At 1170x2532 the host route composes the background on the CPU around
        // the drawn tiles with its default grid.
        try matrix.assertEveryRouteAgrees(try WordsFixtures.scene(at: 1.2, size: "1170x2532"), name: "words-1170x2532-1.2",
                                          rule: \.withinForegroundParity)
    }
}

/// The host route draws glass and text straight into I420 planes, mixing in
/// Y'CbCr; that must give what drawing them over RGBA and converting gives.
final class WordsPlaneTests: XCTestCase {
    /// Over the words' boxes the two differ by rounding, and in chroma where
    /// the four pixels of a block under a glyph's edge differ in colour: at
    /// most 3 levels, and by more than 1 (what the background alone may
    /// differ by, `HostYUVTests`) in no more than 1 % of the samples there.
    func testWordsDrawnIntoThePlanesMatchTheConvertedFrame() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        for (time, size) in [(1.2, "1170x2532"), (7.5, "1170x2532"), (12.1, "1080x1920"), (7.7, "1080x1920")] {
            let scene = try WordsFixtures.scene(at: time, size: size)
            var direct: [UInt8] = []
            try gpu.with { $0.route = .hostComposition }.renderYUV420(scene, into: &direct)
            var converted: [UInt8] = []
            try YUV420.convertFast(try gpu.with { $0.route = .hostComposition }.render(scene), into: &converted, cores: 2)
            let (width, height) = (scene.size.width, scene.size.height)
            XCTAssertEqual(direct.count, YUV420.frameBytes(width: width, height: height), "\(size) at \(time) s")
            XCTAssertEqual(converted.count, direct.count, "\(size) at \(time) s")
            guard direct.count == converted.count, direct.count == YUV420.frameBytes(width: width, height: height) else { continue }
            XCTAssertLessThanOrEqual(SampleDifferences(direct, converted).maxDelta, 3, "\(size) at \(time) s")
            // Luma then chroma samples over the boxes of the nodes the host draws (all but the waves and avatar).
            let boxes = scene.nodes.filter { !($0 is AvatarWavesNode) }.map { $0.bounds(in: scene.size) }.filter { !$0.isEmpty }
            XCTAssertFalse(boxes.isEmpty, "\(size) at \(time) s: no words")
            var samples = 0, beyondOne = 0
            func count(_ plane: Int, _ planeWidth: Int, _ box: PixelRect) {
                for y in box.y..<box.y + box.height {
                    for x in box.x..<box.x + box.width {
                        samples += 1
                        if abs(Int(direct[plane + y * planeWidth + x]) - Int(converted[plane + y * planeWidth + x])) > 1 { beyondOne += 1 }
                    }
                }
            }
            for box in boxes {
                count(0, width, box)
                let chroma = PixelRect(x: box.x / 2, y: box.y / 2, width: (box.x + box.width + 1) / 2 - box.x / 2,
                                       height: (box.y + box.height + 1) / 2 - box.y / 2)
                count(width * height, width / 2, chroma)
                count(width * height + (width / 2) * (height / 2), width / 2, chroma)
            }
            XCTAssertLessThan(Double(beyondOne), 0.01 * Double(samples), "\(size) at \(time) s: \(beyondOne) of \(samples) beyond 1")
        }
    }
}
