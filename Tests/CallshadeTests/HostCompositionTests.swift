@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

/// The host composition (background interpolated on the CPU, the foreground's
/// tiles pasted over it: what `render` does on a software rasteriser) held to
/// the all-GPU path and to the CPU reference.
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

    func testTilesWithATranslucentAvatar() throws {
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
        let tiles = ForegroundTiles(foreground: foreground, layers: request.layers, region: PixelRect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertFalse(tiles.runs.contains { $0.kind == .avatarInterior })
        let comparison = ImageComparison(try makeGPURenderer().render(request), try ReferenceRenderer().render(request))
        XCTAssertTrue(comparison.withinParity, "\(comparison)")
    }
}

/// The foreground's tiles: each kind's cheaper program must give exactly
/// what the whole composition gives there.
final class ForegroundTilesTests: XCTestCase {
    /// On the GPU passes, the tiled foreground against the whole square drawn
    /// by the whole composition: byte for byte, for pictures and the
    /// placeholder, small and large waves, hidden and frozen waves, every
    /// set of layers, dither and a translucent avatar.
    func testTilesDrawWhatTheWholeSquareDraws() throws {
        let gpu = try makeGPURenderer()
        gpu.composesOnHost = false
        var cases: [(String, FrameRequest)] = []
        for (time, size, photo) in [(7.0, "1080x1920", true), (7.0, "720x1280", false), (12.5, "390x844", false),
                                    (21.0, "390x844", true), (30.5, "390x844", false), (34.5, "390x844", true)] {
            cases.append(("\(size) at \(time)", try ForegroundFixtures.request(at: time, size: size, photo: photo)))
        }
        for layers: Set<Layer> in [[.waves], [.avatar], [.waves, .avatar], [.background, .waves], [.background, .avatar]] {
            cases.append(("layers \(layers.map(\.rawValue).sorted())", try ForegroundFixtures.request(at: 7, size: "390x844", layers: layers, photo: true)))
        }
        var dithered = try ForegroundFixtures.request(at: 8, size: "720x1280", photo: true)
        dithered.dither = true
        cases.append(("dithered", dithered))
        var translucent = try ForegroundFixtures.request(at: 7, size: "390x844")
        let side = 64
        let pixels = (0..<side * side).flatMap { index -> [UInt8] in [UInt8(index % 200), 40, 90, UInt8(index % 2 == 0 ? 255 : 160)] }
        translucent.foreground?.avatar.image = try XCTUnwrap(AvatarImage(side: side, premultiplied: pixels))
        cases.append(("translucent avatar", translucent))
        for (name, request) in cases {
            gpu.classifiesTiles = true
            let tiled = try gpu.render(request)
            gpu.classifiesTiles = false
            let whole = try gpu.render(request)
            let comparison = ImageComparison(tiled, whole)
            XCTAssertEqual(comparison.maxDelta, 0, "\(name): \(comparison)")
        }
    }

    /// Every pixel of every tile against the reference's coverage: a tile
    /// kind that takes a coverage as known must have exactly that coverage
    /// at each of its pixels, and pixels in no tile must be untouched. And
    /// the cheap kinds must cover most of the square.
    func testTileKindsHoldAtEveryPixel() throws {
        for (time, photo) in [(7.0, true), (12.5, false), (21.0, false)] {
            let request = try ForegroundFixtures.request(at: time, size: "720x1280", photo: photo)
            let foreground = try XCTUnwrap(request.foreground)
            let region = PixelRect(around: foreground.centre, reach: foreground.reach + 1, clippedTo: request.size).aligned8(within: request.size)
            XCTAssertEqual([region.x % 8, region.y % 8, region.width % 8, region.height % 8], [0, 0, 0, 0])
            let tiles = ForegroundTiles(foreground: foreground, layers: request.layers, region: region)
            var kinds = [TileKind?](repeating: nil, count: region.pixelCount)
            for (kind, rects) in tiles.runs {
                for rect in rects {
                    for y in rect.y..<rect.y + rect.height {
                        for x in rect.x..<rect.x + rect.width {
                            XCTAssertNil(kinds[(y - region.y) * region.width + x - region.x], "tiles overlap at \(x), \(y)")
                            kinds[(y - region.y) * region.width + x - region.x] = kind
                        }
                    }
                }
            }
            let reference = ReferenceForeground(foreground: foreground, drawsWaves: true, drawsAvatar: true)
            let radius = foreground.avatar.diameter / 2
            var wholePixels = 0
            for y in region.y..<region.y + region.height {
                for x in region.x..<region.x + region.width {
                    let offset = Vec2(Double(x) + 0.5 - foreground.centre.x, Double(y) + 0.5 - foreground.centre.y)
                    let avatar = min(max(radius - offset.length + 0.5, 0), 1)
                    let outer = reference.waveCoverage(foreground.waves.shapes[0], offset: offset)
                    let inner = reference.waveCoverage(foreground.waves.shapes[1], offset: offset)
                    let place = "\(x), \(y) at \(time)"
                    switch kinds[(y - region.y) * region.width + x - region.x] {
                    case nil: XCTAssertEqual([avatar, outer, inner], [0, 0, 0], place)
                    case .avatarInterior: XCTAssertEqual(avatar, 1, place)
                    case let .waves(outerInside, innerInside):
                        XCTAssertEqual([avatar, outer, inner], [0, outerInside ? 1 : 0, innerInside ? 1 : 0], place)
                    case .outerWave: XCTAssertEqual([avatar, inner], [0, 0], place)
                    case .whole: wholePixels += 1
                    }
                }
            }
            XCTAssertLessThan(Double(wholePixels), 0.15 * Double(region.pixelCount), "at \(time)")
        }
    }

    func testTilesAreTheWholeSquareWithoutTheForeground() throws {
        var request = try ForegroundFixtures.request(at: 7, size: "390x844")
        let foreground = try XCTUnwrap(request.foreground)
        let region = PixelRect(x: 0, y: 0, width: 390, height: 844)
        request.layers = [.background]
        XCTAssertTrue(ForegroundTiles(foreground: foreground, layers: request.layers, region: region).runs.isEmpty)
        let avatarOnly = ForegroundTiles(foreground: foreground, layers: [.background, .avatar], region: region)
        XCTAssertEqual(avatarOnly.runs.map(\.kind), [.avatarInterior, .whole])
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
