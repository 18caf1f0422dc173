@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import XCTest

/// The host composition (background interpolated on the CPU, the foreground's
/// tiles pasted over it: what `render` does on a software rasteriser) held to
/// the all-GPU path and to the CPU reference.
final class HostCompositionTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    func testHostCompositionMatchesTheGPUPath() throws {
        let gpu = try Self.shared.renderer()
        for (size, time, photo, dither) in [("1080x1920", 7.0, true, false), ("960x1280", 12.5, false, true)] {
            var request = try ForegroundFixtures.scene(at: time, size: size, photo: photo)
            request.dither = dither
            let host = try gpu.with { $0.route = .hostComposition }.render(request)
            let full = try gpu.with { $0.route = .gpuPasses }.render(request)
            let toGPU = ImageComparison(host, full)
            XCTAssertLessThanOrEqual(toGPU.maxDelta, 1, "\(size) at \(time): \(toGPU)")
            // Where the waves show, the host interpolates the gradient toned
            // at its texels (kept in half floats) rather than toning the
            // interpolated colour, and mixes it in by its own reckoning of the
            // coverage where that changes: a level apart on a few channels.
            // Elsewhere (the avatar's inside included, which the host composes
            // too), rounding apart, the same arithmetic: hardly a channel differs.
            let foreground = try XCTUnwrap(request.node(AvatarWavesNode.self))
            var inWaves = [Bool](repeating: false, count: request.size.pixelCount)
            for (kind, rects) in ForegroundTiles(node: foreground, region: AvatarWavesRenderer.square(of: foreground, in: request.size)).runs {
                guard kind != .avatarInterior else { continue }
                for rect in rects {
                    for y in rect.y..<rect.y + rect.height { for x in rect.x..<rect.x + rect.width { inWaves[y * request.size.width + x] = true } }
                }
            }
            var differing = (waves: 0, elsewhere: 0)
            host.pixels.withUnsafeBufferPointer { host in
                full.pixels.withUnsafeBufferPointer { full in
                    for index in 0..<host.count where host[index] != full[index] {
                        if inWaves[index / 4] { differing.waves += 1 } else { differing.elsewhere += 1 }
                    }
                }
            }
            let wavesChannels = inWaves.reduce(0) { $1 ? $0 + 4 : $0 }
            XCTAssertGreaterThan(wavesChannels, 0, "\(size) at \(time)")
            XCTAssertLessThan(Double(differing.waves), 0.1 * Double(wavesChannels), "\(size) at \(time)")
            XCTAssertLessThan(Double(differing.elsewhere), 1e-4 * Double(host.pixels.count), "\(size) at \(time)")
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
        var request = try ForegroundFixtures.scene(at: 7, size: "390x844")
        request.update(AvatarWavesNode.self) { $0.avatar?.image = image }
        let foreground = try XCTUnwrap(request.node(AvatarWavesNode.self))
        let tiles = ForegroundTiles(node: foreground, region: PixelRect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertFalse(tiles.runs.contains { $0.kind == .avatarInterior })
        let gpu = try Self.shared.renderer()
        XCTAssertEqual(gpu.configuration.route == .hostComposition, gpu.context.info.isSoftware, "the renderer's own choice of route")
        let comparison = ImageComparison(try gpu.render(request), try ReferenceRenderer().render(request))
        XCTAssertTrue(comparison.withinParity, "\(comparison)")
    }
}

/// The foreground's tiles: each kind's cheaper program must give exactly
/// what the whole composition gives there.
final class ForegroundTilesTests: XCTestCase {
    /// On the GPU passes, the tiled foreground against the whole square drawn
    /// by the whole composition: the same bytes but for a rare rounding, for pictures and the
    /// placeholder, small and large waves, hidden and frozen waves, every
    /// set of layers, dither and a translucent avatar.
    func testTilesDrawWhatTheWholeSquareDraws() throws {
        let gpu = try makeGPURenderer().with { $0.route = .gpuPasses }
        var cases: [(String, Scene)] = []
        for (time, size, photo) in [(7.0, "1080x1920", true), (7.0, "720x1280", false), (12.5, "390x844", false),
                                    (21.0, "390x844", true), (30.5, "390x844", false), (34.5, "390x844", true)] {
            cases.append(("\(size) at \(time)", try ForegroundFixtures.scene(at: time, size: size, photo: photo)))
        }
        for layers: Set<SceneTag> in [[.waves], [.avatar], [.waves, .avatar], [.background, .waves], [.background, .avatar]] {
            cases.append(("layers \(layers.map(\.name).sorted())", try ForegroundFixtures.scene(at: 7, size: "390x844", layers: layers, photo: true)))
        }
        var dithered = try ForegroundFixtures.scene(at: 8, size: "720x1280", photo: true)
        dithered.dither = true
        cases.append(("dithered", dithered))
        var translucent = try ForegroundFixtures.scene(at: 7, size: "390x844")
        let side = 64
        let pixels = (0..<side * side).flatMap { index -> [UInt8] in [UInt8(index % 200), 40, 90, UInt8(index % 2 == 0 ? 255 : 160)] }
        try translucent.update(AvatarWavesNode.self) { $0.avatar?.image = try XCTUnwrap(AvatarImage(side: side, premultiplied: pixels)) }
        cases.append(("translucent avatar", translucent))
        for (name, request) in cases {
            let tiled = try gpu.render(request)
            let whole = try gpu.with { $0.classifiesTiles = false }.render(request)
            // The same arithmetic, but compiled into different programs: the
            // JIT may order a few float operations differently, which here
            // moves about one sample in a billion across a rounding edge.
            // `testTileKindsHoldAtEveryPixel` holds the tile kinds themselves exactly.
            let comparison = ImageComparison(tiled, whole)
            XCTAssertLessThanOrEqual(comparison.maxDelta, 1, "\(name): \(comparison)")
            XCTAssertLessThanOrEqual(SampleDifferences(tiled.pixels, whole.pixels).differing, 4, "\(name): \(comparison)")
        }
    }

