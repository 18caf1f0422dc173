@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import CallshadePNG
import XCTest

/// The drawing's scenes: the canvas's background node, the finished
/// strokes' layer and the strokes still being drawn, on every route; and
/// the finished-stroke cache, which must not change a byte.
final class DrawingSceneTests: XCTestCase {
    /// A 180x320 session: a pen stroke with an arrow, a half-transparent
    /// marker over it, a pencil hatch, and a pen stroke drawn while the
    /// marker is (it finishes first, but waits for the marker under it).
    static func scenario(background: DrawingCanvas.Background = .colour(RGB(0.96, 0.94, 0.88))) throws -> DrawingScenario {
        func samples(_ count: Int, from start: Double, every step: Double, _ at: (Double) -> Vec2) -> [StrokeSample] {
            (0..<count).map { index in
                let t = Double(index) / Double(count - 1), point = at(t)
                return StrokeSample(x: point.x, y: point.y, time: start + Double(index) * step)
            }
        }
        let ink = StrokeColour(color: RGB(0.1, 0.2, 0.6), alpha: 1)
        let strokes = [
            try Stroke(index: 0, tool: .pen, colour: ink, size: 0.4, arrow: true,
                       samples: samples(14, from: 0, every: 0.03) { Vec2(20 + 130 * $0, 60 + 40 * sin($0 * 6)) }),
            try Stroke(index: 1, tool: .marker, colour: StrokeColour(color: RGB(1, 0.8, 0), alpha: 0.5), size: 0.3,
                       samples: samples(12, from: 0.7, every: 0.05) { Vec2(30 + 120 * $0, 70 + 20 * $0) }),
            try Stroke(index: 2, tool: .pen, colour: StrokeColour(color: RGB(0.8, 0.1, 0.1), alpha: 0.7), size: 0.2,
                       samples: samples(6, from: 0.8, every: 0.04) { Vec2(40 + 60 * $0, 150 - 30 * $0) }),
            try Stroke(index: 3, tool: .pencil, colour: StrokeColour(color: RGB(0.2, 0.2, 0.2), alpha: 1), size: 0.5, seed: 3,
                       samples: samples(10, from: 1.4, every: 0.04) { Vec2(30 + 100 * $0, 240 - 60 * $0) }),
        ]
        return DrawingScenario(settings: ScenarioSettings(duration: 3), canvas: DrawingCanvas(size: try FrameSize(width: 360, height: 640),
                                                                                              background: background), strokes: strokes)
    }

    static let size = try! FrameSize(width: 180, height: 320)

    /// A checkerboard PNG written in `folder` (its path) and the picture it aspect-fills to `size`.
    static func checkerPhoto(in folder: URL, width: Int, height: Int, square: Int,
                             colours: ((UInt8, UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8, UInt8))) throws -> (String, FramePicture) {
        let photo = folder.appendingPathComponent("photo.png").path
        var image = RGBAImage(width: width, height: height, fill: colours.0)
        for y in 0..<height { for x in 0..<width where (x / square + y / square) % 2 == 0 { image.setPixel(x: x, y: y, colours.1) } }
        try PNGFile.write(image, to: photo)
        return (photo, try XCTUnwrap(AspectFill.picture(try PNGFile.read(path: photo), size: size)))
    }

    /// The scene's finished-stroke layer (its last picture node's picture).
    static func layer(of scene: Scene) -> FramePicture? {
        scene.nodes.compactMap { node -> FramePicture? in
            guard let picture = node as? PictureNode, case .picture(let layer) = picture.content else { return nil }
            return layer
        }.last
    }
    /// Instants forwards and back: mid-stroke, an arrow drawing in, strokes finishing out of order, all finished.
    static let instants = [0, 0.2, 0.45, 0.9, 1.0, 0.3, 1.3, 1.6, 2.5, 1.45, 3]

