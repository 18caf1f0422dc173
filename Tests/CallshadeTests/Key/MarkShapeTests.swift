@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeText
import XCTest

/// The shapes' fast path on the host: where it says a pixel is surely
/// covered, the exact coverage is 1.
final class MarkShapeTests: XCTestCase {
    func testFullCoverageRunsHoldOnlySurelyCoveredPixels() throws {
        let image = GlyphImage(x: 0, y: 0, width: 10, height: 10, left: 0, top: 0)
        let atlas = try XCTUnwrap(GlyphAtlas(width: 16, height: 16, coverage: [UInt8](repeating: 255, count: 256)))
        let marks = [
            Mark(x: 10.3, y: 5.7, width: 56, height: 56, kind: .roundedRectangle(cornerRadius: 28)),
            Mark(x: 3, y: 2, width: 40.5, height: 13.2, kind: .roundedRectangle(cornerRadius: 4.4)),
            Mark(x: 0.5, y: 0.25, width: 30, height: 1, kind: .roundedRectangle(cornerRadius: 0)),
            Mark(x: 20.2, y: 10.9, width: 77, height: 77, kind: .cutOut(.init(innerRadius: 17.3, image: image, x: 40, y: 30, width: 30.5, height: 22))),
            Mark(x: 5, y: 5, width: 60, height: 60, kind: .cutOut(.init(innerRadius: 0, image: image, x: 20, y: 25, width: 12, height: 12))),
            // Slices of one shape: whole-pixel edges, and a fractional one (the Close button's draining edge).
            Mark(x: 30, y: 9, width: 17, height: 60, kind: .cutOut(.init(innerRadius: 0, image: image, x: 33, y: 30, width: 9, height: 12,
                                                                         shape: .init(x: 10.3, y: 10, width: 90, height: 56, cornerRadius: 12)))),
            Mark(x: 12.6, y: 9, width: 17.4, height: 60, kind: .cutOut(.init(innerRadius: 0, image: image, x: 15, y: 30, width: 9, height: 12,
                                                                             shape: .init(x: 10.3, y: 10, width: 90, height: 56, cornerRadius: 12)))),
        ]
        var covered = 0, surely = 0
        for mark in marks {
            for y in -2..<100 {
                let runs = mark.fullCoverageRuns(atRow: Double(y) + 0.5)
                for x in -2..<110 {
                    let centre = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                    let coverage = mark.coverage(at: centre, atlas: atlas)
                    covered += coverage == 1 ? 1 : 0
                    guard runs.contains(where: { $0.contains(centre.x) }) else { continue }
                    surely += 1
                    XCTAssertEqual(coverage, 1, "\(mark.kind) at \(x), \(y)")
                }
            }
        }
        // Most covered pixels are found by the runs (the rest lie within a pixel of an edge).
        XCTAssertGreaterThan(Double(surely), 0.8 * Double(covered), "\(surely) of \(covered)")
    }
}

extension MarkShapeTests {
    /// Slices of one shape with whole-pixel edges between them part it
    /// exactly: over the slices, each pixel's coverage is the shape's.
    func testSlicesWithWholePixelEdgesPartTheShapeExactly() throws {
        let image = GlyphImage(x: 0, y: 0, width: 4, height: 4, left: 0, top: 0)
        let atlas = try XCTUnwrap(GlyphAtlas(width: 4, height: 4, coverage: [UInt8](repeating: 0, count: 16)))
        let shape = RoundedRectangle(x: 10.3, y: 10.6, width: 90.2, height: 40, cornerRadius: 12)
        let edges = [9, 31, 52, 70, 102]
        let slices = zip(edges, edges.dropFirst()).map { left, right in
            Mark(x: Double(left), y: 9, width: Double(right - left), height: 43,
                 kind: .cutOut(.init(innerRadius: 0, image: image, x: -50, y: -50, width: 4, height: 4, shape: shape)))
        }
        for y in 5..<56 {
            for x in 5..<105 {
                let point = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                let covered = slices.map { $0.coverage(at: point, atlas: atlas) }
                XCTAssertLessThanOrEqual(covered.filter { $0 > 0 }.count, 1, "one slice at \(x), \(y)")
                XCTAssertEqual(covered.reduce(0, +), shape.coverage(at: point), accuracy: 1e-12, "at \(x), \(y)")
            }
        }
    }
}

extension MarkShapeTests {
    /// The host's shares for shapes and cut-outs (its fast runs, its table
    /// for a cut-out glyph at its own size) are the per-pixel coverage's, to the bit.
    func testTheHostsSharesForShapesAreThePerPixelOnes() throws {
        let setter = try TextSetter(scale: 3, texts: [TextStyle(.icons, 44.8): ["mic_off"]])
        let icon = try XCTUnwrap(setter.line("mic_off", style: TextStyle(.icons, 44.8)).marks(origin: Vec2(40, 150)).first)
        guard case .glyph(let image) = icon.kind else { return XCTFail("not a glyph") }
        let marks = [
            Mark(x: 20, y: 20, width: 168, height: 168, kind: .cutOut(.init(innerRadius: 0, image: image, x: icon.x, y: icon.y - 110,
                                                                               width: icon.width, height: icon.height))),
            Mark(x: 20.5, y: 20.25, width: 168, height: 168, kind: .cutOut(.init(innerRadius: 30.5, image: image, x: icon.x, y: icon.y - 110,
                                                                                     width: icon.width, height: icon.height)), alpha: 0.5),
            Mark(x: 10.3, y: 12.9, width: 150.2, height: 60.1, kind: .roundedRectangle(cornerRadius: 20), color: RGB(1, 0.2, 0.1)),
            Mark(x: 60.4, y: 100, width: 43, height: 62, kind: .cutOut(.init(innerRadius: 0, image: image, x: icon.x, y: icon.y - 40,
                                                                             width: icon.width, height: icon.height,
                                                                             shape: .init(x: 20.2, y: 101, width: 300, height: 60, cornerRadius: 12)))),
        ]
        for mark in marks {
            let node = MarksNode(atlas: setter.atlas, marks: [mark])
            let area = MarksNode.pixels(of: mark.quad, within: PixelRect(x: 0, y: 0, width: 400, height: 400))
            let ink = MarkInk(mark)
            var compared = 0
            node.forEachShareRow(of: mark, in: area, tables: ShareTables(node)) { y, shares in
                for column in 0..<area.width {
                    let want = ink.amount(Float(mark.coverage(at: Vec2(Double(area.x + column) + 0.5, Double(y) + 0.5), atlas: setter.atlas)))
                    XCTAssertEqual(shares[column], want, "\(mark.kind) at \(area.x + column), \(y)")
                    compared += 1
                }
            }
            XCTAssertGreaterThan(compared, 2000)
        }
    }
}
