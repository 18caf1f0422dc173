import CallshadeCore

/// The bar over the grid (`gallery.md` section 1, ours): from the top to
/// 91 pt, white at 0.92 (no blur), its bottom pixel row black at 0.2; the
/// title in Inter SemiBold 17 pt, black, centred on x = 195 pt, its line
/// box centred on y = 69 pt. Nothing with `"chrome": "none"`.
public struct GalleryBarElement: GalleryElement {
    public static let titleStyle = TextStyle(.semibold, 17)
    public static let barAlpha = 0.92
    public static let edgeAlpha = 0.2
    /// The title's centre, points.
    public static let titleCentre = (x: 195.0, y: 69.0)

    public init() {}

    public var tags: [SceneTag] { [.bar] }

    public func texts(for scenario: GalleryScenario) -> [TextStyle: [String]] {
        scenario.bar ? [Self.titleStyle: [scenario.title]] : [:]
    }

    public func add(to scene: inout Scene, at instant: GalleryInstant, showing: Set<SceneTag>) {
        let layout = instant.layout
        guard instant.scenario.bar, layout.top > 0 else { return }
        let width = Double(layout.size.width), height = Double(layout.top)
        var marks = [
            Mark(x: 0, y: 0, width: width, height: height, kind: .roundedRectangle(cornerRadius: 0), color: .white, alpha: Self.barAlpha),
            Mark(x: 0, y: height - 1, width: width, height: 1, kind: .roundedRectangle(cornerRadius: 0), color: .black, alpha: Self.edgeAlpha),
        ]
        let title = instant.text.line(instant.scenario.title, style: Self.titleStyle)
        let origin = Vec2(Self.titleCentre.x * layout.scale - title.width / 2, Self.titleCentre.y * layout.scale - title.height / 2 + title.ascent)
        marks += title.marks(origin: origin, color: .black)
        scene.addMarks(marks, atlas: instant.text.atlas)
    }
}

extension SceneTag {
    public static let bar = SceneTag("bar", help: "The gallery's bar: white at 0.92, its edge and its title.")
}
