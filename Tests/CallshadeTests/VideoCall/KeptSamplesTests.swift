@testable import CallshadeCore
@testable import CallshadeGL
import Foundation
import XCTest

extension Int: DrawnKey {
    public static var shelf: String { "test drawings" }
}

/// A renderer keeps the I420 samples a drawing wrote whole over its
/// rectangles in the reuse store (`KeptSamples`) and copies them for a
/// drawing from an equal key and equal rectangles: the planes are those of
/// the drawing alone, whatever the frame held before, in any order of its bands.
final class KeptSamplesTests: XCTestCase {
    /// A drawing that writes every I420 sample of `rects` from `seed` alone
    /// (never reading the frame), so that which drawing's bytes a frame
    /// holds tells whether it was drawn or copied.
    private struct PatternDrawing: HostDrawing {
        let seed: Int
        let rects: [PixelRect]
        let size: FrameSize

        var rows: Range<Int> { 0..<size.height }
        func draw(into pixels: UnsafeMutablePointer<UInt8>, rows: Range<Int>) {}

        static func sample(_ seed: Int, _ plane: Int, _ index: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: (seed &* 7919 &+ plane &* 104_729 &+ index &* 31) ^ (index >> 3) &* seed)
        }

        func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
            let (width, chromaWidth) = (size.width, size.width / 2)
            let chromaPart = chromaWidth * (size.height / 2)
            for rect in rects {
                let (top, bottom) = (max(rect.y, band.lowerBound), min(rect.y + rect.height, band.upperBound))
                guard top < bottom else { continue }
                for y in top..<bottom {
                    for x in rect.x..<rect.x + rect.width { planes[y * width + x] = Self.sample(seed, 0, y * width + x) }
                    guard y % 2 == 0 else { continue }
                    for part in 0..<2 {
                        for x in rect.x / 2..<(rect.x + rect.width) / 2 {
                            let index = (y / 2) * chromaWidth + x
                            planes[width * size.height + part * chromaPart + index] = Self.sample(seed, 1 + part, index)
                        }
                    }
                }
            }
        }
    }

    private let size = try! FrameSize(width: 64, height: 48)
    private let rects = [PixelRect(x: 4, y: 2, width: 40, height: 20), PixelRect(x: 0, y: 30, width: 64, height: 12)]

    /// Even row ranges covering `height` rows, cut at random even rows, in a shuffled order.
    private static func bands(_ height: Int, _ random: inout SeededGenerator) -> [Range<Int>] {
        var cuts = [0, height]
        for _ in 0..<4 { cuts.append(2 * random.below(height / 2)) }
        cuts = Array(Set(cuts)).sorted()
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }.shuffled(using: &random)
    }

    /// Random bytes the size of an I420 frame (what a reused buffer held).
    private static func garbage(_ count: Int, _ random: inout SeededGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// `drawing`'s `bands`, in their order, over a copy of `below`.
    private static func drawn(_ drawing: any HostDrawing, bands: [Range<Int>], over below: [UInt8]) -> [UInt8] {
        var planes = below
        planes.withUnsafeMutableBufferPointer { buffer in
            for band in bands { drawing.drawYUV420(into: buffer.baseAddress!, rows: band) }
        }
        return planes
    }

    /// Whether two frames' planes are the same, saying where they differ (not all their bytes).
    private static func assertSame(_ got: [UInt8], _ expected: [UInt8], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(got == expected, "\(message): \(SampleDifferences(got, expected))", file: file, line: line)
    }

    /// The full-screen video drawn through kept samples equals it drawn
    /// alone, filling and then copying (with other garbage below each time,
    /// bands in other orders, one frame's bands on several threads).
    /// Catches: copying the wrong rows or columns (an offset, a chroma row
    /// of the wrong pair, a plane's start), a copy that leaves some samples
    /// as they were, keeping samples before the drawing wrote them.
    func testAVideoDrawnThroughKeptSamplesIsTheVideoDrawnAlone() throws {
        let size = try FrameSize(width: 240, height: 320)
        let node = VideoNode(picture: .ycbcr(GeneratedVideo.frame(width: 90, height: 160, number: 4)), mirrored: true,
                             clip: RoundedRectangle(x: 0, y: 0, width: 240, height: 320, cornerRadius: 29),
                             content: RoundedRectangle(x: -13.25, y: 0, width: 266.5, height: 320, cornerRadius: 0))
        let rects = [PixelRect(x: 0, y: 0, width: 240, height: 200), PixelRect(x: 0, y: 200, width: 136, height: 80),
                     PixelRect(x: 200, y: 200, width: 40, height: 80), PixelRect(x: 0, y: 280, width: 240, height: 40)]
        let kept = ReuseStore()
        var random = SeededGenerator(state: 44_01)
        let frameBytes = YUV420.frameBytes(width: size.width, height: size.height)
        XCTAssertFalse(HostVideoDrawing(node: node, rects: rects, size: size, dithers: false).writtenWhole.isEmpty)
        for (attempt, concurrent) in [(0, false), (1, false), (2, true)] {
            let below = Self.garbage(frameBytes, &random)
            let bands = Self.bands(size.height, &random)
            let alone = Self.drawn(HostVideoDrawing(node: node, rects: rects, size: size, dithers: false), bands: bands, over: below)
            let through = HostVideoDrawing(node: node, rects: rects, size: size, dithers: false, reuse: kept)
            var planes = below
            if concurrent {
                planes.withUnsafeMutableBufferPointer { buffer in
                    let address = SendablePointer(address: buffer.baseAddress!)
                    DispatchQueue.concurrentPerform(iterations: bands.count) { through.drawYUV420(into: address.address, rows: bands[$0]) }
                }
            } else {
                planes = Self.drawn(through, bands: bands, over: below)
            }
            XCTAssertEqual(SampleDifferences(planes, alone).differing, 0, "drawing \(attempt)")
            XCTAssertEqual(kept.shelves.first { $0.shelf == "video rows" }?.values, 1)
        }
    }

    /// A drawing from an equal key and equal rectangles is copied (the
    /// first drawing's bytes, though this one would write others); another
    /// key, or other rectangles, is drawn. Catches: never copying (the
    /// memory is then useless), copying for a key or rectangles that differ.
    func testOnlyAnEqualKeyAndEqualRectanglesAreCopied() {
        let kept = ReuseStore()
        var random = SeededGenerator(state: 44_02)
        let frameBytes = YUV420.frameBytes(width: size.width, height: size.height)
        func through(_ seed: Int, key: Int, rects: [PixelRect]) -> (got: [UInt8], drawn: [UInt8], below: [UInt8]) {
            let below = Self.garbage(frameBytes, &random), bands = Self.bands(size.height, &random)
            let drawing = PatternDrawing(seed: seed, rects: rects, size: size)
            return (Self.drawn(kept.drawing(drawing, yuv: rects, key: key, size: size), bands: bands, over: below),
                    Self.drawn(drawing, bands: bands, over: below), below)
        }
        let first = through(1, key: 10, rects: rects)
        Self.assertSame(first.got, first.drawn, "filled: the drawing's own bytes")
        XCTAssertFalse(first.got == first.below, "the drawing wrote nothing")
        let copied = through(2, key: 10, rects: rects)
        Self.assertSame(copied.got, Self.drawn(PatternDrawing(seed: 1, rects: rects, size: size), bands: [0..<size.height], over: copied.below),
                        "an equal key's drawing is the kept bytes")
        XCTAssertFalse(copied.got == copied.drawn, "the two patterns are alike: a copy cannot be told from a drawing")
        let otherKey = through(3, key: 11, rects: rects)
        Self.assertSame(otherKey.got, otherKey.drawn, "another key is drawn")
        let otherRects = [PixelRect(x: 4, y: 2, width: 40, height: 20), PixelRect(x: 0, y: 30, width: 64, height: 10)]
        let moved = through(4, key: 10, rects: otherRects)
        Self.assertSame(moved.got, moved.drawn, "other rectangles are drawn")
    }

    /// A drawing whose bands did not all run kept only some rows: it is
    /// never copied; the next drawing from its key draws (and fills) again.
    /// Catches: copying samples never written (what the memory held).
    func testADrawingWithBandsNotRunIsNeverCopied() {
        let kept = ReuseStore()
        let below = [UInt8](repeating: 77, count: YUV420.frameBytes(width: size.width, height: size.height))
        let partly = kept.drawing(PatternDrawing(seed: 1, rects: rects, size: size), yuv: rects, key: 5, size: size)
        _ = Self.drawn(partly, bands: [0..<10, 30..<48], over: below)
        let second = PatternDrawing(seed: 2, rects: rects, size: size)
        Self.assertSame(Self.drawn(kept.drawing(second, yuv: rects, key: 5, size: size), bands: [0..<20, 20..<48], over: below),
                        Self.drawn(second, bands: [0..<48], over: below), "drawn, not copied from the drawing with bands missing")
        // The second ran whole: now it is copied.
        Self.assertSame(Self.drawn(kept.drawing(PatternDrawing(seed: 3, rects: rects, size: size), yuv: rects, key: 5, size: size),
                                   bands: [24..<48, 0..<24], over: below),
                        Self.drawn(second, bands: [0..<48], over: below), "the whole drawing copied")
        XCTAssertEqual(kept.shelves.first?.values, 1, "the drawing with bands missing is replaced, not kept beside it")
    }

    /// At most the store's budget is kept (here two drawings' samples), the
    /// one used longest ago dropped first. Catches: a memory that grows
    /// without bound, dropping the drawing just used (a frame's two
    /// pictures would then never be copied).
    func testTheBudgetBoundsWhatIsKept() {
        let samples = rects.reduce(0) { $0 + $1.width * $1.height * 3 / 2 }
        let kept = ReuseStore(budget: 2 * samples)
        func count() -> Int? { kept.shelves.first?.values }
        let below = [UInt8](repeating: 0, count: YUV420.frameBytes(width: size.width, height: size.height))
        func draw(seed: Int, key: Int) -> [UInt8] {
            Self.drawn(kept.drawing(PatternDrawing(seed: seed, rects: rects, size: size), yuv: rects, key: key, size: size),
                       bands: [0..<48], over: below)
        }
        func alone(_ seed: Int) -> [UInt8] { Self.drawn(PatternDrawing(seed: seed, rects: rects, size: size), bands: [0..<48], over: below) }
        for key in 1...5 {
            _ = draw(seed: key, key: key)
            XCTAssertEqual(count(), min(key, 2))
        }
        // Kept: 4 and 5. 4 used again, then 6 drawn: 5 goes, 4 stays.
        Self.assertSame(draw(seed: 40, key: 4), alone(4), "the kept one copied")
        _ = draw(seed: 6, key: 6)
        XCTAssertEqual(count(), 2)
        Self.assertSame(draw(seed: 41, key: 4), alone(4), "the one used last is kept")
        Self.assertSame(draw(seed: 50, key: 5), alone(50), "the one used longest ago was dropped")
        XCTAssertEqual(count(), 2)
    }
}

