@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeText
@testable import CallshadeGL
import CallshadePNG
import Foundation
import XCTest

/// Marks turned about their centres (the particles' spin): the GPU on both
/// routes held to the CPU reference, and the turned quad holding all they draw.
final class TurnedMarksTests: XCTestCase {
    func scene() throws -> Scene {
        let layout = try CallLayout(size: try FrameSize(parsing: "390x844"))
        let setter = try TextSetter(scale: layout.scale, texts: [TextStyle(.icons, 24): ["star"], TextStyle(.emoji, 15): ["🍋"]])
        var marks: [Mark] = []
        for (index, angle) in [0.3, 1.1, 2.5, -0.7, Double.pi / 2].enumerated() {
            let left = 40.0 + Double(index) * 64
            marks += setter.line("star", style: TextStyle(.icons, 24)).marks(origin: Vec2(left, 120), color: RGB(1, 0.8, 0.2)).map {
                var mark = $0
                mark.angle = angle
                return mark
            }
            marks.append(Mark(x: left + 3.3, y: 200.4, width: 30, height: 7.5, kind: .roundedRectangle(cornerRadius: 1.5),
                              color: RGB(0.4, 0.9, 1), alpha: 0.9, angle: angle))
            marks.append(Mark(x: left, y: 260, width: 13.7, height: 13.7, kind: .roundedRectangle(cornerRadius: 7), angle: angle))
            marks += setter.line("🍋", style: TextStyle(.emoji, 15)).marks(origin: Vec2(left, 330)).map {
                var mark = $0
                mark.angle = angle
                return mark
            }
        }
        return Scene(size: layout.size, background: GradientParameters(palette: .blueGreen, phase: 1),
                     nodes: [MarksNode(atlas: setter.atlas, marks: marks)])
    }

    func testTurnedMarksMatchTheReferenceOnBothRoutes() throws {
        let frame = try scene()
        try RouteMatrix(gpu: try WordsRenderTests.shared.renderer()).assertEveryRouteAgrees(frame, name: "turned-marks",
                                                                                              rule: \.withinForegroundParity)
        // Turned, a mark draws something, and only inside its quad.
        let marks = try XCTUnwrap(frame.nodes.first as? MarksNode).marks
        for mark in marks where mark.angle != 0 {
            let quad = mark.quad
            var inside = 0.0
            for y in stride(from: quad.y - 3, to: quad.y + quad.height + 3, by: 0.5) {
                for x in stride(from: quad.x - 3, to: quad.x + quad.width + 3, by: 0.5) {
                    let value = max(mark.coverage(at: Vec2(x, y), atlas: frame.nodes.compactMap { ($0 as? MarksNode)?.atlas }.first),
                                    mark.colour(at: Vec2(x, y), atlas: (frame.nodes.first as? MarksNode)?.atlas).alpha)
                    let within = x >= quad.x && x < quad.x + quad.width && y >= quad.y && y < quad.y + quad.height
                    if !within { XCTAssertEqual(value, 0, "\(mark.kind) at \(x), \(y) outside its quad") }
                    inside += value
                }
            }
            XCTAssertGreaterThan(inside, 10, "\(mark.kind) turned by \(mark.angle) draws")
        }
    }
}

extension TurnedMarksTests {
    /// Writes the turned marks' frame for a look (CALLSHADE_WRITE_TURNED=1).
    func testWriteForALook() throws {
        guard ProcessInfo.processInfo.environment["CALLSHADE_WRITE_TURNED"] != nil else { return }
        let image = try WordsRenderTests.shared.renderer().render(try scene())
        try PNGFile.write(image, to: "/tmp/turned.png")
    }
}