    /// Every pixel of every tile against the reference's coverage: a tile
    /// kind that takes a coverage as known must have exactly that coverage
    /// at each of its pixels, and pixels in no tile must be untouched. And
    /// the cheap kinds must cover most of the square.
    func testTileKindsHoldAtEveryPixel() throws {
        for (time, photo) in [(7.0, true), (12.5, false), (21.0, false)] {
            let request = try ForegroundFixtures.scene(at: time, size: "720x1280", photo: photo)
            let foreground = try XCTUnwrap(request.node(AvatarWavesNode.self))
            let region = PixelRect(around: foreground.centre, reach: foreground.reach + 1, clippedTo: request.size).aligned8(within: request.size)
            XCTAssertEqual([region.x % 8, region.y % 8, region.width % 8, region.height % 8], [0, 0, 0, 0])
            let tiles = ForegroundTiles(node: foreground, region: region)
            var kinds = [TileKind?](repeating: nil, count: region.pixelCount)
            var overlaps = FailureCount()
            for (kind, rects) in tiles.runs {
                for rect in rects {
                    for y in rect.y..<rect.y + rect.height {
                        for x in rect.x..<rect.x + rect.width {
                            let index = (y - region.y) * region.width + x - region.x
                            overlaps.check(kinds[index] == nil, "tiles overlap at \(x), \(y) at \(time): \(kinds[index].map { "\($0)" } ?? "") and \(kind)")
                            kinds[index] = kind
                        }
                    }
                }
            }
            overlaps.assertNone("at \(time), no pixel is in two tiles")
            let waves = try XCTUnwrap(foreground.waves)
            let radius = try XCTUnwrap(foreground.avatar).diameter / 2
            var wholePixels = 0
            var wrong = FailureCount()
            for y in region.y..<region.y + region.height {
                for x in region.x..<region.x + region.width {
                    let offset = Vec2(Double(x) + 0.5 - foreground.centre.x, Double(y) + 0.5 - foreground.centre.y)
                    let avatar = Disc.coverage(radius: radius, centreDistance: offset.length)
                    let outer = waves.shapes[0].coverage(atOffset: offset)
                    let inner = waves.shapes[1].coverage(atOffset: offset)
                    let kind = kinds[(y - region.y) * region.width + x - region.x]
                    func place() -> String {
                        "\(x), \(y) at \(time) in \(kind.map { "\($0)" } ?? "no tile"): avatar \(avatar), outer \(outer), inner \(inner)"
                    }
                    switch kind {
                    case nil: wrong.check(avatar == 0 && outer == 0 && inner == 0, place())
                    case .avatarInterior: wrong.check(avatar == 1, place())
                    case let .composed(outerGiven, innerGiven, avatarShows):
                        wrong.check(outerGiven.map { outer == ($0 ? 1 : 0) } ?? true, place())
                        wrong.check(innerGiven.map { inner == ($0 ? 1 : 0) } ?? true, place())
                        wrong.check(avatarShows || avatar == 0, place())
                        if outerGiven == nil && innerGiven == nil && avatarShows { wholePixels += 1 }
                    }
                }
            }
            wrong.assertNone("at \(time), each pixel has the coverage its tile kind takes as known")
            XCTAssertLessThan(Double(wholePixels), 0.02 * Double(region.pixelCount), "at \(time)")
        }
    }

