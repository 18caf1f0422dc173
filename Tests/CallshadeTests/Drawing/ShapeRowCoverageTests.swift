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

    /// A shapes node's tiles (`ShapesNode.tileCoverage`) hold every pixel
    /// that any of its shapes covers, for every kind, filled and stroked,
    /// turned and scaled, and the region cut anywhere (soft edges too);
    /// and they leave out what no shape reaches: a stroked ring's hole
    /// and the corners of a turned box (fewer tiles than the boxes touch).
    func testTilesHoldEveryCoveredPixelAndLeaveOutHoles() throws {
        let width = Self.size.width
        var soft = try Self.shapes().enumerated().map { index, shape -> PlacedShape in
            var shape = shape
            if index % 7 == 0 { shape.softness = 2.5 }
            return shape
        }
        soft.append(contentsOf: try Self.shapes().prefix(3))
        var left = 0, kept = 0
        for shape in soft {
            let node = ShapesNode(shapes: [shape])
            for region in [PixelRect(x: 0, y: 0, width: width, height: Self.size.height), PixelRect(x: 3, y: 5, width: 201, height: 197)] {
                let tiles = node.tileCoverage(in: region)
                let (columns, _) = SceneTiles.count(region)
                var boxTiles = 0
                let box = ShapesNode.box(of: shape)
                for y in region.rows {
                    for x in region.columns {
                        let tile = ((y - region.y) / SceneTiles.side) * columns + (x - region.x) / SceneTiles.side
                        let centre = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                        let covered = shape.softness > 0
                            ? SoftEdge.coverage(signedDistance: shape.signedDistance(centre), sigma: shape.softness)
                            : EdgeCoverage.coverage(signedDistance: shape.signedDistance(centre))
                        if covered > 0, tiles[tile] != .edge {
                            return XCTFail("\(shape.geometry) stroke \(shape.stroke) turned \(shape.rotation): (\(x), \(y)) covered \(covered) in a tile left out")
                        }
                    }
                }
                for (index, coverage) in tiles.enumerated() {
                    let centres = SceneTiles.centreBox(column: index % columns, row: index / columns, region: region, origin: Vec2(0, 0))
                    let touchesBox = centres.x.upperBound >= box.left && centres.x.lowerBound <= box.right
                        && centres.y.upperBound >= box.top && centres.y.lowerBound <= box.bottom
                    if touchesBox { boxTiles += 1 }
                    if coverage == .edge { kept += 1; XCTAssertTrue(touchesBox, "a tile outside the shape's box kept") }
                }
                left += boxTiles - tiles.filter { $0 == .edge }.count
            }
        }
        // Holes and corners are left out, many times over.
        XCTAssertGreaterThan(left, 2000)
        XCTAssertGreaterThan(kept, 2000)
    }
}
