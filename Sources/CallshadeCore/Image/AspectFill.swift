/// A picture scaled to cover a frame, keeping its aspect, and cropped to it
/// centred (aspect fill), with `Resampling`'s filters (area when shrinking,
/// tent when enlarging) over the crop: a drawing canvas's PNG background.
public enum AspectFill {
    /// `image` (straight alpha) covering a frame of `size`, laid over
    /// `under` where it is not opaque: an opaque picture of premultiplied
    /// values. Nil when the image has no pixels.
    public static func picture(_ image: RGBAImage, size: FrameSize, under: RGB = .white) -> FramePicture? {
        guard image.width > 0, image.height > 0 else { return nil }
        let scale = max(Double(size.width) / Double(image.width), Double(size.height) / Double(image.height))
        let cropWidth = min(max(Int((Double(size.width) / scale).rounded()), 1), image.width)
        let cropHeight = min(max(Int((Double(size.height) / scale).rounded()), 1), image.height)
        let left = (image.width - cropWidth) / 2, top = (image.height - cropHeight) / 2
        let across = Resampling.weights(from: cropWidth, to: size.width), down = Resampling.weights(from: cropHeight, to: size.height)
        // Premultiplied rows of the crop, resampled across first.
        var rows = [Double](repeating: 0, count: size.width * cropHeight * 4)
        for row in 0..<cropHeight {
            for (column, taps) in across.enumerated() {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for (index, weight) in taps {
                    let at = ((top + row) * image.width + left + index) * 4
                    let alpha = Double(image.pixels[at + 3]) / 255
                    sum.0 += Double(image.pixels[at]) / 255 * alpha * weight
                    sum.1 += Double(image.pixels[at + 1]) / 255 * alpha * weight
                    sum.2 += Double(image.pixels[at + 2]) / 255 * alpha * weight
                    sum.3 += alpha * weight
                }
                let at = (row * size.width + column) * 4
                (rows[at], rows[at + 1], rows[at + 2], rows[at + 3]) = sum
            }
        }
        var pixels = [Float](repeating: 0, count: size.width * size.height * 4)
        for (row, taps) in down.enumerated() {
            for column in 0..<size.width {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for (index, weight) in taps {
                    let at = (index * size.width + column) * 4
                    sum = (sum.0 + rows[at] * weight, sum.1 + rows[at + 1] * weight, sum.2 + rows[at + 2] * weight, sum.3 + rows[at + 3] * weight)
                }
                let clear = 1 - min(max(sum.3, 0), 1), at = (row * size.width + column) * 4
                pixels[at] = Float(sum.0 + under.r * clear)
                pixels[at + 1] = Float(sum.1 + under.g * clear)
                pixels[at + 2] = Float(sum.2 + under.b * clear)
                pixels[at + 3] = 1
            }
        }
        return FramePicture(width: size.width, height: size.height, pixels: pixels)
    }
}
