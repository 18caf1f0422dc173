import CallshadeCore

/// The grids (`gallery.md` sections 1 to 4) over the background, the old
/// first: each one's held rows at rest drawn once into a picture
/// (`GalleryGridPicture`: each tile its item, a video's label and blob or
/// badge, a loading item's placeholder and shimmer), laid at rest with its
/// texels on whole pixels, or scaled and moved at its opacity while a zoom
/// morphs it (section 2.1, rule 6: sampled bilinearly, clear outside); the
/// tile of the item the viewer is open on left clear while the viewer shows. A
/// picture is kept while its rows are held (`GalleryGridKey`); one that
/// shimmers is made each frame.
public struct GalleryGridElement: GalleryElement {
    public init() {}

    public var tags: [SceneTag] { [.tiles, .labels] }

    public func texts(for scenario: GalleryScenario) -> [TextStyle: [String]] {
        // Media may hold videos (known once probed): the labels' digits are set whenever there are media.
        let videos = scenario.fill.map { $0.videoEvery > 0 } ?? true
        return videos ? [GalleryVideoMarks.style: [GalleryVideoMarks.label(seconds: 0)]] : [:]
    }

    public func add(to scene: inout Scene, at instant: GalleryInstant, showing: Set<SceneTag>) {
        if showing.contains(.tiles) { scene.nodes.append(PictureNode(.colour(instant.scenario.background))) }
        for grid in instant.grids where grid.alpha > 0 {
            add(grid, to: &scene, at: instant, showing: showing)
        }
    }

    /// One grid: its picture at rest, placed by its scale and shift, at its opacity.
    func add(_ shown: GalleryShownGrid, to scene: inout Scene, at instant: GalleryInstant, showing: Set<SceneTag>) {
        let layout = shown.rest.layout, offset = shown.rest.offset
        guard let rows = layout.heldRows(offset: offset) else { return }
        let hidden = showing.contains(.viewer) ? instant.viewer?.item : nil
        let grid = GalleryGridPicture(layout: layout, items: instant.items, rows: rows, tiles: showing.contains(.tiles),
                                      labels: showing.contains(.labels), hidden: hidden, text: instant.text, reuse: instant.reuse)
        let top = layout.top + rows.lowerBound * layout.pitch - offset
        let key = GalleryGridKey(owner: ReuseIdentity(instant.owner), columns: layout.columns, rows: rows, tiles: grid.tiles, labels: grid.labels,
                                 hidden: hidden, shimmer: grid.shimmers ? GalleryGridKey.Shimmer(top: top, time: instant.time) : nil)
        let picture = instant.reuse.value(key) {
            let made = grid.make(top: top, time: instant.time)
            return (made, made?.texels.count ?? 0)
        }
        guard let picture else { return }
        let placement = shown.placement
        scene.nodes.append(MappedPictureNode(picture: picture, origin: placement.apply(Vec2(0, Double(top))), scale: placement.scale,
                                             alpha: shown.alpha))
    }
}

/// A grid at rest's picture, by the screen that made it (its scenario and
/// frame size), its level, its held rows, what it shows and the item
/// left clear under the viewer; one that
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
    let hidden: Int?
    let shimmer: Shimmer?
}

extension SceneTag {
    public static let tiles = SceneTag("tiles", help: "The gallery's background and its grid of tiles.")
    public static let labels = SceneTag("labels", help: "The gallery's video labels, their blobs and the play badges.")
}
