import CallshadeCore

/// The grid at rest (`gallery.md` sections 1, 3 and 4) over the background:
/// the held rows drawn once into a picture (`GalleryGridPicture`: each tile
/// its item, a video's label and blob or badge, a loading item's
/// placeholder and shimmer), laid with its texels on whole pixels. The
/// picture is kept while its rows are held (`GalleryGridKey`); one that
/// shimmers is made each frame.
public struct GalleryGridElement: GalleryElement {
    public init() {}

    public var tags: [SceneTag] { [.tiles, .labels] }

    public func texts(for scenario: GalleryScenario) -> [TextStyle: [String]] {
        scenario.fill.videoEvery > 0 ? [GalleryVideoMarks.style: [GalleryVideoMarks.label(seconds: 0)]] : [:]
    }

    public func add(to scene: inout Scene, at instant: GalleryInstant, showing: Set<SceneTag>) {
        let layout = instant.layout
        if showing.contains(.tiles) { scene.nodes.append(PictureNode(.colour(instant.scenario.background))) }
        guard let rows = layout.heldRows(offset: instant.offset) else { return }
        let grid = GalleryGridPicture(layout: layout, fill: instant.scenario.fill, rows: rows, tiles: showing.contains(.tiles),
                                      labels: showing.contains(.labels), text: instant.text)
        let top = layout.top + rows.lowerBound * layout.pitch - instant.offset
        let key = GalleryGridKey(owner: ReuseIdentity(instant.owner), columns: layout.columns, rows: rows, tiles: grid.tiles, labels: grid.labels,
                                 shimmer: grid.shimmers ? GalleryGridKey.Shimmer(top: top, time: instant.time) : nil)
        let picture = instant.reuse.value(key) {
            let made = grid.make(top: top, time: instant.time)
            return (made, made?.texels.count ?? 0)
        }
        guard let picture else { return }
        scene.nodes.append(MappedPictureNode(picture: picture, origin: Vec2(0, Double(top))))
    }
}

/// A grid at rest's picture, by the screen that made it (its scenario and
/// frame size), its level, its held rows and what it shows; one that
/// shimmers also by where its top lies and the instant.
struct GalleryGridKey: ReuseKey {
    typealias Value = PremultipliedPicture?
    static let shelf = "gallery grids"

    struct Shimmer: Hashable, Sendable {
        let top: Int
        let time: Double
    }

    let owner: ReuseIdentity<ReuseOwner>
    let columns: Int
    let rows: ClosedRange<Int>
    let tiles: Bool
    let labels: Bool
    let shimmer: Shimmer?
}

extension SceneTag {
    public static let tiles = SceneTag("tiles", help: "The gallery's background and its grid of tiles.")
    public static let labels = SceneTag("labels", help: "The gallery's video labels, their blobs and the play badges.")
}
