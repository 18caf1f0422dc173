import CallshadeCore
import CallshadeRender
import CallshadeVideo
import Foundation

/// A gallery's media files, each probed once before the first frame
/// (`gallery.md` sections 0 and 8: its kind, its displayed size, its
/// duration), and their thumbnails: the centred source rectangle of the
/// tile's aspect (to whole source pixels, ours), resampled once by exact
/// area average (bilinear when enlarging), made when a held row first needs
/// one and kept in the reuse store while frames use it. Files are opened
/// again for each thumbnail, so nothing holds a decoder between frames.
public final class GalleryMediaLibrary: Sendable {
    /// What probing found of one file.
    public struct Item: Equatable, Sendable {
        public let entry: GalleryMediaEntry
        /// As displayed (the display matrix applied), pixels.
        public let width: Int
        public let height: Int
        /// A video's duration in seconds (one pass of its stream); nil for a still.
        public let duration: Double?
    }

    public let items: [Item]
    private let reuse: ReuseStore

    /// Probes every entry; the first that cannot be read throws `FramesError.media`, naming it.
    public init(_ entries: [GalleryMediaEntry], reuse: ReuseStore) throws {
        items = try entries.enumerated().map { index, entry in
            do {
                let source = try VideoSource(path: entry.path)
                let turned = source.rotation.swapsSides
                return Item(entry: entry, width: turned ? source.height : source.width, height: turned ? source.width : source.height,
                            duration: source.frameCount > 1 ? source.loopDuration : nil)
            } catch {
                throw FramesError.media("media[\(index)]: \"\(UserText.shown(entry.given))\": \(error)")
            }
        }
        self.reuse = reuse
    }

    /// Item `index`'s whole seconds when it is a video (truncated), else nil.
    public func videoSeconds(of index: Int) -> Int? {
        items[index].duration.map { Int($0.rounded(.down)) }
    }

    /// Item `index`'s thumbnail, `width` x `height` opaque RGBA8 (row 0 at
    /// the top), kept while frames use it; nil when its file can no longer be decoded.
    public func thumbnail(_ index: Int, width: Int, height: Int) -> [UInt8]? {
        let key = GalleryThumbnailKey(library: ReuseIdentity(self), index: index, width: width, height: height)
        return reuse.value(key) {
            let made = try? Self.thumbnail(of: items[index], width: width, height: height)
            return (made, made?.count ?? 0)
        }
    }

    /// Item `index`'s whole picture at `width` x `height` (the viewer's
    /// level 0), premultiplied RGBA8; nil when its file can no longer be
    /// decoded. Made each time it is asked for: its caller keeps it.
    public func picture(_ index: Int, width: Int, height: Int) -> [UInt8]? {
        let item = items[index]
        guard let displayed = try? Self.displayedPicture(of: item) else { return nil }
        if item.width == width, item.height == height { return displayed }
        let resized = PictureResampling.resized(displayed, width: item.width, height: item.height, to: width, height)
        return resized.isEmpty ? nil : resized
    }

    /// The item's picture as displayed (a video's frame at its `frame`, the last past the end), premultiplied RGBA8.
    static func displayedPicture(of item: Item) throws -> [UInt8] {
        let source = try VideoSource(path: item.entry.path)
        let time = item.duration.map { min(item.entry.frame, max($0 - 1e-6, 0)) } ?? 0
        return Self.displayedRGBA(try source.picture(at: time), rotation: source.rotation)
    }

    /// Decodes the item's picture and resamples its centred crop.
    static func thumbnail(of item: Item, width: Int, height: Int) throws -> [UInt8] {
        let displayed = try displayedPicture(of: item)
        // The centred rectangle of the tile's aspect, to whole source pixels.
        let (w, h) = (Double(item.width), Double(item.height))
        let aspect = Double(width) / Double(height)
        let cropWidth = max(1, min(item.width, Int((h * aspect).rounded()))), cropHeight = max(1, min(item.height, Int((w / aspect).rounded())))
        let left = (item.width - cropWidth) / 2, top = (item.height - cropHeight) / 2
        var crop = [UInt8](repeating: 0, count: cropWidth * cropHeight * 4)
        for row in 0..<cropHeight {
            let from = ((top + row) * item.width + left) * 4
            crop.replaceSubrange(row * cropWidth * 4..<(row + 1) * cropWidth * 4, with: displayed[from..<from + cropWidth * 4])
        }
        return PictureResampling.resized(crop, width: cropWidth, height: cropHeight, to: width, height)
    }

    /// The picture as displayed: RGBA8 (a still's alpha premultiplied; a video's opaque), turned by `rotation`.
    static func displayedRGBA(_ picture: SourcePicture, rotation: VideoRotation) -> [UInt8] {
        let (codedWidth, codedHeight) = (picture.width, picture.height)
        var coded = [UInt8](repeating: 255, count: codedWidth * codedHeight * 4)
        switch picture {
        case .rgba(let image):
            for at in stride(from: 0, to: coded.count, by: 4) {
                let alpha = Double(image.pixels[at + 3]) / 255
                for channel in 0..<3 { coded[at + channel] = UInt8((Double(image.pixels[at + channel]) * alpha).rounded()) }
                coded[at + 3] = image.pixels[at + 3]
            }
        case .ycbcr(let frame):
            let table = YCbCrConversion.CodeTable(matrix: frame.matrix, range: frame.range)
            var reds = [Double](repeating: 0, count: codedWidth), greens = reds, blues = reds
            frame.withPlanes { luma, cb, cr in
                for row in 0..<codedHeight {
                    let chroma = (row / 2) * frame.chromaWidth
                    table.row(luma: luma + row * codedWidth, cb: cb + chroma, cr: cr + chroma, count: codedWidth,
                              reds: &reds, greens: &greens, blues: &blues)
                    for x in 0..<codedWidth {
                        let at = (row * codedWidth + x) * 4
                        (coded[at], coded[at + 1], coded[at + 2]) = (Quantize.byte(reds[x]), Quantize.byte(greens[x]), Quantize.byte(blues[x]))
                    }
                }
            }
        }
        guard rotation != .none else { return coded }
        let (width, height) = rotation.swapsSides ? (codedHeight, codedWidth) : (codedWidth, codedHeight)
        var turned = [UInt8](repeating: 0, count: coded.count)
        for y in 0..<height {
            for x in 0..<width {
                // The coded pixel each displayed one shows (as `VideoNode.pictureCoordinates` turns them back).
                let (cx, cy): (Int, Int)
                switch rotation {
                case .none: (cx, cy) = (x, y)
                case .clockwise90: (cx, cy) = (y, codedHeight - 1 - x)
                case .halfTurn: (cx, cy) = (codedWidth - 1 - x, codedHeight - 1 - y)
                case .clockwise270: (cx, cy) = (codedWidth - 1 - y, x)
                }
                let from = (cy * codedWidth + cx) * 4, to = (y * width + x) * 4
                for channel in 0..<4 { turned[to + channel] = coded[from + channel] }
            }
        }
        return turned
    }
}

/// A media item's thumbnail at a size, by its library (the render's), its index and its size.
struct GalleryThumbnailKey: ReuseKey {
    typealias Value = [UInt8]?
    static let shelf = "gallery thumbnails"

    let library: ReuseIdentity<GalleryMediaLibrary>
    let index: Int
    let width: Int
    let height: Int
}
