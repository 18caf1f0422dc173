@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// A shape's coverages along a row (`PlacedShape.Sampler.coverages`, what
/// the host draws shapes by) are the reference's, to the bit, at every
/// pixel: every kind, filled and stroked, turned and scaled, thin, wide and
/// long (an ellipse ten times longer than wide, whose distance is only an
/// estimate), rows cut anywhere; and every pixel they cover lies within
/// the row's reach across the shape's own box.
final class ShapeRowCoverageTests: XCTestCase {
    static let size = try! FrameSize(width: 260, height: 220)

    /// Every kind, filled and stroked, at several sizes, widths, scales and turns.
    static func shapes() throws -> [PlacedShape] {
        let canvas = DrawingCanvas(size: size)
        let placement = CanvasPlacement(canvas: size, frame: size)
        var shapes: [PlacedShape] = []
        let looks: [(w: Double, h: Double, width: Double, scale: Double, rotation: Double)] = [
            (90, 60, 6, 1.3, 33), (160, 16, 1.2, 1, -71.5), (40, 120, 14, 0.7, 180), (200, 150, 3, 0.45, 12.25), (120, 70, 0.6, 2.1, 90),
        ]
        for kind in ShapeEntity.Kind.allCases {
            for fill in [true, false] {
                for (index, look) in looks.enumerated() {
                    let entity = ShapeEntity(kind: kind, fill: fill, colour: StrokeColour(color: .black, alpha: 1), width: look.width,
                                             w: look.w, h: look.h,
                                             keys: [EntityKey(at: 0, x: 121.3 + Double(index), y: 104.6, scale: look.scale, rotation: look.rotation)])
                    shapes.append(try XCTUnwrap(entity.placed(at: 1, canvas: canvas, placement: placement)))
                }
            }
        }
        return shapes
    }

    func testRowsAreTheReferencesCoverageAtEveryPixel() throws {
        var coverage = [Double](repeating: -1, count: Self.size.width)
        var worked = 0, sure = 0
        for shape in try Self.shapes() {
            let sampler = PlacedShape.Sampler(shape)
            for y in 0..<Self.size.height {
                let centreY = Double(y) + 0.5
                // A row from an odd column to short of the edge, and the whole row.
                for columns in [3..<(Self.size.width - 5), 0..<Self.size.width] {
                    coverage.withUnsafeMutableBufferPointer { sampler.coverages(row: centreY, columns: columns, into: $0.baseAddress!) }
                    for x in columns {
                        let expected = EdgeCoverage.coverage(signedDistance: shape.signedDistance(Vec2(Double(x) + 0.5, centreY)))
                        if coverage[x - columns.lowerBound] != expected {
                            return XCTFail("\(shape.geometry) stroke \(shape.stroke) turned \(shape.rotation): (\(x), \(y)) "
                                           + "\(coverage[x - columns.lowerBound]) against the reference's \(expected)")
                        }
                        if expected > 0 && expected < 1 { worked += 1 }
                        if expected > 0, columns.lowerBound == 0 {
                            let reach = sampler.reach(atRow: centreY)
                            XCTAssertTrue(reach?.contains(Double(x) + 0.5) ?? false, "\(shape.geometry) stroke \(shape.stroke): (\(x), \(y)) beyond its reach")
                        }
                        if expected == 1 { sure += 1 }
                    }
                }
            }
        }
        // Both kinds of pixel are met many times: edges, and runs surely covered.
        XCTAssertGreaterThan(worked, 1000)
        XCTAssertGreaterThan(sure, 1000)
    }
}
