@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

/// The glass's block sums over I420 (`FrostedBlocks`, what its lattice is
/// made from and kept by) are each block's own samples added one by one:
/// its luma samples and the chroma samples of its pixels, for blocks of one
/// pixel (a 2x2 block's chroma shared) and of an even side, the region cut
/// by the frame's edges, over seeded planes.
final class FrostedBlocksTests: XCTestCase {
    func testI420SumsAreEachBlocksSamples() throws {
        let size = try FrameSize(width: 218, height: 150)
        let random = CounterRandom(seed: 7, domain: 0x4652_4F53_5445_4442)
        let count = size.width * size.height * 3 / 2
        let planes = (0..<count).map { UInt8(truncatingIfNeeded: random.bits(UInt64($0))) }
        let chromaWidth = size.width / 2
        for (sigma, centre) in [(5.0, Vec2(40, 30)), (20.0, Vec2(109, 75)), (40.0, Vec2(200, 140)), (33.0, Vec2(3, 4))] {
            let disc = PlacedShape(geometry: .ellipse(a: 20, b: 12), stroke: 0, centre: centre, scale: 1, rotation: 0, color: .white, alpha: 1)
            let glass = FrostedGlassNode(shapes: [disc], sigma: sigma)
            let blocks = try XCTUnwrap(planes.withUnsafeBufferPointer { FrostedBlocks(glass: glass, size: size, yuv420: $0.baseAddress!) })
            let side = glass.blockSide, region = blocks.region
            XCTAssertEqual(blocks.sums.count, blocks.columns * blocks.rows * 3)
            for row in 0..<blocks.rows {
                for column in 0..<blocks.columns {
                    let block = PixelRect(x: region.x + column * side, y: region.y + row * side, width: side, height: side).intersection(region)
                    var expected: [UInt32] = [0, 0, 0]
                    for y in block.rows { for x in block.columns { expected[0] += UInt32(planes[y * size.width + x]) } }
                    for y in (block.y / 2)..<((block.y + block.height + 1) / 2) {
                        for x in (block.x / 2)..<((block.x + block.width + 1) / 2) {
                            expected[1] += UInt32(planes[size.width * size.height + y * chromaWidth + x])
                            expected[2] += UInt32(planes[size.width * size.height + chromaWidth * (size.height / 2) + y * chromaWidth + x])
                        }
                    }
                    let at = (row * blocks.columns + column) * 3
                    XCTAssertEqual(Array(blocks.sums[at..<at + 3]), expected, "sigma \(sigma), block (\(column), \(row)) of side \(side)")
                }
            }
        }
    }
}
