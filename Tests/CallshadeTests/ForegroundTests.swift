@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import CallshadePNG
import Foundation
import XCTest

final class ForegroundTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    // MARK: Layout

    func testAvatarSitsWhereTheSpecPutsIt() throws {
        // 390x844 pt: top = max(47 + 8, floor(0.49 x 844) - 39 - 136) = max(55, 238) = 238 pt; centre 238 + 68.
        let phone = try CallLayout(size: try FrameSize(parsing: "390x844"))
        XCTAssertEqual(phone.scale, 1)
        XCTAssertEqual(phone.avatarTopPoints, 238)
        XCTAssertEqual(phone.centre, Vec2(195, 306))
        XCTAssertEqual(phone.avatarDiameter, 136)
        XCTAssertEqual(phone.wavesSide, 176)
        let retina = try CallLayout(size: .phone)
        XCTAssertEqual(retina.centre.x, 585, accuracy: 1e-9)
        XCTAssertEqual(retina.centre.y, 918, accuracy: 1e-9)
        // 1920x1080: scale 1920 / 390, H = 219.375 pt, floor(107.49) - 175 < 55, so the top is 55 pt.
        let wide = try CallLayout(size: try FrameSize(parsing: "1920x1080"))
        XCTAssertEqual(wide.avatarTopPoints, 55)
        XCTAssertEqual(wide.centre.x, 960, accuracy: 1e-9)
        XCTAssertEqual(wide.centre.y, 123 * 1920 / 390, accuracy: 1e-9)
        // --points-width changes the scale.
        XCTAssertEqual(try CallLayout(size: try FrameSize(parsing: "1170x2532"), pointsWidth: 1170).scale, 1)
        XCTAssertThrowsError(try CallLayout(size: .phone, pointsWidth: -390))
        XCTAssertThrowsError(try CallLayout(size: .phone, pointsWidth: .nan))
    }

    func testTheScaleIsBoundedAndEveryLayoutItAcceptsHasFiniteGeometry() throws {
        let small = try FrameSize(parsing: "64x64")
        XCTAssertEqual(try CallLayout(size: small, pointsWidth: 1).scale, CallLayout.maximumScale)
        XCTAssertEqual(try CallLayout(size: small, pointsWidth: 65536).scale, CallLayout.minimumScale)
        XCTAssertThrowsError(try CallLayout(size: small, pointsWidth: 0.999)) { error in
            XCTAssertEqual(error as? CallLayout.Invalid, .outOfRange(0.999, width: 64, allowed: 1...65536))
        }
        for refused in [65537, 1e-300, .leastNonzeroMagnitude, 1e308, .infinity, 0] {
            XCTAssertThrowsError(try CallLayout(size: small, pointsWidth: refused), "\(refused)")
        }
        // The ends of every width's range, with the levels and times a scenario allows: finite geometry,
        // an avatar of at most 10881 pixels a side, and tiles and rectangles inside the frame.
        for size in ["1x1", "1x16384", "16384x1", "64x64", "390x844", "2048x2048"] {
            let frame = try FrameSize(parsing: size)
            let range = CallLayout.pointsWidths(forWidth: frame.width)
            for points in [range.lowerBound, range.upperBound, CallLayout.defaultPointsWidth] where range.contains(points) {
                let layout = try CallLayout(size: frame, pointsWidth: points)
                XCTAssertLessThanOrEqual(AvatarImage.side(for: layout), 10881)
                for level in [0, 5, 1e308] {
                    let foreground = AvatarWavesNode(layout: layout, seed: .min, waves: WaveState(level: level, motionTime: 86400), avatar: nil,
                                                     showsWaves: true, showsAvatar: true)
                    XCTAssertTrue(foreground.reach.isFinite && foreground.centre.x.isFinite && foreground.centre.y.isFinite, "\(size) \(points)")
                    let square = PixelRect(around: foreground.centre, reach: foreground.reach + 1, clippedTo: frame).aligned8(within: frame)
                    XCTAssertTrue(square.x >= 0 && square.y >= 0 && square.x + square.width <= max(frame.width, 8)
                                  && square.y + square.height <= max(frame.height, 8), "\(size) \(points): \(square)")
                    let tiles = ForegroundTiles(node: foreground, region: square)
                    XCTAssertTrue(tiles.rects.allSatisfy { $0.x >= square.x && $0.x + $0.width <= square.x + square.width })
                }
            }
        }
    }

    func testTheRenderedAvatarIsCentredThere() throws {
        for size in ["390x844", "1920x1080"] {
            let request = try ForegroundFixtures.scene(at: 1, size: size, layers: [.avatar])
            let image = try ReferenceRenderer().render(request)
            var total = 0.0
            var moment = (x: 0.0, y: 0.0)
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let alpha = Double(pixels[(y * image.width + x) * 4 + 3])
                        guard alpha > 0 else { continue }
                        total += alpha
                        moment.x += (Double(x) + 0.5) * alpha
                        moment.y += (Double(y) + 0.5) * alpha
                    }
                }
            }
            XCTAssertGreaterThan(total, 0, size)
            let centroid = Vec2(moment.x / total, moment.y / total)
            let expected = try CallLayout(size: try FrameSize(parsing: size)).centre
            XCTAssertEqual(centroid.x, expected.x, accuracy: 0.05, size)
            XCTAssertEqual(centroid.y, expected.y, accuracy: 0.05, size)
        }
    }

    // MARK: Waves

    func testLevelThreeGrowsTheMaskAreaByOnePointThreeSquared() throws {
        let layout = try CallLayout(size: try FrameSize(parsing: "390x844"))
        func maskArea(level: Double) throws -> Double {
            let request = CallScreen(layout: layout, seed: 3, avatar: nil, showing: [.waves])
                .scene(at: .placed(waves: WaveState(level: level, motionTime: 4.2)), background: GradientParameters(palette: .blueGreen, phase: 0))
            let image = try ReferenceRenderer().render(request)
            return stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) }
        }
        let ratio = try maskArea(level: 3) / maskArea(level: 0)
        XCTAssertEqual(ratio, 1.3 * 1.3, accuracy: 0.02)
    }

    func testTheOutlineFollowsTheControlRadii() {
        // Along each ball's direction the outline lies within 0.005 of 0.45 + 0.05 r.
        let field = { (balls: [Vec2], p: Vec2) -> Double in
            balls.reduce(0) { sum, q in sum + exp(-((p - q).length * (p - q).length) / (WaveGeometry.sigma * WaveGeometry.sigma)) }
        }
        for time in [0.0, 0.2, 1.7, 9.99] {
            let balls = WaveGeometry.balls(seed: 5, shape: 0, motionTime: time)
            for ball in 0..<8 {
                let control = WaveGeometry.controlRadius(seed: 5, shape: 0, ball: ball, motionTime: time)
                let direction = balls[ball] * (1 / balls[ball].length)
                var low = 0.0, high = 0.7
                for _ in 0..<60 {
                    let middle = (low + high) / 2
                    if field(balls, direction * middle) > WaveGeometry.threshold { low = middle } else { high = middle }
                }
                XCTAssertEqual(low, control, accuracy: 0.005, "ball \(ball) at \(time)")
            }
        }
    }

    func testWobbleRetargetsEveryThirdOfASecondWithoutVelocityJumps() {
        for ball in 0..<8 {
            // At a step instant the control radius is that step's random target.
            let target = 0.45 + 0.05 * WaveRandom.unit(seed: 9, shape: 1, ball: ball, step: 6)
            XCTAssertEqual(WaveGeometry.controlRadius(seed: 9, shape: 1, ball: ball, motionTime: 2), target, accuracy: 1e-12)
            // Velocity just before and just after a retarget instant agrees.
            let h = 1e-5
            let before = (WaveGeometry.controlRadius(seed: 9, shape: 1, ball: ball, motionTime: 2)
                - WaveGeometry.controlRadius(seed: 9, shape: 1, ball: ball, motionTime: 2 - h)) / h
            let after = (WaveGeometry.controlRadius(seed: 9, shape: 1, ball: ball, motionTime: 2 + h)
                - WaveGeometry.controlRadius(seed: 9, shape: 1, ball: ball, motionTime: 2)) / h
            XCTAssertEqual(before, after, accuracy: 1e-3)
        }
        // The radii stay near the reference's 0.45...0.50 (a spline overshoots a little).
        var outOfRange = FailureCount()
        for step in 0..<3000 {
            let radius = WaveGeometry.controlRadius(seed: 1, shape: 0, ball: step % 8, motionTime: Double(step) * 0.0137)
            outOfRange.check(radius > 0.44 && radius < 0.51, "step \(step): radius \(radius)")
        }
        outOfRange.assertNone("control radii within 0.44...0.51")
    }

    func testSeedsChangeTheShapesAndRepeatsDoNot() throws {
        let gpu = try Self.shared.renderer()
        let one = try ForegroundFixtures.scene(at: 3, layers: [.waves], seed: 1)
        let two = try ForegroundFixtures.scene(at: 3, layers: [.waves], seed: 2)
        // Another seed changes the frame; the first again, after it, gives the same bytes,
        // on the same renderer and on a new one.
        let first = try gpu.render(one)
        XCTAssertTrue(try gpu.render(two) != first)
        assertSameImage(try gpu.render(one), first)
        assertSameImage(try makeGPURenderer().render(one), first)
        let reference = try ReferenceRenderer().render(one)
        XCTAssertTrue(try ReferenceRenderer().render(two) != reference)
        assertSameImage(try ReferenceRenderer().render(one), reference)
    }

    func testFrozenWavesKeepTheirShapeAndHiddenWavesVanish() throws {
        let frozenStart = try ReferenceRenderer().render(try ForegroundFixtures.scene(at: 12, layers: [.waves]))
        let frozenLater = try ReferenceRenderer().render(try ForegroundFixtures.scene(at: 13.5, layers: [.waves]))
        assertSameImage(frozenStart, frozenLater)
        let moving = try ReferenceRenderer().render(try ForegroundFixtures.scene(at: 14.5, layers: [.waves]))
        XCTAssertTrue(moving != frozenStart)
        let hidden = try ReferenceRenderer().render(try ForegroundFixtures.scene(at: 9.5, layers: [.waves]))
        XCTAssertTrue(hidden.pixels.allSatisfy { $0 == 0 })
    }

    // MARK: Parity

    func testFullFramesMatchTheCPUReference() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        for (time, photo) in [(0.2, false), (2, true), (4.1, false), (6, true), (9.15, false), (12.5, true), (17, false)] {
            try matrix.assertEveryRouteAgrees(try ForegroundFixtures.scene(at: time, photo: photo), name: "foreground-\(time)-photo-\(photo)",
                                              rule: \.withinForegroundParity)
        }
    }

    func testFullSizeFrameMatchesTheCPUReference() throws {
        try RouteMatrix(gpu: try Self.shared.renderer()).assertEveryRouteAgrees(
            try ForegroundFixtures.scene(at: 6, size: "1170x2532", photo: true), name: "foreground-1170x2532", rule: \.withinForegroundParity)
    }

    func testLayerCombinationsMatchTheCPUReference() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        let combinations: [Set<SceneTag>] = [[.waves], [.avatar], [.waves, .avatar], [.background, .waves], [.background, .avatar]]
        for layers in combinations {
            // Without the avatar's layer the expected frame does not depend on its picture:
            // one reference frame for both (the GPU still renders each).
            var withoutAvatar: RGBAImage?
            for photo in [false, true] {
                let request = try ForegroundFixtures.scene(at: 6, layers: layers, photo: photo)
                let reference = try withoutAvatar ?? ReferenceRenderer().render(request)
                if !layers.contains(.avatar) { withoutAvatar = reference }
                try matrix.assertEveryRouteAgrees(request, name: "foreground-\(layers.map(\.name).sorted().joined(separator: "+"))-photo-\(photo)",
                                                  reference: reference, rule: \.withinForegroundParity)
            }
        }
    }
}

