import Foundation

/// An avatar picture made ready to draw: cropped to a centred square,
/// resampled to `side` pixels with an area filter (so a large photo shrinks
/// without aliasing), and premultiplied by its alpha. Both renderers sample
/// this same image bilinearly.
public struct AvatarImage: Equatable, Sendable {
    public let side: Int
    /// side x side x 4 bytes: premultiplied RGBA, rows top to bottom.
    public let premultiplied: [UInt8]
    /// Whether every pixel's alpha is 255: then nothing below the avatar's disc shows through it.
    public let isOpaque: Bool

    public init?(side: Int, premultiplied: [UInt8]) {
        guard side > 0, side <= Self.maximumSide, premultiplied.count == side * side * 4 else { return nil }
        self.side = side
        self.premultiplied = premultiplied
        isOpaque = stride(from: 3, to: premultiplied.count, by: 4).allSatisfy { premultiplied[$0] == 255 }
    }

    /// The largest side `prepare` makes: a layout's side is far smaller (at
    /// most 64 pixels a point, 136 pt x 1.25 + 1 = 10881).
    public static let maximumSide = FrameSize.maximumSide

    /// Crops `image` to its centred square and resamples it to `side` pixels
    /// (nil when either is empty, or `side` is over `maximumSide`).
    ///
    /// Memory: `image` itself (4 bytes a pixel; the 40-megapixel limit on
    /// avatar files makes that at most 160 MB: libpng's simplified API decodes
    /// whole images), the result (side x side x 4 bytes), and the resampler's
    /// rolling window of crop rows (see `CropResampler`), not a copy of the crop.
    public static func prepare(_ image: RGBAImage, side: Int) -> AvatarImage? {
        guard side <= maximumSide, var resampler = CropResampler(image: image, side: side) else { return nil }
        return AvatarImage(side: side, premultiplied: resampler.run())
    }
}
