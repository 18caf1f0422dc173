import CallshadeCore
import CallshadeGL
import XCTest

final class DitherAndYUVTests: XCTestCase {
    func testTheBayerMatrixUsesEveryIndexOncePerTile() {
        var seen = Set<Int>()
        for y in 0..<8 { for x in 0..<8 { seen.insert(OrderedDither.index(x: x, y: y)) } }
        XCTAssertEqual(seen, Set(0..<64))
        // The classic 8x8 Bayer matrix's first row and column.
        XCTAssertEqual((0..<8).map { OrderedDither.index(x: $0, y: 0) }, [0, 32, 8, 40, 2, 34, 10, 42])
        XCTAssertEqual((0..<8).map { OrderedDither.index(x: 0, y: $0) }, [0, 48, 12, 60, 3, 51, 15, 63])
        XCTAssertEqual(OrderedDither.index(x: 13, y: 21), OrderedDither.index(x: 5, y: 5))
        for y in 0..<8 {
            for x in 0..<8 { XCTAssertLessThan(abs(OrderedDither.offset(x: x, y: y) * 255), 0.5) }
        }
    }

    func testDitheredFramesMatchOnBothBackends() throws {
        let gpu = try makeGPURenderer()
        for time in [2.0, 7.0] {
            var request = try ForegroundFixtures.scene(at: time)
            request.dither = true
            let dithered = try gpu.render(request)
            let comparison = ImageComparison(dithered, try ReferenceRenderer().render(request))
            XCTAssertTrue(comparison.withinForegroundParity, "t = \(time): \(comparison)")
            request.dither = false
            XCTAssertTrue(try gpu.render(request) != dithered, "t = \(time): the dither changes nothing")
        }
    }

    func testDitherKeepsTheLocalMeanWherePlainRoundingCannot() throws {
        // A slow ramp spanning a few levels: each 8x8 tile of the dithered frame
        // averages to the true value within 0.1 level; plain rounding is off by up to 0.5.
        var background = GradientParameters(colors: [RGB(0.3, 0.3, 0.3), RGB(0.31, 0.31, 0.31), RGB(0.3, 0.3, 0.3), RGB(0.31, 0.31, 0.31)],
                                            centres: GradientMotion.centres(phase: 0))
        background.swirlStrength = 0
        var request = Scene(size: try FrameSize(parsing: "256x64"), background: background)
        let truth = ReferenceGradient(background)
        func worstTileError(_ image: RGBAImage) -> Double {
            var worst = 0.0
            for tileY in stride(from: 0, to: 64, by: 8) {
                for tileX in stride(from: 0, to: 256, by: 8) {
                    var got = 0.0
                    var want = 0.0
                    for y in tileY..<tileY + 8 {
                        for x in tileX..<tileX + 8 {
                            got += Double(image.pixels[(y * 256 + x) * 4])
                            want += truth.color(atScreen: Vec2((Double(x) + 0.5) / 256, 1 - (Double(y) + 0.5) / 64)).r * 255
                        }
                    }
                    worst = max(worst, abs(got - want) / 64)
                }
            }
            return worst
        }
        let plain = try ReferenceRenderer().render(request)
        request.dither = true
        let dithered = try ReferenceRenderer().render(request)
        XCTAssertGreaterThan(worstTileError(plain), 0.3)
        XCTAssertLessThan(worstTileError(dithered), 0.1)
    }

