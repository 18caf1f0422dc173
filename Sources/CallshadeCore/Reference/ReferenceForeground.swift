import Foundation

/// The waves and the avatar evaluated in double precision, written from the
/// spec (section 2), as the oracle for the shader.
struct ReferenceForeground: ReferenceNodeShader {
    let node: AvatarWavesNode

    /// The mask alpha of both shapes (`WaveShape.coverage(atOffset:)`), each white at the layer's alpha, source-over.
    func waveMask(_ waves: WavesLayer, offset: Vec2) -> Double {
        var clear = 1.0
        for shape in waves.shapes { clear *= 1 - waves.alpha * shape.coverage(atOffset: offset) }
        return 1 - clear
    }

    /// The avatar's premultiplied colour and alpha at `offset` pixels from the centre.
    func avatar(_ layer: AvatarLayer, offset: Vec2) -> (color: RGB, alpha: Double) {
        let coverage = Disc.coverage(radius: layer.diameter / 2, centreDistance: offset.length) * min(max(layer.opacity, 0), 1)
        guard coverage > 0, layer.diameter > 0 else { return (.black, 0) }
        let u = offset * (1 / layer.diameter) + Vec2(0.5, 0.5)
        guard let image = layer.image else {
            let color = RGB.mix(layer.placeholderTop, layer.placeholderBottom, min(max(u.y, 0), 1))
            return (color * coverage, coverage)
        }
        let texel = bilinear(image, x: u.x * Double(image.side) - 0.5, y: u.y * Double(image.side) - 0.5)
        return (RGB(texel.0, texel.1, texel.2) * coverage, texel.3 * coverage)
    }

    /// Bilinear interpolation between the four nearest texels (edges clamped), as 0...1.
    func bilinear(_ image: AvatarImage, x: Double, y: Double) -> (Double, Double, Double, Double) {
        let left = x.rounded(.down)
        let top = y.rounded(.down)
        let fx = x - left
        let fy = y - top
        func texel(_ column: Double, _ row: Double) -> (Double, Double, Double, Double) {
            let cx = min(max(Int(column), 0), image.side - 1)
            let cy = min(max(Int(row), 0), image.side - 1)
            let at = (cy * image.side + cx) * 4
            let bytes = image.premultiplied
            return (Double(bytes[at]) / 255, Double(bytes[at + 1]) / 255, Double(bytes[at + 2]) / 255, Double(bytes[at + 3]) / 255)
        }
        let (a, b, c, d) = (texel(left, top), texel(left + 1, top), texel(left, top + 1), texel(left + 1, top + 1))
        func blend(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double {
            (p * (1 - fx) + q * fx) * (1 - fy) + (r * (1 - fx) + s * fx) * fy
        }
        return (blend(a.0, b.0, c.0, d.0), blend(a.1, b.1, c.1, d.1), blend(a.2, b.2, c.2, d.2), blend(a.3, b.3, c.3, d.3))
    }

    /// Over `below` (the background, or nothing): the waves, a toned copy
    /// of the background seen through their mask (without the background,
    /// the mask itself in white), then the avatar, source-over.
    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let offset = pixel - node.centre
        var color = below.color
        var alpha = below.alpha
        if let waves = node.waves {
            let mask = waveMask(waves, offset: offset)
            if let background {
                color = RGB.mix(color, waves.tone.apply(to: background), mask)
            } else if alpha == 0 {
                color = .white
                alpha = mask
            } else {
                let covered = mask + alpha * (1 - mask)
                color = covered > 0 ? (RGB.white * mask + color * (alpha * (1 - mask))) * (1 / covered) : .black
                alpha = covered
            }
        }
        if let layer = node.avatar {
            let top = avatar(layer, offset: offset)
            let under = alpha * (1 - top.alpha)
            let premultiplied = color * under + top.color
            alpha = under + top.alpha
            color = alpha > 0 ? premultiplied * (1 / alpha) : .black
        }
        return alpha < 0.5 / 255 ? .transparent : ShadedPixel(color: color, alpha: alpha)
    }
}

extension AvatarWavesNode {
    public func bounds(in size: FrameSize) -> PixelRect {
        PixelRect(around: centre, reach: reach, clippedTo: size)
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceForeground(node: self)
    }
}
