import CallshadeCore
import Foundation

/// One level's grid at rest as one picture (`gallery.md` section 2.1, rule
/// 6): its held rows, the first at the picture's top, each tile its item
/// (a media file's thumbnail; a fill item's flat colour; a loading item's
/// placeholder under the shimmer, section 4) with a video's marks over it (section 3: the blob,
/// the shadow and the label, or the badge), the gaps clear, and clear the
/// tile of the item the viewer is open on. Premultiplied
/// RGBA8: every route samples the same bytes.
struct GalleryGridPicture {
    /// The placeholder's colour (ours): #E4E4E7.
    static let placeholder = RGB(0xE4 / 255.0, 0xE4 / 255.0, 0xE7 / 255.0)
    /// The shimmer: white at up to 0.6, a band a screen high sweeping down every 0.8 s.
    static let shimmerAlpha = 0.6
    static let shimmerPeriod = 0.8

    let layout: GalleryLayout
    let items: GalleryTileItems
    let rows: ClosedRange<Int>
    /// Whether the tiles and the video marks are drawn (`--layers` tiles, labels).
    let tiles: Bool
    let labels: Bool
    /// The item the viewer is open on: its tile left clear, showing the background (`gallery.md` section 0).
    var hidden: Int? = nil
    /// Sets the labels (Inter SemiBold 11 pt at the layout's scale).
    let text: any TextSetting
    /// Keeps each label's picture (`GalleryLabelKey`) while frames use it.
    let reuse: ReuseStore

    /// The picture's height: its rows and the gaps between them.
    var height: Int { rows.count * layout.pitch - layout.gap }

    /// Whether a held tile is still loading (its placeholder shimmers with time and place).
    var shimmers: Bool {
        guard tiles, case .fill(let fill) = items else { return false }
        return fill.loadingFrom < min(layout.count, (rows.upperBound + 1) * layout.columns)
    }

    /// The shimmer's white at a frame row, its grid's top at `top` frame pixels,
    /// `time` s: v = y / H + 1 - 2 frac(t / 0.8) for y the row's centre, points.
    func shimmer(row: Int, top: Int, time: Double) -> Double {
        let cycle = time / Self.shimmerPeriod
        let v = (Double(top + row) + 0.5) / Double(layout.size.height) + 1 - 2 * (cycle - cycle.rounded(.down))
        return Self.shimmerAlpha * max(0, 1 - abs(2 * v - 1))
    }

    /// A label's picture: kept, or set and rasterised now.
    func labelPicture(_ label: String) -> GalleryLabelPicture {
        reuse.value(GalleryLabelKey(atlas: ReuseIdentity(text.atlas), label: label, scale: layout.scale)) {
            let picture = GalleryLabelPicture(line: text.line(label, style: GalleryVideoMarks.style), atlas: text.atlas, scale: layout.scale)
            return (picture, (picture.glyphs.count + picture.shadow.count) * MemoryLayout<Double>.size)
        }
    }

    /// The picture, its top row `top` frame pixels down (where the shimmer reads its place) at `time`.
    func make(top: Int, time: Double) -> PremultipliedPicture? {
        let width = layout.size.width, height = self.height
        guard width > 0, height > 0 else { return nil }
        var texels = [UInt8](repeating: 0, count: width * height * 4)
        let shimmerRows = shimmers ? (0..<height).map { shimmer(row: $0, top: top, time: time) } : []
        let scale = layout.scale
        texels.withUnsafeMutableBufferPointer { out in
            for row in rows {
                for index in (row * layout.columns)..<min((row + 1) * layout.columns, layout.count) where index != hidden {
                    let column = index % layout.columns
                    let rect = PixelRect(x: column * layout.pitch, y: (row - rows.lowerBound) * layout.pitch,
                                         width: column == layout.columns - 1 ? layout.lastWidth : layout.side, height: layout.side)
                    let tile = TileCanvas(rect: rect, width: width, texels: out)
                    let loading = items.isLoading(index)
                    if tiles {
                        switch items {
                        case .fill where loading:
                            tile.fillRows { shimmerRows[$0] > 0 ? Self.placeholder * (1 - shimmerRows[$0]) + RGB.white * shimmerRows[$0] : Self.placeholder }
                        case .fill(let fill):
                            let colour = fill.colour(of: index)
                            tile.fillRows { _ in colour }
                        case .media(let library):
                            if let thumbnail = library.thumbnail(index, width: rect.width, height: rect.height) {
                                tile.copy(thumbnail)
                            } else {
                                tile.fillRows { _ in Self.placeholder }
                            }
                        }
                    }
                    guard labels, !loading, let seconds = items.videoSeconds(of: index) else { continue }
                    let sidePoints = Double(layout.side) / scale
                    if sidePoints < GalleryVideoMarks.badgeUnder {
                        tile.drawBadge(GalleryVideoMarks.Badge(side: sidePoints), scale: scale)
                    } else {
                        tile.drawLabel(labelPicture(GalleryVideoMarks.label(seconds: seconds)), scale: scale)
                    }
                }
            }
        }
        return PremultipliedPicture(width: width, height: height, texels: texels)
    }
}