    func testTheCacheChangesNoByteOnAnyRoute() throws {
        let scenario = try Self.scenario()
        let cached = DrawingScreen(scenario, size: Self.size)
        let fresh = DrawingScreen(scenario, size: Self.size, reuse: ReuseStore(.off))
        let gpu = try DrawingRouteTests.shared.renderer()
        var layers: [FramePicture] = []
        for time in Self.instants {
            let withCache = cached.scene(at: time), without = fresh.scene(at: time)
            XCTAssertEqual(withCache, without, "at \(time)")
            for renderer in [ReferenceRenderer(), gpu] as [any FrameRenderer] {
                XCTAssertEqual(try renderer.render(withCache).pixels, try renderer.render(without).pixels, "at \(time) by \(type(of: renderer))")
            }
            layers += withCache.nodes.compactMap { node -> FramePicture? in
                guard let picture = node as? PictureNode, case .picture(let layer) = picture.content else { return nil }
                return layer
            }
        }
        // The cache did keep its layer: frames with the same finished strokes share one picture.
        XCTAssertTrue(try XCTUnwrap(Self.layer(of: cached.scene(at: 2.5))) === Self.layer(of: cached.scene(at: 2.6)))
        XCTAssertFalse(try XCTUnwrap(Self.layer(of: fresh.scene(at: 2.5))) === Self.layer(of: fresh.scene(at: 2.6)))
        XCTAssertFalse(layers.isEmpty)
    }

    /// The finished layer is the strokes drawn one by one: a frame with the
    /// layer is within a level of the same strokes drawn as nodes over the
    /// background, and a stroke finishing changes nothing but rounding.
    func testTheLayerIsTheFinishedStrokesDrawn() throws {
        let scenario = try Self.scenario()
        let screen = DrawingScreen(scenario, size: Self.size)
        let placement = CanvasPlacement(canvas: scenario.canvas.size, frame: Self.size)
        for time in [1.0, 2.5] {
            var direct = Scene(size: Self.size, background: nil, nodes: [PictureNode(.colour(RGB(0.96, 0.94, 0.88)))])
            direct.nodes += scenario.strokes.compactMap { DrawnStroke.node($0, at: time, canvas: scenario.canvas, placement: placement) }
            let withLayer = screen.scene(at: time)
            XCTAssertNotNil(Self.layer(of: withLayer), "at \(time) the finished strokes come as one layer")
            let a = try ReferenceRenderer().render(withLayer), b = try ReferenceRenderer().render(direct)
            let difference = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(difference, 1, "at \(time)")
            XCTAssertGreaterThan(Set(a.pixels).count, 20, "the strokes show")
        }
    }

