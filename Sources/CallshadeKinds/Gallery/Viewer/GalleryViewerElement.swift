import CallshadeCore

/// The viewer (`gallery.md` section 0, ours) over the grid and the bar
/// while it is up: a black backdrop over all at alpha p, and the item's
/// picture aspect-filled (centred) into R(p) = lerp(R0, R1, p), R0 its tile,
/// R1 the picture fitted and centred in the screen, sampled trilinearly
/// from R1's mip chain (`GalleryViewerPicture`). Its tile in the grid shows
/// the background while it is up (`GalleryGridElement`).
public struct GalleryViewerElement: GalleryElement {
    public init() {}

    public var tags: [SceneTag] { [.viewer] }

    public func texts(for scenario: GalleryScenario) -> [TextStyle: [String]] { [:] }

    public func add(to scene: inout Scene, at instant: GalleryInstant, showing: Set<SceneTag>) {
        guard showing.contains(.viewer), let viewer = instant.viewer else { return }
        let size = instant.layout.size, p = viewer.progress
        scene.addMarks([Mark(x: 0, y: 0, width: Double(size.width), height: Double(size.height), kind: .roundedRectangle(cornerRadius: 0),
                             color: .black, alpha: p)], atlas: nil)
        let picture = GalleryViewerPicture(item: viewer.item, items: instant.items, size: size)
        guard let chain = picture.chain(reuse: instant.reuse, owner: instant.owner) else { return }
        let shown = viewer.tile.lerp(to: picture.fitted, p)
        let place = picture.placement(in: shown)
        scene.nodes.append(MipmappedPictureNode(chain: chain, origin: place.origin, scale: place.scale,
                                                clip: .init(x: shown.x, y: shown.y, width: shown.width, height: shown.height)))
    }
}

/// An item's picture in the viewer at a frame size: R1, the picture fitted
/// into the screen and centred (as displayed), and its level 0, the
/// picture at R1's size rounded to whole pixels, with its mip chain.
struct GalleryViewerPicture {
    let item: Int
    let items: GalleryTileItems
    let size: FrameSize

    /// R1, frame pixels.
    var fitted: Box {
        let picture = items.pictureSize(of: item)
        let (width, height) = (Double(picture.width), Double(picture.height))
        let fit = min(Double(size.width) / width, Double(size.height) / height)
        return Box(x: (Double(size.width) - width * fit) / 2, y: (Double(size.height) - height * fit) / 2,
                                       width: width * fit, height: height * fit)
    }

    /// Level 0's size: R1's, rounded, at least a pixel.
    var levelSize: (width: Int, height: Int) {
        let fitted = self.fitted
        return (max(1, Int(fitted.width.rounded())), max(1, Int(fitted.height.rounded())))
    }

    /// Where level 0 lies when aspect-filled into `rect`, centred: its
    /// top-left corner and frame pixels a texel (the larger of the two sides' ratios).
    func placement(in rect: Box) -> (origin: Vec2, scale: Double) {
        let level = levelSize
        let scale = max(rect.width / Double(level.width), rect.height / Double(level.height))
        return (Vec2(rect.x + (rect.width - Double(level.width) * scale) / 2, rect.y + (rect.height - Double(level.height) * scale) / 2), scale)
    }

    /// The mip chain, kept while frames use it; nil when the item's file can no longer be decoded.
    func chain(reuse: ReuseStore, owner: ReuseOwner) -> PictureMipChain? {
        let level = levelSize
        let key = GalleryViewerKey(owner: ReuseIdentity(owner), item: item, width: level.width, height: level.height)
        return reuse.value(key) {
            guard let texels = items.picture(item, width: level.width, height: level.height),
                  let base = PremultipliedPicture(width: level.width, height: level.height, texels: texels) else { return (nil, 0) }
            let chain = PictureMipChain(base)
            return (chain, chain.byteCount)
        }
    }
}

/// An item's mip chain in the viewer, by the screen that made it (its scenario and frame size), the item and level 0's size.
struct GalleryViewerKey: ReuseKey {
    typealias Value = PictureMipChain?
    static let shelf = "gallery viewer"

    let owner: ReuseIdentity<ReuseOwner>
    let item: Int
    let width: Int
    let height: Int
}

extension SceneTag {
    public static let viewer = SceneTag("viewer", help: "The gallery's viewer: its black backdrop and the opened item's picture.")
}
