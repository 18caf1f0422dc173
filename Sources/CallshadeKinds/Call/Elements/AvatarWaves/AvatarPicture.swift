import CallshadeCore

/// The avatar as a picture to stretch over a moving frame (video-call,
/// section 3: as video comes on, the avatar's frame grows from its circle to
/// the whole screen with the picture aspect-filled in it): the prepared
/// photo with its alpha made straight again, or the placeholder's vertical
/// two-colour gradient as one column of `placeholderRows` texels, which
/// bilinear sampling spreads back into the gradient (within half a texel of
/// its ends, 1/512 of the way between its colours).
enum AvatarPicture {
    static let placeholderRows = 256

    static func picture(of layer: AvatarLayer) -> SourcePicture {
        guard let image = layer.image else {
            var pixels: [UInt8] = []
            pixels.reserveCapacity(placeholderRows * 4)
            for row in 0..<placeholderRows {
                let color = RGB.mix(layer.placeholderTop, layer.placeholderBottom, (Double(row) + 0.5) / Double(placeholderRows))
                pixels += [Quantize.byte(color.r), Quantize.byte(color.g), Quantize.byte(color.b), 255]
            }
            // One column of `placeholderRows` opaque texels: the size matches the bytes.
            return .rgba(RGBAImage(width: 1, height: placeholderRows, pixels: pixels) ?? RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255)))
        }
        var pixels = image.premultiplied
        for at in stride(from: 0, to: pixels.count, by: 4) where pixels[at + 3] != 255 {
            let alpha = Int(pixels[at + 3])
            for channel in at..<(at + 3) {
                pixels[channel] = alpha == 0 ? 0 : UInt8(min(255, (Int(pixels[channel]) * 255 + alpha / 2) / alpha))
            }
        }
        return .rgba(RGBAImage(width: image.side, height: image.side, pixels: pixels)
                     ?? RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 0)))
    }
}
