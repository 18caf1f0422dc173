/// A video picture in the CPU reference, from the spec (video-call,
/// section 2: bilinear, decoded Y'CbCr converted with the file's matrix and
/// range): each plane is sampled bilinearly at the pixel's point of the
/// picture (texel centres at half-integers, edges clamped; a chroma plane
/// spans the same picture at half the resolution, its samples centred
/// between the luma samples they cover), the three samples converted to
/// R'G'B' (`YCbCrConversion`); a still's RGBA is sampled bilinearly with
/// its alpha premultiplied. The result is mixed over what is below by the
/// node's coverage.
struct ReferenceVideo: ReferenceNodeShader {
    let node: VideoNode

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let coverage = node.coverage(at: pixel)
        guard coverage > 0 else { return below }
        let point = node.pictureCoordinates(at: pixel)
        let (color, alpha) = Self.sample(node.picture, at: point)
        let amount = coverage * alpha
        guard amount > 0 else { return below }
        let out = amount + below.alpha * (1 - amount)
        return ShadedPixel(color: (color * amount + below.color * (below.alpha * (1 - amount))) * (1 / out), alpha: out)
    }

    /// The straight colour and alpha of `picture` at `point` (fractions of its width and height).
    static func sample(_ picture: SourcePicture, at point: Vec2) -> (color: RGB, alpha: Double) {
        switch picture {
        case .ycbcr(let frame):
            let luma = bilinear(frame.luma, width: frame.width, height: frame.height, at: point)
            let cb = bilinear(frame.cb, width: frame.chromaWidth, height: frame.chromaHeight, at: point)
            let cr = bilinear(frame.cr, width: frame.chromaWidth, height: frame.chromaHeight, at: point)
            return (YCbCrConversion.rgb(luma: luma, cb: cb, cr: cr, matrix: frame.matrix, range: frame.range), 1)
        case .rgba(let image):
            guard image.width > 0, image.height > 0 else { return (.black, 0) }
            var premultiplied = [0.0, 0.0, 0.0, 0.0]
            for corner in texels(width: image.width, height: image.height, at: point) {
                let at = corner.index * 4
                let alpha = Double(image.pixels[at + 3]) / 255
                for channel in 0..<3 { premultiplied[channel] += corner.weight * Double(image.pixels[at + channel]) / 255 * alpha }
                premultiplied[3] += corner.weight * alpha
            }
            let alpha = premultiplied[3]
            guard alpha > 0 else { return (.black, 0) }
            return (RGB(premultiplied[0] / alpha, premultiplied[1] / alpha, premultiplied[2] / alpha), alpha)
        }
    }

    /// A plane of `width` x `height` 8-bit samples, bilinear at `point`.
    static func bilinear(_ plane: [UInt8], width: Int, height: Int, at point: Vec2) -> Double {
        texels(width: width, height: height, at: point).reduce(0) { $0 + $1.weight * Double(plane[$1.index]) }
    }

    /// The four texels around `point` of a `width` x `height` grid whose
    /// texel (i, j) is centred at ((i + 1/2) / width, (j + 1/2) / height),
    /// clamped to its edges, with their bilinear weights.
    static func texels(width: Int, height: Int, at point: Vec2) -> [(index: Int, weight: Double)] {
        var texels: [(index: Int, weight: Double)] = []
        texels.reserveCapacity(4)
        forEachTexel(width: width, height: height, at: point) { texels.append(($0, $1)) }
        return texels
    }

    /// The same texels and weights handed to `body` in the same order, with no array made (`VideoBlurredCopy.sample` at many points).
    @inline(__always)
    static func forEachTexel(width: Int, height: Int, at point: Vec2, _ body: (_ index: Int, _ weight: Double) -> Void) {
        guard point.x.isFinite, point.y.isFinite else { return body(0, 1) }
        forEachTexel(width: width, across: TexelPair(point.x, extent: width), down: TexelPair(point.y, extent: height), body)
    }

    /// The same from the pairs of texels along each axis (worked out once
    /// for a column or a row of points that share them): the four texels of
    /// a grid `width` texels across, with their bilinear weights, in order.
    @inline(__always)
    static func forEachTexel(width: Int, across: TexelPair, down: TexelPair, _ body: (_ index: Int, _ weight: Double) -> Void) {
        let (fx, fy) = (across.weight, down.weight)
        body(down.first * width + across.first, (1 - fx) * (1 - fy))
        body(down.first * width + across.second, fx * (1 - fy))
        body(down.second * width + across.first, (1 - fx) * fy)
        body(down.second * width + across.second, fx * fy)
    }
}

/// Along one axis of a grid `extent` texels long, whose texel i is centred
/// at (i + 1/2) / `extent`: the two texels around a point (a fraction of
/// the extent, finite), clamped to the grid's edges, and the second's weight.
public struct TexelPair: Sendable {
    let first: Int
    let second: Int
    let weight: Double

    @inline(__always)
    init(_ value: Double, extent: Int) {
        let x = value * Double(extent) - 0.5
        let left = x.rounded(.down)
        weight = x - left
        func clamped(_ value: Double) -> Int { Int(min(max(value, 0), Double(extent - 1))) }
        (first, second) = (clamped(left), clamped(left + 1))
    }
}