    func testTilesAreTheWholeSquareWithoutTheForeground() throws {
        XCTAssertNil(try ForegroundFixtures.scene(at: 7, size: "390x844", layers: [.background]).node(AvatarWavesNode.self))
        let foreground = try XCTUnwrap(try ForegroundFixtures.scene(at: 7, size: "390x844").node(AvatarWavesNode.self))
        let region = PixelRect(x: 0, y: 0, width: 390, height: 844)
        var neither = foreground
        neither.waves = nil
        neither.avatar = nil
        XCTAssertTrue(ForegroundTiles(node: neither, region: region).runs.isEmpty)
        var avatarAlone = foreground
        avatarAlone.waves = nil
        let avatarOnly = ForegroundTiles(node: avatarAlone, region: region)
        XCTAssertEqual(avatarOnly.runs.map(\.kind), [.avatarInterior, .composed(outer: false, inner: false, avatar: true)])
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
            let request = try ForegroundFixtures.scene(at: time, size: size, photo: photo)
            var direct: [UInt8] = []
            try gpu.with { $0.route = .hostComposition }.renderYUV420(request, into: &direct)
            var converted: [UInt8] = []
            try YUV420.convertFast(try gpu.with { $0.route = .gpuPasses }.render(request), into: &converted, cores: 2)
            XCTAssertEqual(direct.count, converted.count, size)
            XCTAssertFalse(direct.isEmpty, size)
            guard direct.count == converted.count, !direct.isEmpty else { continue }
            let differences = SampleDifferences(direct, converted)
            XCTAssertLessThanOrEqual(differences.maxDelta, 1, "\(size): \(differences)")
            XCTAssertLessThan(Double(differences.differing), 0.15 * Double(differences.count), "\(size): \(differences)")
        }
    }
}

/// Filling a rectangle from a window of the grid's texels gives exactly
/// what filling the whole frame from the whole grid gives there.
final class GridWindowTests: XCTestCase {
    func testRectangleFromAWindowMatchesTheWholeFill() throws {
        let size = try FrameSize(parsing: "1080x1920")
        let grid = LowResolutionGrid(width: size.width, height: size.height, factor: 8)
        let upscaler = GridUpscaler(size: size, grid: grid, cores: 2)
        // A smooth but uneven field, as RGBA floats.
        let texels = (0..<grid.textureWidth * grid.textureHeight).flatMap { index -> [Float] in
            let x = Float(index % grid.textureWidth), y = Float(index / grid.textureWidth)
            return [0.5 + 0.4 * sin(x * 0.07 + y * 0.02), 0.3 + 0.2 * cos(y * 0.05), 0.6 + 0.3 * sin(x * 0.03 - y * 0.04), 1]
        }
        let rects = [PixelRect(x: 200, y: 296, width: 680, height: 688), PixelRect(x: 0, y: 0, width: 16, height: 8),
                     PixelRect(x: 1064, y: 1912, width: 16, height: 8), PixelRect(x: 512, y: 640, width: 8, height: 8)]
        var whole = [UInt8](repeating: 0, count: YUV420.frameBytes(width: size.width, height: size.height))
        var wholeRGBA = [UInt8](repeating: 0, count: size.pixelCount * 4)
        let planes = GridPlanes.ycbcr(texels, width: grid.textureWidth, height: grid.textureHeight)
        let rgb = GridPlanes.rgb(texels, width: grid.textureWidth, height: grid.textureHeight)
        whole.withUnsafeMutableBufferPointer { upscaler.fillYUV420($0.baseAddress!, from: planes) }
        wholeRGBA.withUnsafeMutableBufferPointer { upscaler.fillRGBA($0.baseAddress!, from: rgb, dither: true) }
        for rect in rects {
            let window = upscaler.window(covering: rect)
            let insideColumns = window.x >= 0 && window.x + window.width <= grid.textureWidth
            let insideRows = window.y >= 0 && window.y + window.height <= grid.textureHeight
            XCTAssertTrue(insideColumns && insideRows, "\(window)")
            var windowTexels: [Float] = []
            for y in window.y..<window.y + window.height {
                let start = (y * grid.textureWidth + window.x) * 4
                windowTexels += texels[start..<start + window.width * 4]
            }
            var part = [UInt8](repeating: 0, count: whole.count)
            var partRGBA = [UInt8](repeating: 0, count: wholeRGBA.count)
            let windowPlanes = GridPlanes.ycbcr(windowTexels, width: window.width, height: window.height)
            let windowRGB = GridPlanes.rgb(windowTexels, width: window.width, height: window.height)
            part.withUnsafeMutableBufferPointer { upscaler.fillYUV420(rect, from: windowPlanes, window: window, into: $0.baseAddress!) }
            partRGBA.withUnsafeMutableBufferPointer {
                upscaler.fillRGBA(rect, from: windowRGB, window: window, dither: true, into: $0.baseAddress!)
            }
            // Every sample of the rectangle, in each plane, and nothing else.
            let chromaWidth = size.width / 2
            let cbStart = size.pixelCount, crStart = cbStart + size.pixelCount / 4
            var differences = FailureCount()
            part.withUnsafeBufferPointer { part in
                whole.withUnsafeBufferPointer { whole in
                    partRGBA.withUnsafeBufferPointer { partRGBA in
                        wholeRGBA.withUnsafeBufferPointer { wholeRGBA in
                            for y in rect.y..<rect.y + rect.height {
                                for x in rect.x..<rect.x + rect.width {
                                    let luma = y * size.width + x
                                    differences.check(part[luma] == whole[luma], "luma \(x), \(y) in \(rect): \(part[luma]) vs \(whole[luma])")
                                    for channel in luma * 4..<luma * 4 + 4 {
                                        differences.check(partRGBA[channel] == wholeRGBA[channel],
                                                          "RGBA \(x), \(y) channel \(channel % 4) in \(rect): \(partRGBA[channel]) vs \(wholeRGBA[channel])")
                                    }
                                    let chroma = (y / 2) * chromaWidth + x / 2
                                    differences.check(part[cbStart + chroma] == whole[cbStart + chroma],
                                                      "Cb \(x), \(y) in \(rect): \(part[cbStart + chroma]) vs \(whole[cbStart + chroma])")
                                    differences.check(part[crStart + chroma] == whole[crStart + chroma],
                                                      "Cr \(x), \(y) in \(rect): \(part[crStart + chroma]) vs \(whole[crStart + chroma])")
                                }
                            }
                        }
                    }
                }
            }
            differences.assertNone("\(rect) filled from its window matches the whole fill")
            var written = 0
            part.withUnsafeBufferPointer { for sample in $0 where sample != 0 { written += 1 } }
            XCTAssertEqual(written, rect.pixelCount * 3 / 2, "\(rect)")
        }
    }
}

