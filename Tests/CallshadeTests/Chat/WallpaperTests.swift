@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The chat's wallpaper (chat, section 1): raster sizes, the step curves,
/// the phase over steps and the iOS keyframes. The pictures themselves are
/// held by the goldens and their oracle (Scripts/spec-chat-wallpaper.py).
final class WallpaperTests: XCTestCase {
    let phone = (try! FrameSize(width: 390, height: 844))

    func testRasterSizes() {
        XCTAssertTrue(WallpaperVariant.ios.rasterSize(for: phone) == (36, 80))
        XCTAssertTrue(WallpaperVariant.ios.rasterSize(for: (try! FrameSize(width: 1080, height: 1920))) == (45, 80))
        XCTAssertTrue(WallpaperVariant.ios.rasterSize(for: (try! FrameSize(width: 844, height: 390))) == (80, 36))
        XCTAssertTrue(WallpaperVariant.android.rasterSize(for: phone) == (60, 80))
        XCTAssertTrue(WallpaperVariant.article.rasterSize(for: phone) == (39, 39))
        XCTAssertTrue(WallpaperVariant.ios.rasterSize(for: (try! FrameSize(width: 1, height: 4000))) == (1, 80))
        let raster = WallpaperRaster.make(.ios, colors: ChatWallpaper.classicColors, pose: WallpaperPose(phase: 0), size: phone)
        XCTAssertEqual([raster.width, raster.height], [36, 80])
        XCTAssertTrue(stride(from: 3, to: raster.pixels.count, by: 4).allSatisfy { raster.pixels[$0] == 255 })
    }

    func testTheArticleTableHasSixtyFramesFromZeroTo27() {
        let table = WallpaperStepCurve.articleTable
        XCTAssertEqual(table.count, 60)
        XCTAssertEqual(table.first, 0)
        XCTAssertEqual(table.last ?? 0, 27, accuracy: 1e-12)
        XCTAssertEqual(Array(table.prefix(12)), [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5])
        XCTAssertTrue(zip(table, table.dropFirst()).allSatisfy { $0 < $1 })
    }

    func testEveryCurveRunsFromZeroToOne() {
        for curve in WallpaperStepCurve.allCases {
            for preset in ChatAnimationPreset.allCases {
                XCTAssertEqual(curve.progress(0, preset: preset), 0, accuracy: 1e-12)
                XCTAssertEqual(curve.progress(1, preset: preset), 1, accuracy: 1e-12)
                XCTAssertEqual(curve.progress(2, preset: preset), 1, accuracy: 1e-12)
            }
        }
        XCTAssertEqual(WallpaperStepCurve.auto.duration(.shipped), 0.3)
        XCTAssertEqual(WallpaperStepCurve.auto.duration(.contest), 1)
        XCTAssertEqual(WallpaperStepCurve.android.duration(.shipped), 0.5)
        XCTAssertEqual(WallpaperStepCurve.article.duration(.shipped), 1)
        // Halfway through frame 4 -> 5 of the table: (1 + 1.5) / 2 / 27.
        XCTAssertEqual(WallpaperStepCurve.article.progress(4.5 / 59, preset: .shipped), 1.25 / 27, accuracy: 1e-12)
    }

    func testEachStepLowersThePhaseByOneContinuously() {
        let track = WallpaperTrack(phase: 3, curve: .auto, preset: .shipped, keyframes: false, starts: [1, 1.1, 4])
        XCTAssertEqual(track.phase(at: 0.99), 3)
        XCTAssertEqual(track.phase(at: 1.5), 1, accuracy: 1e-12)   // two overlapping steps, both over
        XCTAssertEqual(track.phase(at: 4.3), 0, accuracy: 1e-12)
        XCTAssertEqual(track.phase(at: 9), 0, accuracy: 1e-12)
        var previous = 3.0
        for frame in 0...300 {
            let phase = track.phase(at: Double(frame) / 60)
            XCTAssertLessThanOrEqual(phase, previous + 1e-12)
            XCTAssertLessThan(previous - phase, 0.2, "a jump at frame \(frame)")
            previous = phase
        }
        // A step slides every colour straight to the previous anchor.
        let before = WallpaperPose(phase: 3).centres(count: 4), after = WallpaperPose(phase: 2).centres(count: 4)
        for k in 0..<4 {
            XCTAssertEqual(before[k], GradientMotion.anchors[(3 + 2 * k) % 8])
            XCTAssertEqual(after[k], GradientMotion.anchors[(2 + 2 * k) % 8])
        }
    }