/// The tiles a renderer keeps for a node's key (`NodeTilesKey`) are the
/// node's own: those read afresh.
final class KeptTilesTests: XCTestCase {
    private func assertFresh(_ tiles: CoveredTiles, _ node: any SceneNode, _ size: FrameSize, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let fresh = CoveredTiles(node, in: size)
        XCTAssertEqual(tiles.region, fresh.region, message, file: file, line: line)
        // Not XCTAssertEqual: a frame's tiles are thousands.
        XCTAssertTrue(tiles.coverage == fresh.coverage, "\(message): the tiles differ from those read afresh", file: file, line: line)
    }

    /// A video by its placement: another picture in the same place has the
    /// same tiles; an opacity, a shape, a picture not opaque or a frame's
    /// size that differ read them again. Catches: a key missing what the
    /// tiles depend on (opacity and opaqueness make a tile opaque or an edge).
    func testAVideosTilesAreThoseReadAfresh() throws {
        let (size, other) = (try FrameSize(width: 240, height: 320), try FrameSize(width: 200, height: 320))
        let kept = ReuseStore()
        func video(_ number: Int, opacity: Double = 1, radius: Double = 29) -> VideoNode {
            VideoNode(picture: .ycbcr(GeneratedVideo.frame(width: 90, height: 160, number: number)),
                      clip: RoundedRectangle(x: 0, y: 0, width: 240, height: 320, cornerRadius: radius),
                      content: RoundedRectangle(x: -13.25, y: 0, width: 266.5, height: 320, cornerRadius: 0), opacity: opacity)
        }
        var translucent = video(1)
        translucent.picture = .rgba(RGBAImage(width: 4, height: 4, fill: (10, 20, 30, 128)))
        translucent = VideoNode(picture: translucent.picture, clip: translucent.clip, content: translucent.content)
        XCTAssertFalse(translucent.isOpaque)
        let cases: [(String, VideoNode, FrameSize)] = [
            ("first", video(1), size), ("another picture", video(2), size), ("faded", video(2, opacity: 0.5), size),
            ("another clip", video(3, radius: 60), size), ("not opaque", translucent, size), ("another size", video(4), other),
            ("the first again", video(5), size),
        ]
        for (name, node, size) in cases { assertFresh(kept.tiles(of: node, key: node.placement, size: size), node, size, name) }
        XCTAssertFalse(CoveredTiles(video(1), in: size).coverage == CoveredTiles(video(1, opacity: 0.5), in: size).coverage)
        XCTAssertEqual(video(1).placement, video(2).placement)
    }

    /// A shade by the node itself, the store's budget exceeded (room for
    /// two) and used again. Catches: a kept entry returned for another node or another size.
    func testAShadesTilesAreThoseReadAfresh() throws {
        let size = try FrameSize(width: 240, height: 320)
        let tileBytes = 64 + (240 / 8) * (320 / 8) * MemoryLayout<TileCoverage>.stride
        let kept = ReuseStore(budget: 2 * tileBytes)
        let nodes = [0.2, 0.6, 1].map { presence in
            ShadeNode(parts: [.inside(RoundedRectangle(x: 40 * (1 - presence), y: 50 * (1 - presence), width: 240 - 80 * (1 - presence),
                                                       height: 320 - 100 * (1 - presence), cornerRadius: 29), alpha: presence),
                              .outside(RoundedRectangle(x: 0, y: 0, width: 240, height: 320, cornerRadius: 29), alpha: presence)])
        }
        for (index, node) in (nodes + nodes.reversed() + [nodes[0]]).enumerated() {
            assertFresh(kept.tiles(of: node, key: node, size: size), node, size, "shade \(index)")
        }
    }
}