/// One tile's pixels in a grid picture being made, premultiplied RGBA8.
private struct TileCanvas {
    let rect: PixelRect
    let width: Int
    let texels: UnsafeMutableBufferPointer<UInt8>

    /// Each row opaque in one colour (by the row within the picture).
    func fillRows(_ colour: (Int) -> RGB) {
        for y in rect.y..<rect.y + rect.height {
            let c = colour(y)
            let (r, g, b) = (Quantize.byte(c.r), Quantize.byte(c.g), Quantize.byte(c.b))
            var at = (y * width + rect.x) * 4
            for _ in 0..<rect.width {
                (texels[at], texels[at + 1], texels[at + 2], texels[at + 3]) = (r, g, b, 255)
                at += 4
            }
        }
    }

    /// The tile's pixels from `rgba` (its size, premultiplied RGBA8, row 0 at the top).
    func copy(_ rgba: [UInt8]) {
        let rowBytes = rect.width * 4
        guard rgba.count == rowBytes * rect.height else { return }
        rgba.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress, let to = texels.baseAddress else { return }
            for row in 0..<rect.height {
                (to + ((rect.y + row) * width + rect.x) * 4).update(from: from + row * rowBytes, count: rowBytes)
            }
        }
    }

    /// Pixel (`x`, `y`) of the picture (inside the tile) as premultiplied values (0...1).
    func texel(x: Int, y: Int) -> SIMD4<Double> {
        let at = (y * width + x) * 4
        return SIMD4(Double(texels[at]), Double(texels[at + 1]), Double(texels[at + 2]), Double(texels[at + 3])) / 255
    }

    /// Pixel (`x`, `y`) set to premultiplied `value`, rounded once.
    func setTexel(x: Int, y: Int, _ value: SIMD4<Double>) {
        let at = (y * width + x) * 4
        (texels[at], texels[at + 1], texels[at + 2], texels[at + 3]) = (Quantize.byte(value.x), Quantize.byte(value.y), Quantize.byte(value.z),
                                                                         Quantize.byte(value.w))
    }

    /// A grey (0 black, 1 white) at `alpha` over premultiplied `value`.
    static func over(_ value: SIMD4<Double>, grey: Double, alpha: Double) -> SIMD4<Double> {
        value * (1 - alpha) + SIMD4(grey, grey, grey, 1) * alpha
    }

    /// A video's label: over each pixel the blob (black at
    /// `GalleryVideoMarks.blobAlpha` of its centre's points from the right
    /// and bottom edges), then within the label's picture its shadow and
    /// its glyphs in white; each pixel rounded once.
    func drawLabel(_ label: GalleryLabelPicture, scale: Double) {
        let right = rect.x + rect.width, bottom = rect.y + rect.height
        let labelLeft = right + label.left, labelTop = bottom + label.top
        // The blob's factor of each column, once a tile.
        let across = (rect.x..<right).map { GalleryVideoMarks.blobAcross((Double(right - $0) - 0.5) / scale) }
        for y in rect.y..<bottom {
            let down = GalleryVideoMarks.blobDown((Double(bottom - y) - 0.5) / scale)
            for x in rect.x..<right {
                var value = Self.over(texel(x: x, y: y), grey: 0, alpha: across[x - rect.x] * down)
                let column = x - labelLeft, row = y - labelTop
                if column >= 0, row >= 0, column < label.width, row < label.height {
                    value = Self.over(value, grey: 0, alpha: label.shadow[row * label.width + column])
                    value = Self.over(value, grey: 1, alpha: label.glyphs[row * label.width + column])
                }
                setTexel(x: x, y: y, value)
            }
        }
    }

    /// The play badge: the disc black at 0.5, the triangle white, each by its edge coverage.
    func drawBadge(_ badge: GalleryVideoMarks.Badge, scale: Double) {
        let corner = Vec2(Double(rect.x + rect.width), Double(rect.y + rect.height))
        let centre = corner + badge.centre * scale, radius = badge.radius * scale
        let triangle = badge.triangle.map { centre + $0 * scale }
        let reach = radius + 1
        let x0 = max(rect.x, Int((centre.x - reach).rounded(.down))), x1 = min(rect.x + rect.width, Int((centre.x + reach).rounded(.up)))
        let y0 = max(rect.y, Int((centre.y - reach).rounded(.down))), y1 = min(rect.y + rect.height, Int((centre.y + reach).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let point = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                let disc = Disc.coverage(radius: radius, centreDistance: (point - centre).length)
                let inside = EdgeCoverage.coverage(signedDistance: PolygonDistance.signedDistance(point, vertices: triangle))
                guard disc > 0 || inside > 0 else { continue }
                let shaded = Self.over(texel(x: x, y: y), grey: 0, alpha: GalleryVideoMarks.Badge.discAlpha * disc)
                setTexel(x: x, y: y, Self.over(shaded, grey: 1, alpha: inside))
            }
        }
    }
}