    func testYUVOfKnownColours() throws {
        // White, black and pure red through BT.709 limited range.
        func planes(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> [UInt8] {
            let image = try XCTUnwrap(RGBAImage(width: 2, height: 2, pixels: Array([r, g, b, 255].repeated(4))))
            var output: [UInt8] = []
            try YUV420.convert(image, into: &output)
            return output
        }
        XCTAssertEqual(try planes(255, 255, 255), [235, 235, 235, 235, 128, 128])
        XCTAssertEqual(try planes(0, 0, 0), [16, 16, 16, 16, 128, 128])
        // Red: Y = 16 + 219 x 0.2126 = 62.6; Cb = 128 - 224 x 0.2126 / 1.8556 = 102.3; Cr = 128 + 112 = 240.
        XCTAssertEqual(try planes(255, 0, 0), [63, 63, 63, 63, 102, 240])
        XCTAssertThrowsError(try YUV420.checkSize(width: 3, height: 2))
    }
}

extension Array {
    func repeated(_ count: Int) -> [Element] { (0..<count).flatMap { _ in self } }
}

final class GPUYUVTests: XCTestCase {
    /// The GPU's I420 against the CPU converter applied to the GPU's own RGBA frame.
    func testGPUConversionMatchesTheCPUConverter() throws {
        // The yuv.frag passes, whatever the renderer would choose here.
        let gpu = try makeGPURenderer().with {
            $0.yuvConverter = .gpu
            $0.route = .gpuPasses
        }
        for size in ["1170x2532", "390x844", "66x40", "2x2", "1080x1920"] {
            let request = try ForegroundFixtures.scene(at: 7, size: size, photo: true)
            var fromGPU: [UInt8] = []
            try gpu.renderYUV420(request, into: &fromGPU)
            var fromCPU: [UInt8] = []
            try YUV420.convert(try gpu.render(request), into: &fromCPU)
            // And the route a software rasteriser takes: RGBA, then the fixed-point converter
            // (16 pixels at a time, then the rest: 1170 leaves the 2 that 66 does, and the
            // converter costs seconds a phone frame unoptimised, so not there).
            if size != "1170x2532" {
                var viaCPU: [UInt8] = []
                try gpu.with { $0.yuvConverter = .cpu }.renderYUV420(request, into: &viaCPU)
                XCTAssertEqual(viaCPU.count, fromCPU.count, size)
                if viaCPU.count == fromCPU.count {
                    let viaCPUDifferences = SampleDifferences(viaCPU, fromCPU)
                    XCTAssertLessThanOrEqual(viaCPUDifferences.maxDelta, 1, "\(size): \(viaCPUDifferences)")
                }
            }
            XCTAssertEqual(fromGPU.count, fromCPU.count, size)
            guard fromGPU.count == fromCPU.count else { continue }
            let differences = SampleDifferences(fromGPU, fromCPU)
            XCTAssertLessThanOrEqual(differences.maxDelta, 1, "\(size): \(differences)")
            XCTAssertLessThan(Double(differences.differing), 0.01 * Double(differences.count), "\(size): \(differences)")
        }
        var planes: [UInt8] = []
        XCTAssertThrowsError(try gpu.renderYUV420(try ForegroundFixtures.scene(at: 7, size: "65x40"), into: &planes))
    }
}

final class FastYUVTests: XCTestCase {
    func testFixedPointConversionStaysWithinOneLevelOfTheReference() throws {
        // Every colour channel value, and real frames.
        var pixels: [UInt8] = []
        for value in 0..<256 { pixels += [UInt8(value), UInt8(255 - value), UInt8((value * 7) % 256), 255] }
        var images = [try XCTUnwrap(RGBAImage(width: 32, height: 8, pixels: pixels))]
        images.append(try ReferenceRenderer().render(try ForegroundFixtures.scene(at: 7, size: "130x282", photo: true)))
        for image in images {
            var exact: [UInt8] = []
            var fast: [UInt8] = []
            try YUV420.convert(image, into: &exact)
            try YUV420.convertFast(image, into: &fast, cores: 3)
            XCTAssertEqual(exact.count, fast.count)
            guard exact.count == fast.count else { continue }
            let differences = SampleDifferences(exact, fast)
            XCTAssertLessThanOrEqual(differences.maxDelta, 1, "\(differences)")
            XCTAssertLessThan(Double(differences.differing), 0.01 * Double(differences.count), "\(differences)")
        }
        var output: [UInt8] = []
        XCTAssertThrowsError(try YUV420.convertFast(RGBAImage(width: 3, height: 2, fill: (0, 0, 0, 255)), into: &output, cores: 2))
    }
}
