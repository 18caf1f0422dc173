import CallshadeCore

/// The grid's tiles at rest (`gallery.md` section 1) over the background:
/// the held rows' tiles, each its item's picture (a fill item: its flat
/// colour), edges on whole pixels. One marks node holds every tile (and the
/// bar's marks over them: `Scene.addMarks`).
public struct GalleryTilesElement: GalleryElement {
    public init() {}

    public var tags: [SceneTag] { [.tiles] }

    public func add(to scene: inout Scene, at instant: GalleryInstant, showing: Set<SceneTag>) {
        let scenario = instant.scenario, layout = instant.layout
        scene.nodes.append(PictureNode(.colour(scenario.background)))
        guard let rows = layout.heldRows(offset: instant.offset) else { return }
        var marks: [Mark] = []
        marks.reserveCapacity(rows.count * layout.columns)
        for row in rows {
            for index in (row * layout.columns)..<min((row + 1) * layout.columns, layout.count) {
                let tile = layout.tile(index, offset: instant.offset)
                marks.append(Mark(x: Double(tile.x), y: Double(tile.y), width: Double(tile.width), height: Double(tile.height),
                                  kind: .roundedRectangle(cornerRadius: 0), color: scenario.fill.colour(of: index)))
            }
        }
        scene.addMarks(marks, atlas: instant.text.atlas)
    }
}

extension SceneTag {
    public static let tiles = SceneTag("tiles", help: "The gallery's background and its grid of tiles.")
}
