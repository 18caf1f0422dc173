import CallshadeCore
import CallshadeKinds
import CallshadeGL
import CallshadePNG
import Foundation
import XCTest

/// Chat bubbles (bodies with their own corner radii, tails, outlines) on
/// every route a chat frame takes, held to the CPU reference by the parity
/// rule; five bubbles take two draws on the GPU, and on the host route the
/// host draws them (`HostBubbles`).
final class BubbleRouteTests: XCTestCase {
    static func bubble(x: Double, y: Double, width: Double, height: Double, scale: Double, outgoing: Bool, tail: Bool,
                       merged: (above: Bool, below: Bool)) -> BubbleNode.Bubble {
        let (round, tight) = (16 * scale, 8 * scale)
        let above = merged.above ? tight : round, below = merged.below || !tail ? (merged.below ? tight : round) : round
        let radii = outgoing ? (topLeft: round, topRight: above, bottomRight: below, bottomLeft: round)
                             : (topLeft: above, topRight: round, bottomRight: round, bottomLeft: below)
        let body = BubbleBody(x: x, y: y, width: width, height: height, radii: radii)
        let corner = Vec2(outgoing ? x + width : x, y + height)
        return BubbleNode.Bubble(body: body, tail: tail ? .init(corner: corner, scale: scale, mirrored: !outgoing) : nil,
                                 fill: outgoing ? RGB(hex: "#E1FFC7") ?? .white : .white, outlineAlpha: 0.2, outlineHalfWidth: 0.3 * scale)
    }

    func testEveryRouteAgreesWithTheReference() throws {
        let matrix = RouteMatrix(gpu: try makeGPURenderer())
        let size = try FrameSize(width: 130, height: 160)
        let scale = 130.0 / 195
        var scene = ChatScreen(ChatScenario(settings: ScenarioSettings(duration: 1)), size: size).scene(at: 0)
        scene.nodes.append(BubbleNode(bubbles: [
            Self.bubble(x: 8, y: 6, width: 80, height: 24, scale: scale, outgoing: false, tail: true, merged: (false, false)),
            Self.bubble(x: 40, y: 40, width: 80, height: 24, scale: scale, outgoing: true, tail: false, merged: (false, true)),
            Self.bubble(x: 50, y: 66, width: 70, height: 24, scale: scale, outgoing: true, tail: false, merged: (true, true)),
            Self.bubble(x: 30, y: 92, width: 90, height: 40, scale: scale, outgoing: true, tail: true, merged: (true, false)),
            Self.bubble(x: 6, y: 138, width: 40, height: 16, scale: scale, outgoing: false, tail: true, merged: (false, false)),
        ]))
        try matrix.assertEveryRouteAgrees(scene, name: "bubbles")
        // The tail draws: below the last outgoing body's corner, right of it, the fill shows.
        let picture = try matrix.reference.render(scene)
        if let folder = ProcessInfo.processInfo.environment["CALLSHADE_LOOK"] { try PNGFile.write(picture, to: folder + "/bubbles.png") }
        let tipRow = 92 + 40 - 2, tipColumn = 120
        let at = (tipRow * 130 + tipColumn) * 4
        XCTAssertEqual(Array(picture.pixels[at..<at + 3]), [0xE1, 0xFF, 0xC7].map(UInt8.init), "the tail beside the body's corner")
    }
}
