@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

/// The waves' coverage as the host works it out from column and row factors,
/// held to the reference's direct sum at every pixel of the waves' square.
final class FactoredWaveFieldTests: XCTestCase {
    func testFactoredCoverageMatchesTheDirectSum() throws {
        for (time, size) in [(7.0, "1080x1920"), (12.5, "390x844"), (21.0, "720x1280")] {
            let request = try ForegroundFixtures.scene(at: time, size: size)
            let foreground = try XCTUnwrap(request.node(AvatarWavesNode.self))
            let waves = try XCTUnwrap(foreground.waves)
            let region = PixelRect(around: foreground.centre, reach: foreground.reach + 1, clippedTo: request.size)
            var worst = 0.0
            var partial = 0
            var row = [Float](repeating: 0, count: region.width)
            for shape in waves.shapes {
                let field = try XCTUnwrap(FactoredWaveField(shape: shape, centre: foreground.centre, region: region))
                for y in region.y..<region.y + region.height {
                    // An odd start and length, so both the vector loop and the tail run.
                    let columns = region.x + 1..<region.x + region.width
                    row.withUnsafeMutableBufferPointer { field.coverage(row: y, columns: columns, into: $0.baseAddress!) }
                    for (at, x) in columns.enumerated() {
                        let offset = Vec2(Double(x) + 0.5 - foreground.centre.x, Double(y) + 0.5 - foreground.centre.y)
                        let expected = shape.coverage(atOffset: offset)
                        if expected > 0 && expected < 1 { partial += 1 }
                        worst = max(worst, abs(Double(row[at]) - expected))
                    }
                }
            }
            XCTAssertGreaterThan(partial, 500, "\(size) at \(time): the edges were crossed")
            // Single precision against double: well under a level of the waves' 0.35 white.
            XCTAssertLessThan(worst, 2e-3, "\(size) at \(time)")
        }
    }

    /// k = co + ci - a co ci, so that a k is the mask 1 - (1 - a co)(1 - a ci).
    func testWeightsGiveTheWavesMask() throws {
        let request = try ForegroundFixtures.scene(at: 7, size: "390x844")
        let foreground = try XCTUnwrap(request.node(AvatarWavesNode.self))
        let waves = try XCTUnwrap(foreground.waves)
        let region = PixelRect(around: foreground.centre, reach: foreground.reach + 1, clippedTo: request.size)
        let weights = WaveEdgeWeights(waves, centre: foreground.centre, region: region)
        let reference = ReferenceForeground(node: foreground)
        var row = [Float](repeating: 0, count: region.width * 2)
        var worst = 0.0
        for y in region.y..<region.y + region.height {
            let columns = region.x..<region.x + region.width
            row.withUnsafeMutableBufferPointer { weights.weights(row: y, columns: columns, outer: nil, inner: nil, into: $0.baseAddress!) }
            for (at, x) in columns.enumerated() {
                let offset = Vec2(Double(x) + 0.5 - foreground.centre.x, Double(y) + 0.5 - foreground.centre.y)
                worst = max(worst, abs(waves.alpha * Double(row[at]) - reference.waveMask(waves, offset: offset)))
            }
        }
        XCTAssertLessThan(worst, 1e-3)
        // Given coverages win: both inside is the mask of both.
        row.withUnsafeMutableBufferPointer { weights.weights(row: region.y, columns: region.x..<region.x + 9, outer: true, inner: true, into: $0.baseAddress!) }
        XCTAssertEqual(Double(row[0]), 2 - waves.alpha, accuracy: 1e-6)
        row.withUnsafeMutableBufferPointer { weights.weights(row: region.y, columns: region.x..<region.x + 9, outer: false, inner: false, into: $0.baseAddress!) }
        XCTAssertEqual(row[8], 0)
    }
}