    func testIOSKeyframesQuantiseAndOvershootUntilTheNextStep() throws {
        let track = WallpaperTrack(phase: 0, curve: .auto, preset: .shipped, keyframes: true, starts: [1, 2])
        let progresses = track.keyframeProgresses
        XCTAssertEqual(progresses.count, 9)
        XCTAssertEqual(progresses.first, 0)
        XCTAssertEqual(progresses.last, 9.0 / 8)
        XCTAssertTrue(progresses.allSatisfy { ($0 * 8).rounded() == $0 * 8 })
        // Before any step: the exact anchors.
        XCTAssertEqual(track.look(at: 0.5), .exact(WallpaperPose(phase: 0)))
        // Between keyframes 2 and 3: their images cross-dissolve.
        guard case .dissolve(let from, let to, let amount) = track.look(at: 1 + 0.3 * 2.25 / 8) else { return XCTFail("no dissolve") }
        XCTAssertEqual(amount, 0.25, accuracy: 1e-9)
        XCTAssertEqual(from, WallpaperPose(segment: -1, fraction: 1 - progresses[2]))
        XCTAssertEqual(to, WallpaperPose(segment: -1, fraction: 1 - progresses[3]))
        // After the step: the last keyframe, 1/8 past the anchors, until the next step.
        let overshoot = WallpaperPose(segment: -1, fraction: -1.0 / 8)
        XCTAssertEqual(track.look(at: 1.5), .exact(overshoot))
        XCTAssertEqual(track.look(at: 1.999), .exact(overshoot))
        let centres = overshoot.centres(count: 4)
        for k in 0..<4 {
            let anchor = GradientMotion.anchors[(7 + 2 * k) % 8], previous = GradientMotion.anchors[(8 + 2 * k) % 8]
            XCTAssertEqual(centres[k].x, anchor.x + (anchor.x - previous.x) / 8, accuracy: 1e-12)
        }
        // The next step restarts from the exact anchors one step on.
        XCTAssertEqual(track.look(at: 2), .exact(WallpaperPose(segment: -2, fraction: 1)))
        XCTAssertEqual(WallpaperPose(segment: -2, fraction: 1).centres(count: 4), WallpaperPose(phase: -1).centres(count: 4))
    }

