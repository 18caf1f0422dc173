@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// Neon and blur strokes (`drawing.md` section 4), which are drawn into the
/// strokes' layer by the CPU on every route: the neon's passes and colours,
/// the blur's copy of what is beneath through its mask, and the cache (a
/// stroke being drawn joins the layer for its frame) changing no byte.
final class NeonBlurTests: XCTestCase {
    static let canvas = DrawingCanvas(size: try! FrameSize(width: 200, height: 200), background: .colour(RGB(0.9, 0.9, 0.9)))
    static let placement = CanvasPlacement(canvas: canvas.size, frame: canvas.size)

    static func line(_ index: Int, _ tool: DrawingTool, _ colour: StrokeColour, size: Double, from a: Vec2, to b: Vec2,
                     start: Double, seconds: Double) throws -> Stroke {
        let samples = (0...10).map { step -> StrokeSample in
            let t = Double(step) / 10, point = Vec2.lerp(a, b, t)
            return StrokeSample(x: point.x, y: point.y, time: start + seconds * t)
        }
        return try Stroke(index: index, tool: tool, colour: colour, size: size, samples: samples)
    }

    /// Premultiplied layer pixel (x, y).
    static func pixel(_ pixels: [Float], _ x: Int, _ y: Int, width: Int = 200) -> (Double, Double, Double, Double) {
        let at = (y * width + x) * 4
        return (Double(pixels[at]), Double(pixels[at + 1]), Double(pixels[at + 2]), Double(pixels[at + 3]))
    }

    func testNeonIsCoreRingAndGlow() throws {
        let stroke = try Self.line(0, .neon, StrokeColour(color: RGB(0, 0.9, 1), alpha: 1), size: 0.5, from: Vec2(40, 100), to: Vec2(160, 100),
                                   start: 0, seconds: 0.5)
        let neon = NeonStroke(stroke, at: 1, canvas: Self.canvas, placement: Self.placement)
        // W from the pen's range (a 200 px canvas: 1 to 14 px), s and r from the shorter side.
        XCTAssertEqual(neon.width, PenWidthRange(longerSide: 200, size: 0.5).width, accuracy: 1e-12)
        XCTAssertEqual(neon.ringWidth, 2, accuracy: 1e-12)
        XCTAssertEqual(neon.glowSigma, 0.95 * 6, accuracy: 1e-12)
        XCTAssertEqual(neon.core, .white)
        XCTAssertEqual(neon.glow, RGB(0, 0.9, 1))
        var pixels = [Float](repeating: 0, count: 200 * 200 * 4)
        neon.draw(into: &pixels, size: Self.canvas.size)
        // The middle is the white core, opaque.
        let middle = Self.pixel(pixels, 100, 100)
        XCTAssertEqual(middle.0, 1, accuracy: 1e-6)
        XCTAssertEqual(middle.3, 1, accuracy: 1e-6)
        // Just outside W / 2 the ring: the core mixed a quarter towards the glow (red 0.75).
        let ringY = 100 + Int((neon.width / 2).rounded(.down)) + 0
        let ring = Self.pixel(pixels, 100, ringY)
        XCTAssertEqual(ring.3, 1, accuracy: 1e-3, "the ring at y \(ringY) is opaque")
        XCTAssertLessThan(ring.0 / ring.3, 0.99)
        XCTAssertGreaterThanOrEqual(ring.0 / ring.3, 0.75 - 1e-6)
        // Beyond it the glow: the glow colour (no red), fading away from the stroke.
        let near = Self.pixel(pixels, 100, 100 + Int(neon.width / 2 + neon.ringWidth) + 2)
        let far = Self.pixel(pixels, 100, 100 + Int(neon.width / 2 + neon.ringWidth) + 10)
        XCTAssertEqual(near.0, 0, accuracy: 1e-6)
        XCTAssertGreaterThan(near.3, far.3)
        XCTAssertGreaterThan(far.3, 0)
        XCTAssertEqual(near.2 / near.3, 1, accuracy: 1e-6)
    }

    func testADarkNeonHasItsColourAsCoreAndVioletGlow() throws {
        let stroke = try Self.line(0, .neon, StrokeColour(color: RGB(0.05, 0.05, 0.05), alpha: 1), size: 0.5, from: Vec2(40, 100),
                                   to: Vec2(160, 100), start: 0, seconds: 0.5)
        let neon = NeonStroke(stroke, at: 1, canvas: Self.canvas, placement: Self.placement)
        XCTAssertEqual(neon.core, RGB(0.05, 0.05, 0.05))
        XCTAssertEqual(neon.glow, NeonStroke.darkGlow)
    }