extension ImageComparison {
    /// The foreground rule: |delta| <= 1 on at least 99.9 % of pixels, and no
    /// more than 16 anywhere (along anti-aliased edges).
    var withinForegroundParity: Bool {
        maxDelta <= 16 && Double(pixelsOverOne) <= 0.001 * Double(pixelCount)
    }
}

final class ForegroundReachTests: XCTestCase {
    /// Nothing of the waves lies outside `AvatarWavesNode.reach`: the mask there is exactly 0.
    func testTheWavesStayInsideTheirReach() throws {
        let layout = try CallLayout(size: try FrameSize(parsing: "390x844"))
        var outside = FailureCount()
        for seed in Int64(0)..<40 {
            for step in 0..<150 {
                let waves = WaveState(level: Double(step % 6), motionTime: Double(step) * 0.0731)
                let foreground = AvatarWavesNode(layout: layout, seed: seed, waves: waves, avatar: nil, showsWaves: true, showsAvatar: true)
                let reference = ReferenceForeground(node: foreground)
                let shown = try XCTUnwrap(foreground.waves)
                let reach = foreground.reach - 2 + 0.5   // the outline's own reach, and half a pixel of anti-aliasing
                for angle in stride(from: 0.0, to: 2 * Double.pi, by: Double.pi / 45) {
                    let offset = Vec2(reach * cos(angle), reach * sin(angle))
                    let mask = reference.waveMask(shown, offset: offset)
                    outside.check(mask == 0, "seed \(seed) step \(step) at angle \(angle): mask \(mask)")
                }
            }
        }
        outside.assertNone("the wave mask is 0 at the reach")
        XCTAssertGreaterThan(outside.checked, 500_000)
    }
}
