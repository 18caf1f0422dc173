@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import XCTest

/// What the host keeps of a growing pen stroke from frame to frame
/// (`SettledStrokes`: the coverage of the segments a frame shares with the
/// frame before) changes no byte: each frame drawn with what is kept is
/// the frame drawn from nothing, over RGBA and I420, in order, back in
/// time, and with a second stroke drawn between; and most of a long
/// stroke's segments are taken as kept. The same holds for its tiles.
final class SettledStrokeTests: XCTestCase {
    static let size = try! FrameSize(width: 360, height: 640)

    /// Two pen strokes growing over 2 s, the second from 0.5 s, one of them translucent, both wider than a pixel.
    static func screen() throws -> DrawingScreen {
        func samples(from start: Double, _ at: (Double) -> Vec2) -> [StrokeSample] {
            (0...120).map { step in
                let u = Double(step) / 120, point = at(u)
                return StrokeSample(x: point.x, y: point.y, time: start + 1.5 * u)
            }
        }
        let strokes = [
            try Stroke(index: 0, tool: .pen, colour: StrokeColour(color: RGB(0.1, 0.1, 0.2), alpha: 1), size: 0.5,
                       samples: samples(from: 0) { Vec2(40 + 640 * $0, 500 + 300 * sin($0 * 9)) }),
            try Stroke(index: 1, tool: .pen, colour: StrokeColour(color: RGB(0.8, 0.2, 0.1), alpha: 0.6), size: 0.3,
                       samples: samples(from: 0.5) { Vec2(360 + 250 * cos($0 * 7), 640 + 500 * sin($0 * 5)) }),
        ]
        let canvas = DrawingCanvas(size: try FrameSize(width: 720, height: 1280), background: .colour(RGB(0.95, 0.93, 0.9)))
        return DrawingScreen(DrawingScenario(settings: ScenarioSettings(duration: 2.5), canvas: canvas, strokes: strokes), size: size)
    }

    /// In order, then back in time, then on again.
    static let times = (0...100).map { Double($0) / 50 } + [0.7, 0.72, 1.9, 0.3, 0.32]

    func testFramesDrawnWithWhatIsKeptAreTheSameToTheByte() throws {
        let screen = try Self.screen()
        let settled = ReuseStore()
        var kept = 0, segments = 0
        for time in Self.times {
            for case let node as StrokeNode in screen.scene(at: time).nodes {
                let coverage = settled.coverage(of: node, size: Self.size)
                kept += coverage?.count ?? 0
                segments += node.segments.count
                let whole = PixelRect(x: 0, y: 0, width: Self.size.width, height: Self.size.height)
                let withKept = HostShadedDrawing(shader: HostStroke(node, height: Self.size.height, settled: coverage), rects: [whole], size: Self.size)
                let without = HostShadedDrawing(shader: HostStroke(node, height: Self.size.height), rects: [whole], size: Self.size)
                XCTAssertEqual(Self.rgba(withKept), Self.rgba(without), "RGBA at \(time)")
                XCTAssertEqual(Self.yuv420(withKept), Self.yuv420(without), "I420 at \(time)")
            }
        }
        XCTAssertGreaterThan(segments, 10_000)
        XCTAssertGreaterThan(Double(kept), 0.8 * Double(segments), "most segments are kept")
    }

    /// A stroke's tiles with its unchanged segments' classification kept are its node's own, frame after frame.
    func testKeptTilesAreTheNodesTiles() throws {
        let screen = try Self.screen()
        let settled = ReuseStore()
        var strokes = 0
        for time in Self.times {
            for case let node as StrokeNode in screen.scene(at: time).nodes {
                let kept = settled.tiles(of: node, size: Self.size), own = CoveredTiles(node, in: Self.size)
                XCTAssertEqual(kept.region, own.region, "at \(time)")
                XCTAssertEqual(kept.coverage, own.coverage, "at \(time)")
                strokes += 1
            }
        }
        XCTAssertGreaterThan(strokes, 100)
    }

    /// The host route's frames in order (what is kept grows) and in reverse order (it is dropped each frame) are the same.
    func testTheHostRoutesFramesDoNotDependOnTheOrder() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        let screen = try Self.screen()
        let times = stride(from: 0.4, through: 1.2, by: 1.0 / 30).map { $0 }
        let host = matrix.renderer(.host, for: screen.scene(at: 1))
        var forward: [Double: [UInt8]] = [:]
        for time in times { forward[time] = try host.render(screen.scene(at: time)).pixels }
        for time in times.reversed() {
            XCTAssertEqual(try host.render(screen.scene(at: time)).pixels, forward[time], "at \(time)")
        }
    }

    static func rgba(_ drawing: some HostDrawing) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: index * 7 % 251) }
        pixels.withUnsafeMutableBufferPointer { drawing.draw(into: $0.baseAddress!, rows: 0..<size.height) }
        return pixels
    }

    static func yuv420(_ drawing: some HostDrawing) -> [UInt8] {
        var planes = [UInt8](repeating: 0, count: size.width * size.height * 3 / 2)
        for index in planes.indices { planes[index] = UInt8(truncatingIfNeeded: 16 + index * 5 % 220) }
        planes.withUnsafeMutableBufferPointer { drawing.drawYUV420(into: $0.baseAddress!, rows: 0..<size.height) }
        return planes
    }
}