    /// Over one colour the blurred copy is that colour; over a stroke's
    /// edge it is softened; outside the mask nothing changes; beneath it
    /// the layer becomes opaque.
    func testBlurShowsABlurredCopyOfWhatIsBeneath() throws {
        let ink = try Self.line(0, .pen, StrokeColour(color: RGB(0.1, 0.1, 0.6), alpha: 1), size: 0.3, from: Vec2(100, 20), to: Vec2(100, 180),
                                start: 0, seconds: 2)
        let blur = try Self.line(1, .blur, StrokeColour(color: .black, alpha: 1), size: 0.5, from: Vec2(20, 100), to: Vec2(180, 100),
                                 start: 3, seconds: 0.5)
        let size = Self.canvas.size
        let strokes = [ink, blur].compactMap { DrawnStroke.layerStroke($0, at: 4, canvas: Self.canvas, placement: Self.placement) }
        let sharp = FinishedStrokeLayer.drawing(Array(strokes.prefix(1)), over: nil, size: size, background: .colour(RGB(0.9, 0.9, 0.9)))
        let blurred = FinishedStrokeLayer.drawing(strokes, over: nil, size: size, background: .colour(RGB(0.9, 0.9, 0.9)))
        // Far from the ink, under the mask: the background's colour, opaque.
        let plain = Self.pixel(blurred.pixels, 30, 100)
        XCTAssertEqual(plain.0, 0.9, accuracy: 1e-5)
        XCTAssertEqual(plain.3, 1, accuracy: 1e-6)
        // Outside the mask: untouched.
        XCTAssertEqual(Self.pixel(blurred.pixels, 100, 30).2, Self.pixel(sharp.pixels, 100, 30).2)
        XCTAssertEqual(Self.pixel(blurred.pixels, 30, 30).3, 0)
        // Across the ink's edge under the mask the step is spread out: a few px beside the ink, some of its colour.
        let width = PenWidthRange(longerSide: 200, size: 0.3).width
        let beside = Self.pixel(blurred.pixels, 100 + Int(width / 2) + 2, 100)
        XCTAssertEqual(Self.pixel(sharp.pixels, 100 + Int(width / 2) + 2, 100).3, 0)
        XCTAssertLessThan(beside.0, 0.89)
        XCTAssertGreaterThan(beside.0, 0.1)
        // The ink's middle is lightened by the background around it.
        XCTAssertGreaterThan(Self.pixel(blurred.pixels, 100, 100).0, Self.pixel(sharp.pixels, 100, 100).0 + 0.05)
    }

    /// A session with a neon and a blur stroke: frames with and without
    /// the cache are byte-identical on the reference, while each is drawn
    /// (it joins the layer for its frame) and once finished.
    func testTheCacheChangesNoByteWithNeonAndBlur() throws {
        let strokes = [
            try Self.line(0, .pen, StrokeColour(color: RGB(0.8, 0.1, 0.1), alpha: 0.8), size: 0.5, from: Vec2(30, 40), to: Vec2(170, 160),
                          start: 0, seconds: 0.4),
            try Self.line(1, .neon, StrokeColour(color: RGB(1, 0.2, 0.8), alpha: 1), size: 0.3, from: Vec2(30, 150), to: Vec2(170, 60),
                          start: 0.5, seconds: 0.4),
            try Self.line(2, .blur, StrokeColour(color: .black, alpha: 1), size: 0.4, from: Vec2(100, 20), to: Vec2(100, 180),
                          start: 1, seconds: 0.4),
            try Self.line(3, .marker, StrokeColour(color: RGB(0.1, 0.7, 0.2), alpha: 0.6), size: 0.2, from: Vec2(20, 100), to: Vec2(180, 110),
                          start: 1.5, seconds: 0.4),
        ]
        let scenario = DrawingScenario(settings: ScenarioSettings(duration: 2.5), canvas: Self.canvas, strokes: strokes)
        let size = try FrameSize(width: 100, height: 100)
        let cached = DrawingScreen(scenario, size: size), fresh = DrawingScreen(scenario, size: size, reuse: ReuseStore(.off))
        var frames: [[UInt8]] = []
        for time in [0.2, 0.7, 1.0, 1.2, 1.45, 1.7, 2.4, 0.6, 1.3] {
            let a = try ReferenceRenderer().render(cached.scene(at: time)), b = try ReferenceRenderer().render(fresh.scene(at: time))
            XCTAssertEqual(a.pixels, b.pixels, "at \(time)")
            frames.append(a.pixels)
        }
        XCTAssertEqual(Set(frames.prefix(7)).count, 7, "each instant shows something new")
    }
}
