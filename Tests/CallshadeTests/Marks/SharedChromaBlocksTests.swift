@testable import CallshadeCore
import XCTest

/// Marks that split a chroma block between them, blended over I420 planes:
/// each block as the mean of its pixels blended over RGBA (the node's own
/// RGBA blending) and converted here, not the first mark's colour leaked
/// into the second's pixels.
final class SharedChromaBlocksTests: XCTestCase {
    /// A frame of `width` x `height` in one colour, blended with `node` over
    /// RGBA and over I420; the I420 planes drawn straight, and the RGBA
    /// frame's chroma converted by BT.709 written out here (Cb then Cr, a
    /// block's mean of its pixels').
    func planes(_ node: MarksNode, width: Int, height: Int, below: (UInt8, UInt8, UInt8))
        -> (drawn: [UInt8], converted: [Double]) {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<width * height { (pixels[4 * index], pixels[4 * index + 1], pixels[4 * index + 2]) = below }
        pixels.withUnsafeMutableBufferPointer { node.blend(into: $0.baseAddress!, width: width, height: height) }
        func chroma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Double, Double) {
            let (r, g, b) = (Double(r) / 255, Double(g) / 255, Double(b) / 255)
            let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
            return (128 + 224 * (b - y) / 1.8556, 128 + 224 * (r - y) / 1.5748)
        }
        let (cbBelow, crBelow) = chroma(below.0, below.1, below.2)
        var planes = [UInt8](repeating: UInt8(16 + 219 * 0.5), count: width * height)
        planes += [UInt8](repeating: UInt8(cbBelow.rounded()), count: width * height / 4)
        planes += [UInt8](repeating: UInt8(crBelow.rounded()), count: width * height / 4)
        planes.withUnsafeMutableBufferPointer { node.blendYUV420(into: $0.baseAddress!, width: width, height: height) }
        var converted = [Double](repeating: 0, count: width * height / 2)
        for row in 0..<height / 2 {
            for column in 0..<width / 2 {
                var sums = (0.0, 0.0)
                for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let at = ((2 * row + dy) * width + 2 * column + dx) * 4
                    let (cb, cr) = chroma(pixels[at], pixels[at + 1], pixels[at + 2])
                    sums = (sums.0 + cb / 4, sums.1 + cr / 4)
                }
                converted[row * width / 2 + column] = sums.0
                converted[width * height / 4 + row * width / 2 + column] = sums.1
            }
        }
        return (Array(planes[(width * height)...]), converted)
    }

    /// A red bar and a green one meeting on odd column 5 of a 12 x 8 frame
    /// over blue: the blocks of columns 4-5 are half red, half green.
    func testTwoMarksSplittingABlockEachKeepTheirOwnPixels() throws {
        let red = Mark(x: 0, y: 0, width: 5, height: 8, kind: .roundedRectangle(cornerRadius: 0), color: RGB(1, 0, 0))
        let green = Mark(x: 5, y: 0, width: 5, height: 8, kind: .roundedRectangle(cornerRadius: 0), color: RGB(0, 1, 0))
        let node = MarksNode(atlas: nil, marks: [red, green])
        let (drawn, converted) = planes(node, width: 12, height: 8, below: (0, 0, 255))
        for (index, level) in drawn.enumerated() {
            XCTAssertEqual(Double(level), converted[index], accuracy: 1, "chroma sample \(index)")
        }
        // Mixing block (4, 5) by mean shares would leave a quarter of the red under the green: 30 levels of Cr and more.
        let split = 12 * 8 / 4 + 1 * 6 + 2
        XCTAssertEqual(Double(drawn[split]), converted[split], accuracy: 1)
    }

    /// Two bars split blocks; a veil over all of them (even shares: mixed
    /// by its mean share) goes over them; then a hairline, which shares the
    /// split blocks of its row pair, mixes them pixel by pixel from what the
    /// veil left, not from what was there before it (the gallery's bar over
    /// a tile's edge, its hairline below).
    func testAMarkEvenOverHeldBlocksKeepsThemForTheNextOne() throws {
        let red = Mark(x: 0, y: 0, width: 5, height: 16, kind: .roundedRectangle(cornerRadius: 0), color: RGB(1, 0, 0))
        let green = Mark(x: 6, y: 0, width: 6, height: 16, kind: .roundedRectangle(cornerRadius: 0), color: RGB(0, 1, 0))
        let veil = Mark(x: 0, y: 0, width: 12, height: 11, kind: .roundedRectangle(cornerRadius: 0), color: .white, alpha: 0.92)
        let hairline = Mark(x: 0, y: 10, width: 12, height: 1, kind: .roundedRectangle(cornerRadius: 0), color: .black, alpha: 0.2)
        let node = MarksNode(atlas: nil, marks: [red, green, veil, hairline])
        let (drawn, converted) = planes(node, width: 12, height: 16, below: (0, 0, 255))
        for (index, level) in drawn.enumerated() {
            XCTAssertEqual(Double(level), converted[index], accuracy: 1, "chroma sample \(index)")
        }
    }

    /// An upright rounded rectangle shares only the blocks along its edge:
    /// a glyph inside it shares nothing; a mark across its edge shares that edge's blocks.
    func testARoundedRectangleSharesOnlyItsEdges() {
        let pill = Mark(x: 40, y: 10, width: 300, height: 33, kind: .roundedRectangle(cornerRadius: 16.5))
        let inside = Mark(x: 100, y: 20, width: 12, height: 13, kind: .roundedRectangle(cornerRadius: 2))
        let across = Mark(x: 30, y: 20, width: 20, height: 13, kind: .roundedRectangle(cornerRadius: 2))
        let frame = PixelRect(x: 0, y: 0, width: 400, height: 60)
        let marks = [pill, inside, across]
        let shared = SharedChromaBlocks(marks: marks, areas: marks.map { MarksNode.pixels(of: $0.quad, within: frame) })
        XCTAssertEqual(shared.shared[1], [], "a mark inside the pill's whole pixels")
        XCTAssertFalse(shared.shared[2].isEmpty)
        // The left of the pill's edge lies in its first 19 columns of pixels (1 of anti-aliasing, 16.5 of corner): blocks 19-28 at most.
        XCTAssert(shared.shared[2].allSatisfy { $0.columns.upperBound <= 29 }, "\(shared.shared[2])")
        let uneven = SharedChromaBlocks.unevenBlocks(of: pill, area: MarksNode.pixels(of: pill.quad, within: frame))
        XCTAssertFalse(uneven.contains { $0.columns.contains(100) && $0.rows.contains(13) }, "the pill's middle is even")
        XCTAssert(uneven.contains { $0.columns.contains(100) && $0.rows.contains(5) }, "its top edge is not")
    }
}
