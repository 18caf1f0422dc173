import Foundation

/// A picture laid by a scale and a translation, sampled trilinearly from
/// its mip chain and cut to a rectangle (the gallery's viewer, `gallery.md`
/// section 0: the picture aspect-filled into R(p), sampled from R1's chain).
///
/// At a pixel whose centre is P: the level of detail λ = -log2(scale),
/// clamped to the chain's levels (0 when the picture is enlarged); the two
/// levels around it, i = floor(λ) and i + 1, each sampled bilinearly at
/// its texel point (P - origin) / (scale 2^i) (texel centres at
/// half-integers, clamped to the level's edge texels), and mixed by frac(λ);
/// times the pixel's share of the clip rectangle (its square's overlap,
/// across times down) and the opacity; premultiplied, source-over.
public struct MipmappedPictureNode: SceneNode, Equatable, Sendable {
    /// Where the picture shows, frame pixels.
    public struct Clip: Equatable, Sendable {
        public var left: Double
        public var top: Double
        public var right: Double
        public var bottom: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            (left, top, right, bottom) = (x, y, x + width, y + height)
        }

        /// The share of the pixel whose top-left corner is (`x`, `y`) inside: its overlap across times down.
        public func share(x: Double, y: Double) -> Double { across(x) * down(y) }

        /// The share of the pixel column from `x` to `x` + 1 between the left and right edges.
        public func across(_ x: Double) -> Double { (min(x + 1, right) - max(x, left)).clampedToUnit }

        /// The share of the pixel row from `y` to `y` + 1 between the top and bottom edges.
        public func down(_ y: Double) -> Double { (min(y + 1, bottom) - max(y, top)).clampedToUnit }
    }

    /// The two levels a pixel reads and the coarser one's weight.
    public struct Detail: Equatable, Sendable {
        public let finer: Int
        public let coarser: Int
        public let weight: Double
    }

    public var chain: PictureMipChain
    /// The frame point of level 0's top-left corner, pixels.
    public var origin: Vec2
    /// Frame pixels a texel of level 0, above 0.
    public var scale: Double
    public var clip: Clip
    public var alpha: Double

    public init(chain: PictureMipChain, origin: Vec2, scale: Double, clip: Clip, alpha: Double = 1) {
        self.chain = chain
        self.origin = origin
        self.scale = scale
        self.clip = clip
        self.alpha = alpha
    }

    public static func == (a: MipmappedPictureNode, b: MipmappedPictureNode) -> Bool {
        a.chain === b.chain && a.origin == b.origin && a.scale == b.scale && a.clip == b.clip && a.alpha == b.alpha
    }

    var drawn: Bool {
        alpha > 0 && scale > 0 && scale.isFinite && origin.x.isFinite && origin.y.isFinite && clip.right > clip.left && clip.bottom > clip.top
            && clip.left.isFinite && clip.top.isFinite && clip.right.isFinite && clip.bottom.isFinite
    }

    /// λ's two levels and the coarser one's weight.
    public var detail: Detail {
        let last = chain.levels.count - 1
        let lambda = min(max(-log2(scale), 0), Double(last))
        let finer = Int(lambda.rounded(.down))
        return Detail(finer: finer, coarser: min(finer + 1, last), weight: lambda - Double(finer))
    }

    /// Frame pixels a texel of level `level`.
    public func scale(ofLevel level: Int) -> Double { scale * Double(1 << level) }

    /// The premultiplied sample (0...1) of level `level` at the frame point `pixel`: bilinear, clamped to the level's edge texels.
    public func sample(level: Int, at pixel: Vec2) -> SIMD4<Double> {
        let picture = chain.levels[level], step = scale(ofLevel: level)
        let u = min(max((pixel.x - origin.x) / step - 0.5, 0), Double(picture.width - 1))
        let v = min(max((pixel.y - origin.y) / step - 0.5, 0), Double(picture.height - 1))
        let left = u.rounded(.down), top = v.rounded(.down)
        let column = Int(left), row = Int(top)
        let right = min(column + 1, picture.width - 1), below = min(row + 1, picture.height - 1)
        func texel(_ c: Int, _ r: Int) -> SIMD4<Double> {
            let at = (r * picture.width + c) * 4
            let t = picture.texels
            return SIMD4(Double(t[at]), Double(t[at + 1]), Double(t[at + 2]), Double(t[at + 3])) / 255
        }
        let across = u - left, down = v - top
        let upper = texel(column, row) * (1 - across) + texel(right, row) * across
        let lower = texel(column, below) * (1 - across) + texel(right, below) * across
        return upper * (1 - down) + lower * down
    }

    /// Where it can show, frame pixels: the clip rectangle.
    public func bounds(in size: FrameSize) -> PixelRect {
        guard drawn else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(covering: clip.left, clip.top, clip.right, clip.bottom, within: size)
    }

    /// Opaque over tiles wholly inside the clip (an opaque picture at full
    /// opacity: clamped sampling leaves no gap), an edge where it meets them.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let drawn = self.drawn, clip = self.clip, opaque = chain.opaque && alpha >= 1
        return SceneTiles.coverages(in: region) { tile in
            let left = tile.x.lowerBound - 0.5, right = tile.x.upperBound + 0.5
            let top = tile.y.lowerBound - 0.5, bottom = tile.y.upperBound + 0.5
            guard drawn, right > clip.left, left < clip.right, bottom > clip.top, top < clip.bottom else { return .outside }
            return opaque && left >= clip.left && right <= clip.right && top >= clip.top && bottom <= clip.bottom ? .opaque : .edge
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceMipmappedPicture(node: self)
    }
}

extension Double {
    fileprivate var clampedToUnit: Double { min(max(self, 0), 1) }
}