/// What a grid's tiles show: the synthetic fill's colours, videos and
/// placeholders, or the media files' thumbnails and durations.
public enum GalleryTileItems: Sendable {
    case fill(GalleryFill)
    case media(GalleryMediaLibrary)

    /// Whether item `index` is still loading (a fill's placeholder; media never are).
    func isLoading(_ index: Int) -> Bool {
        if case .fill(let fill) = self { return fill.isLoading(index) }
        return false
    }

    /// Item `index`'s whole seconds when it is a video.
    func videoSeconds(of index: Int) -> Int? {
        switch self {
        case .fill(let fill): fill.videoSeconds(of: index)
        case .media(let library): library.videoSeconds(of: index)
        }
    }

    /// Item `index`'s picture size as displayed, pixels.
    func pictureSize(of index: Int) -> (width: Int, height: Int) {
        switch self {
        case .fill(let fill): fill.pictureSize(of: index)
        case .media(let library): (library.items[index].width, library.items[index].height)
        }
    }

    /// Item `index`'s whole picture at `width` x `height`, premultiplied
    /// RGBA8: a fill item's flat colour (a loading one's placeholder), a
    /// media file's picture resampled; nil when its file can no longer be decoded.
    func picture(_ index: Int, width: Int, height: Int) -> [UInt8]? {
        switch self {
        case .fill(let fill):
            let colour = fill.isLoading(index) ? GalleryGridPicture.placeholder : fill.colour(of: index)
            var texels = [UInt8](repeating: 255, count: width * height * 4)
            let (r, g, b) = (Quantize.byte(colour.r), Quantize.byte(colour.g), Quantize.byte(colour.b))
            for at in stride(from: 0, to: texels.count, by: 4) { (texels[at], texels[at + 1], texels[at + 2]) = (r, g, b) }
            return texels
        case .media(let library):
            return library.picture(index, width: width, height: height)
        }
    }
}

/// A duration label's picture, by the glyphs it is set from (the render's
/// atlas), its text and the frame's scale.
struct GalleryLabelKey: ReuseKey {
    typealias Value = GalleryLabelPicture
    static let shelf = "gallery labels"

    let atlas: ReuseIdentity<GlyphAtlas>
    let label: String
    let scale: Double
}