    func testDrawingScenesAgreeOnEveryRoute() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        let (photo, picture) = try Self.checkerPhoto(in: try scratchFolder(), width: 300, height: 200, square: 20,
                                                     colours: ((200, 60, 40, 255), (30, 90, 200, 255)))
        let screens = [DrawingScreen(try Self.scenario(), size: Self.size),
                       DrawingScreen(try Self.scenario(background: .picture(photo)), size: Self.size, backgroundPicture: picture)]
        for (which, screen) in screens.enumerated() {
            for time in [0.2, 0.9, 1.6, 3] {
                let scene = screen.scene(at: time)
                let reference = try matrix.reference.render(scene)
                if ProcessInfo.processInfo.environment["CALLSHADE_DRAWING_PNG"] != nil {
                    try PNGFile.write(reference, to: TestPaths.failureOutput.appendingPathComponent("drawing-scene-\(which)-\(time).png").path)
                }
                try matrix.assertEveryRouteAgrees(scene, name: "drawing-scene-\(which)-\(time)", reference: reference)
            }
        }
    }

    /// The eraser (`drawing.md` section 4) clears the strokes under it to
    /// the canvas's background, never the background picture, while it is
    /// drawn and once finished; a stroke drawn after it is not cleared.
    func testTheEraserClearsStrokesToTheBackground() throws {
        let (photo, picture) = try Self.checkerPhoto(in: try scratchFolder(), width: 64, height: 64, square: 8,
                                                     colours: ((40, 160, 90, 255), (230, 210, 60, 255)))
        func line(_ index: Int, _ tool: DrawingTool, size: Double, from a: Vec2, to b: Vec2, at start: Double) throws -> Stroke {
            try Stroke(index: index, tool: tool, colour: StrokeColour(color: RGB(0.1, 0.1, 0.5), alpha: 1), size: size,
                       samples: (0...10).map { step in
                           let point = Vec2.lerp(a, b, Double(step) / 10)
                           return StrokeSample(x: point.x, y: point.y, time: start + Double(step) * 0.02)
                       })
        }
        let scenario = DrawingScenario(settings: ScenarioSettings(duration: 2), canvas: DrawingCanvas(size: try FrameSize(width: 360, height: 640),
                                                                                                      background: .picture(photo)), strokes: [
            try line(0, .pen, size: 0.5, from: Vec2(20, 100), to: Vec2(340, 100), at: 0),
            try line(1, .eraser, size: 0.3, from: Vec2(180, 40), to: Vec2(180, 160), at: 0.5),
            try line(2, .pen, size: 0.1, from: Vec2(20, 100), to: Vec2(340, 100), at: 1),
        ])
        let screen = DrawingScreen(scenario, size: Self.size, backgroundPicture: picture)
        let fresh = DrawingScreen(scenario, size: Self.size, backgroundPicture: picture, reuse: ReuseStore(.off))
        let bare = try ReferenceRenderer().render(DrawingScreen(scenario, size: Self.size, backgroundPicture: picture, showing: [.canvas]).scene(at: 0))
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { image.pixel(x: x, y: y) ?? [] }
        for time in [0.3, 0.56, 0.65, 0.75, 1.5] {
            let scene = screen.scene(at: time)
            XCTAssertEqual(scene, fresh.scene(at: time), "at \(time)")
            let frame = try ReferenceRenderer().render(scene)
            try matrix.assertEveryRouteAgrees(scene, name: "drawing-eraser-\(time)", reference: frame)
            // Canvas (181, 105): under stroke 0, passed by the eraser (drawn down from 0.5 s to 0.7 s) by 0.65 s, beside stroke 2.
            XCTAssertEqual(pixel(frame, 90, 52) == pixel(bare, 90, 52), time >= 0.65, "at \(time): cleared to the picture only once erased")
            XCTAssertNotEqual(pixel(frame, 30, 52), pixel(bare, 30, 52), "at \(time): stroke 0 stays away from the eraser")
            if time >= 1.5 { XCTAssertNotEqual(pixel(frame, 90, 50), pixel(bare, 90, 50), "stroke 2, drawn after the eraser, stays") }
        }
    }

    /// Aspect fill: a 300x200 picture covers a 180x320 frame by its height,
    /// its middle 113 columns showing; a transparent picture lies over white.
    func testTheBackgroundPictureIsAspectFilled() throws {
        var image = RGBAImage(width: 300, height: 200, fill: (255, 0, 0, 255))
        for y in 0..<200 { for x in 0..<150 { image.setPixel(x: x, y: y, (0, 0, 255, 255)) } }
        let picture = try XCTUnwrap(AspectFill.picture(image, size: Self.size))
        XCTAssertEqual(picture.pixel(x: 10, y: 100), ShadedPixel(color: RGB(0, 0, 1), alpha: 1))
        XCTAssertEqual(picture.pixel(x: 170, y: 100), ShadedPixel(color: RGB(1, 0, 0), alpha: 1))
        // The boundary at the picture's middle column is the frame's middle.
        // (113 columns from 93 are shown, 57 of them blue: the edge falls at 57 x 180 / 113 = 90.8.)
        XCTAssertEqual(picture.pixel(x: 89, y: 5).color.b, 1, accuracy: 0.01)
        XCTAssertEqual(picture.pixel(x: 90, y: 5).color.r, 0.32, accuracy: 0.01)
        XCTAssertEqual(picture.pixel(x: 92, y: 5).color.r, 1, accuracy: 0.01)
        let clear = try XCTUnwrap(AspectFill.picture(RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 0)), size: Self.size))
        XCTAssertEqual(clear.pixel(x: 3, y: 3), ShadedPixel(color: .white, alpha: 1))
        XCTAssertEqual(PictureNode(.picture(picture)).tileCoverage(in: PixelRect(x: 0, y: 0, width: 180, height: 320)),
                       [TileCoverage](repeating: .opaque, count: 23 * 40))
    }
}
