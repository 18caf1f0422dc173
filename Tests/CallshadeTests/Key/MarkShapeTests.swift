@testable import CallshadeCore
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
