import CallshadeCore
@testable import CallshadeGL
import XCTest

/// The host composition (background interpolated on the CPU, the foreground's
/// rings pasted over it: what `render` does on a software rasteriser) held to
/// the all-GPU path and to the CPU reference; and the rings themselves.
final class HostCompositionTests: XCTestCase {
    func testHostCompositionMatchesTheGPUPath() throws {
        let gpu = try makeGPURenderer()
        for (size, time, photo, dither) in [("1080x1920", 7.0, true, false), ("960x1280", 12.5, false, true)] {
            var request = try ForegroundFixtures.request(at: time, size: size, photo: photo)
            request.dither = dither
            gpu.composesOnHost = true
            let host = try gpu.render(request)
            gpu.composesOnHost = false
            let full = try gpu.render(request)
            let toGPU = ImageComparison(host, full)
            XCTAssertLessThanOrEqual(toGPU.maxDelta, 1, "\(size) at \(time): \(toGPU)")
            // Rounding apart, the same interpolation: hardly a channel differs.
            let differing = zip(host.pixels, full.pixels).filter { $0 != $1 }.count
            XCTAssertLessThan(Double(differing), 1e-4 * Double(host.pixels.count), "\(size) at \(time)")
            if !dither {
                let toReference = ImageComparison(host, try ReferenceRenderer().render(request))
                XCTAssertTrue(toReference.withinParity, "\(size) at \(time): \(toReference)")
            }
        }
    }

    func testRingsWithATranslucentAvatar() throws {
        // Half-transparent everywhere: the waves must show through the avatar's inside.
        let side = 96
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3]) = (100, 20, 60, 128)
        }
        let image = try XCTUnwrap(AvatarImage(side: side, premultiplied: pixels))
        XCTAssertFalse(image.isOpaque)
        var request = try ForegroundFixtures.request(at: 7, size: "390x844")
        request.foreground?.avatar.image = image
        let foreground = try XCTUnwrap(request.foreground)
        XCTAssertFalse(ForegroundRings.rings(for: foreground, layers: request.layers).contains { $0.part == .avatarInterior })
        let comparison = ImageComparison(try makeGPURenderer().render(request), try ReferenceRenderer().render(request))
        XCTAssertTrue(comparison.withinParity, "\(comparison)")
    }

    func testRingsCoverTheForegroundAndNoMore() throws {
        let request = try ForegroundFixtures.request(at: 7, size: "1080x1920", photo: true)
        let foreground = try XCTUnwrap(request.foreground)
        let rings = ForegroundRings.rings(for: foreground, layers: request.layers)
        XCTAssertEqual(rings.map(\.part), [.avatarInterior, .whole, .outerWave])
        // Inside out, each ring starts inside the one before it ends.
        for (inner, outer) in zip(rings, rings.dropFirst()) {
            XCTAssertLessThanOrEqual(outer.innerVertexRadius, inner.outerVertexRadius)
        }
        // The interior stays where the avatar is opaque; the outer wave's ring
        // starts outside the inner wave's and the avatar's reach.
        let avatarRadius = foreground.avatar.diameter / 2
        XCTAssertLessThanOrEqual(rings[0].outerVertexRadius, avatarRadius - 0.5)
        let apothem = cos(Double.pi / Double(ForegroundRings.segments))   // a polygon's edges' distance per vertex radius
        XCTAssertGreaterThanOrEqual(rings[2].innerVertexRadius * apothem + 1e-9,
                                    max(avatarRadius + 0.5, foreground.waves.shapes[1].side * Foreground.wavesReach))
        XCTAssertGreaterThanOrEqual(ForegroundRings.extent(of: rings) * apothem, foreground.waves.shapes[0].side * Foreground.wavesReach)
        // Without the waves, only the avatar: its inside and its edge.
        let avatarOnly = ForegroundRings.rings(for: foreground, layers: [.background, .avatar])
        XCTAssertEqual(avatarOnly.map(\.part), [.avatarInterior, .whole])
        XCTAssertLessThan(ForegroundRings.extent(of: avatarOnly), (avatarRadius + 1) * ForegroundRings.circumscribed + 3)
    }
}

final class HostYUVTests: XCTestCase {
    /// I420 straight from the gradient's Y, Cb and Cr against the all-GPU
    /// path's RGBA frame converted by the fixed-point converter: within a level. They differ
    /// by one on about a tenth of the samples: the direct planes skip
    /// rounding R, G and B to 8 bits before converting.
    func testDirectPlanesMatchTheConvertedFrame() throws {
        let gpu = try makeGPURenderer()
        for (size, time, photo) in [("1080x1920", 7.0, true), ("962x1282", 21.0, false)] {
            let request = try ForegroundFixtures.request(at: time, size: size, photo: photo)
            gpu.composesOnHost = true
            var direct: [UInt8] = []
            try gpu.renderYUV420(request, into: &direct)
            gpu.composesOnHost = false
            var converted: [UInt8] = []
            try YUV420.convertFast(try gpu.render(request), into: &converted)
            XCTAssertEqual(direct.count, converted.count)
            let differences = zip(direct, converted).map { abs(Int($0) - Int($1)) }
            XCTAssertLessThanOrEqual(differences.max() ?? 99, 1, size)
            let off = differences.filter { $0 > 0 }.count
            XCTAssertLessThan(Double(off), 0.15 * Double(differences.count), "\(size): \(off) samples differ by 1")
        }
    }
}
