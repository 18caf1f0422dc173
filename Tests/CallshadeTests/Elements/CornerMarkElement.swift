import CallshadeCore
import CallshadeKinds

/// A test-only element of the call screen: a white square 12 pt across,
/// 12 pt from the top-left corner, and "corner" beside it. It shows what an
/// element takes: this file, and one entry in a list of elements
/// (`SceneElementTests`).
struct CornerMarkElement: CallElement {
    static let label = TextStyle(.semibold, 13)
    static let text = "corner"

    var tags: [SceneTag] { [.cornerMark] }

    func texts(for scenario: Scenario) -> [TextStyle: [String]] { [Self.label: [Self.text]] }

    func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        let side = 12 * instant.layout.scale
        var marks = [Mark(x: side, y: side, width: side, height: side, kind: .roundedRectangle(cornerRadius: 0))]
        if let text = instant.text {
            marks += text.line(Self.text, style: Self.label).marks(origin: Vec2(3 * side, 2 * side), alpha: 1)
        }
        scene.nodes.append(MarksNode(atlas: instant.text?.atlas, marks: marks))
    }
}

extension SceneTag {
    static let cornerMark = SceneTag("corner", help: "A test's white square in the top-left corner.")
}