    /// The node's reference stretch: texel centres at ((i + 0.5) W / w, ...), edges clamped, the dissolve linear.
    func testTheStretchIsBilinearWithClampedEdges() throws {
        let raster = try XCTUnwrap(RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 200, 100, 50, 255]))
        let next = RGBAImage(width: 2, height: 1, fill: (100, 100, 100, 255))
        let size = try FrameSize(width: 8, height: 2)
        let node = WallpaperNode(raster: raster)
        XCTAssertEqual(node.color(at: Vec2(0.5, 0.5), in: size), RGB(0, 0, 0))      // left of the first centre: clamped
        XCTAssertEqual(node.color(at: Vec2(2, 1), in: size), RGB(0, 0, 0))          // the first texel's centre
        XCTAssertEqual(node.color(at: Vec2(4, 1), in: size).r, 100.0 / 255, accuracy: 1e-12)
        XCTAssertEqual(node.color(at: Vec2(7.5, 1), in: size).r, 200.0 / 255, accuracy: 1e-12)
        let dissolving = WallpaperNode(raster: raster, next: next, amount: 0.25)
        XCTAssertEqual(dissolving.color(at: Vec2(2, 1), in: size).g, 25.0 / 255, accuracy: 1e-12)
        XCTAssertEqual(node.tileCoverage(in: PixelRect(x: 0, y: 0, width: 8, height: 2)), [.opaque])
    }

    /// The glass's lattice reads the wallpaper along rows: each point's colour is `color(at:in:)`'s to the bit,
    /// dissolving or not, with its pattern, at points inside, on and beyond the edges.
    func testTheRowSamplerIsTheNodesColourToTheBit() throws {
        let size = try FrameSize(width: 90, height: 160)
        let raster = WallpaperRaster.make(.ios, colors: ChatWallpaper.classicColors, pose: WallpaperPose(phase: 0.3), size: size)
        let next = WallpaperRaster.make(.ios, colors: ChatWallpaper.classicColors, pose: WallpaperPose(phase: 1.7), size: size)
        let coverage = (0..<(90 * 160)).map { UInt8(($0 * 37) % 256) }
        let pattern = PatternOverlay(mask: try XCTUnwrap(PatternMask(width: 90, height: 160, coverage: coverage)),
                                     intensity: 50, colors: ChatWallpaper.classicColors)
        let xs = stride(from: -3.0, through: 95, by: 1.37).map { $0 }
        for node in [WallpaperNode(raster: raster), WallpaperNode(raster: raster, next: next, amount: 0.35, pattern: pattern),
                     WallpaperNode(raster: raster, next: next, amount: 0, pattern: pattern)] {
            let sampler = WallpaperNode.RowSampler(node, xs: xs, size: size)
            for y in stride(from: -2.5, through: 163, by: 3.1) {
                var seen = 0
                sampler.forEachColor(y: y) { index, color in
                    XCTAssertEqual(color, node.color(at: Vec2(xs[index], y), in: size), "(\(xs[index]), \(y))")
                    XCTAssertEqual(index, seen)
                    seen += 1
                }
                XCTAssertEqual(seen, xs.count)
            }
        }
    }

    /// A kept raster is the one its pose makes: asked again, or after others have pushed it out (a store with room for four), the same pixels.
    func testKeptRastersAreTheRastersMade() throws {
        let size = try FrameSize(width: 390, height: 844)
        let bytes = WallpaperRaster.make(.ios, colors: ChatWallpaper.classicColors, pose: WallpaperPose(phase: 0), size: size).pixels.count
        let reuse = ReuseStore(budget: 4 * bytes)
        let poses = (0..<7).map { WallpaperPose(phase: Double($0) * 0.37) }
        for pose in poses + poses.reversed() + [poses[2], poses[2]] {
            XCTAssertEqual(reuse.wallpaperRaster(.ios, colors: ChatWallpaper.classicColors, pose: pose, size: size),
                           WallpaperRaster.make(.ios, colors: ChatWallpaper.classicColors, pose: pose, size: size))
        }
        let other = Array(ChatWallpaper.classicColors.reversed())
        XCTAssertEqual(reuse.wallpaperRaster(.ios, colors: other, pose: poses[2], size: size),
                       WallpaperRaster.make(.ios, colors: other, pose: poses[2], size: size))
        let count = try XCTUnwrap(reuse.shelves.first { $0.shelf == "wallpaper rasters" })
        XCTAssertEqual(count.values, 4)
        XCTAssertEqual(count.hits, 6, "poses 6 to 3 again, then poses[2] twice; the rest were pushed out")
    }

    func testThreeColoursMakeARaster() {
        let colors = Array(ChatWallpaper.classicColors.prefix(3))
        let raster = WallpaperRaster.make(.article, colors: colors, pose: WallpaperPose(phase: 2.5), size: phone)
        XCTAssertEqual([raster.width, raster.height], [39, 39])
    }
}
