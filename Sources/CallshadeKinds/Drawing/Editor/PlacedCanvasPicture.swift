import CallshadeCore

/// The canvas's background where the editor places the canvas (its
/// screen drawn, or a zoom): an opaque frame-sized picture, made on the
/// CPU and drawn as a picture on every route: inside the canvas's
/// rectangle its colour, or its PNG (aspect-filled to the canvas once,
/// `canvasPicture`) sampled bilinearly at each pixel's canvas point;
/// outside it `surround`; each edge pixel mixed by the share of it the
/// rectangle covers.
enum PlacedCanvasPicture {
    static func picture(canvas: FrameSize, colour: RGB, canvasPicture: FramePicture?, surround: RGB, placement: CanvasPlacement,
                        size: FrameSize) -> FramePicture {
        var pixels = [Float](repeating: 1, count: size.width * size.height * 4)
        let left = placement.offset.x, top = placement.offset.y
        let right = left + Double(canvas.width) * placement.scale, bottom = top + Double(canvas.height) * placement.scale
        let outside = [Float(surround.r), Float(surround.g), Float(surround.b)], inside = [Float(colour.r), Float(colour.g), Float(colour.b)]
        func share(_ low: Double, _ high: Double, _ pixel: Int) -> Double {
            max(0, min(high, Double(pixel + 1)) - max(low, Double(pixel)))
        }
        let columns = (0..<size.width).map { share(left, right, $0) }
        for y in 0..<size.height {
            let down = share(top, bottom, y)
            for x in 0..<size.width {
                let covered = Float(down * columns[x]), at = (y * size.width + x) * 4
                var fill = inside
                if covered > 0, let canvasPicture {
                    fill = sample(canvasPicture, at: Vec2((Double(x) + 0.5 - left) / placement.scale, (Double(y) + 0.5 - top) / placement.scale))
                }
                for channel in 0..<3 { pixels[at + channel] = fill[channel] * covered + outside[channel] * (1 - covered) }
            }
        }
        return FramePicture(width: size.width, height: size.height, pixels: pixels)
    }

    /// `picture` (opaque) at canvas point `point`, bilinear between texel centres, clamped at its edges.
    static func sample(_ picture: FramePicture, at point: Vec2) -> [Float] {
        let x = min(max(point.x - 0.5, 0), Double(picture.width - 1)), y = min(max(point.y - 0.5, 0), Double(picture.height - 1))
        let x0 = Int(x), y0 = Int(y), x1 = min(x0 + 1, picture.width - 1), y1 = min(y0 + 1, picture.height - 1)
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        return (0..<3).map { channel in
            func texel(_ column: Int, _ row: Int) -> Float { picture.pixels[(row * picture.width + column) * 4 + channel] }
            let upper = texel(x0, y0) * (1 - fx) + texel(x1, y0) * fx, lower = texel(x0, y1) * (1 - fx) + texel(x1, y1) * fx
            return upper * (1 - fy) + lower * fy
        }
    }
}

/// The placed background of one screen at one placement (`PlacedCanvasPicture`).
struct PlacedCanvasKey: ReuseKey {
    typealias Value = FramePicture
    static let shelf = "placed canvas"
    let owner: ReuseIdentity<ReuseOwner>
    let placement: CanvasPlacement
}