extension GPURenderer {
    /// A renderer sharing this one's context and programs, its configuration changed by `change`.
    func with(_ change: (inout RendererConfiguration) -> Void) -> GPURenderer {
        var changed = configuration
        change(&changed)
        return reconfigured(changed)
    }
}

/// The bands the host draws its nodes in: together exactly the rows the
/// drawings change, disjoint, their edges even but for an odd frame's last row.
final class HostBandsTests: XCTestCase {
    private struct Rows: HostDrawing {
        let rows: Range<Int>
        func draw(into pixels: UnsafeMutablePointer<UInt8>, rows: Range<Int>) {}
        func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows: Range<Int>) {}
    }

    func testBandsCoverTheDrawnRowsOnceWithEvenEdges() {
        let cases: [(rows: [Range<Int>], height: Int, cores: Int)] = [
            ([10..<31, 25..<40, 100..<101], 200, 2),
            ([0..<1920], 1920, 2),
            ([3..<7], 8, 4),
            ([1910..<1921], 1921, 2),
            ([50..<50], 100, 2),
            ([], 100, 2),
            ([0..<2, 4..<6, 8..<10, 12..<14], 20, 8),
        ]
        for (rows, height, cores) in cases {
            let bands = HostBands(rows.map { Rows(rows: $0) }, height: height, cores: cores).bands
            var covered = [Int](repeating: 0, count: height)
            for band in bands {
                XCTAssertFalse(band.isEmpty, "\(rows): \(bands)")
                XCTAssertEqual(band.lowerBound % 2, 0, "\(rows): \(bands)")
                XCTAssertTrue(band.upperBound % 2 == 0 || band.upperBound == height, "\(rows): \(bands)")
                for row in band { covered[row] += 1 }
            }
            // Every changed row once (grown to even edges), nothing twice, nothing far beyond.
            XCTAssertTrue(covered.allSatisfy { $0 <= 1 }, "\(rows): \(bands)")
            for range in rows { for row in range { XCTAssertEqual(covered[row], 1, "\(rows): row \(row) in \(bands)") } }
            let grown = Set(rows.flatMap { ($0.lowerBound / 2 * 2)..<min(($0.upperBound + 1) / 2 * 2, height) })
            XCTAssertEqual(Set(covered.indices.filter { covered[$0] == 1 }), grown, "\(rows): \(bands)")
            XCTAssertLessThanOrEqual(bands.count, HostBands.bandsPerCore * cores + rows.count, "\(rows): \(bands)")
        }
    }
}
