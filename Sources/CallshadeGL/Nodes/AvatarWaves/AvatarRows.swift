import CallshadeCore

/// The avatar along rows of the frame, for the host composition: as
/// `avatar.glsl` draws it, a disc anti-aliased over one pixel (its coverage
/// `Disc.coverage(radius:centreDistance:)` times the opacity) filled with the
/// picture, sampled bilinearly between its four nearest texels (edges
/// clamped), or with the placeholder's vertical two-colour gradient.
/// Colours are premultiplied, 0...1.
struct AvatarRows: Sendable {
    private let centre: Vec2
    private let diameter: Double
    private let opacity: Double
    private let top: RGB
    private let bottom: RGB
    private let image: AvatarImage?
    /// The picture's columns each frame column falls between, the same on
    /// every row: worked out once a frame for the columns the disc may touch.
    private let pictureColumns: PictureColumns?

    init(_ layer: AvatarLayer, centre: Vec2) {
        self.centre = centre
        diameter = layer.diameter
        opacity = min(max(layer.opacity, 0), 1)
        top = layer.placeholderTop
        bottom = layer.placeholderBottom
        image = layer.image
        pictureColumns = layer.image.flatMap { PictureColumns(centre: centre, diameter: layer.diameter, side: $0.side) }
    }

    /// Its premultiplied R, G, B and alpha at frame row `row`, columns
    /// `columns`, into `channels` (four rows of `columns.count` floats, one a channel).
    func premultiplied(row: Int, columns: Range<Int>, into channels: UnsafeMutablePointer<Float>) {
        let count = columns.count
        let (r, g, b, a) = (channels, channels + count, channels + 2 * count, channels + 3 * count)
        let centreY = Double(row) + 0.5
        let dy = centreY - centre.y
        let radius = diameter / 2
        let v = dy / diameter + 0.5
        // The placeholder's colour is the same along a row.
        let shade = RGB.mix(top, bottom, min(max(v, 0), 1))
        // The column centres where the coverage is surely 1, and outside which it is surely 0 (none at all without a disc).
        let disc = diameter > 0 ? Disc(centre: centre, radius: radius) : nil
        let covered = disc?.surelyCoveredRun(atRow: centreY) ?? RowSpan.none
        let touched = disc.map { $0.touchedSpan(atRow: centreY) ?? -Double.infinity...Double.infinity } ?? RowSpan.none
        image?.premultiplied.withUnsafeBufferPointer { texels in
            guard let image, let texels = texels.baseAddress else { return }
            // The picture's two rows this row falls between, and its weight of the lower.
            let last = image.side - 1
            let py = v * Double(image.side) - 0.5
            let cornerY = py.rounded(.down)
            let fy = py - cornerY
            let upper = texels + min(max(Int(cornerY), 0), last) * image.side * 4
            let lower = texels + min(max(Int(cornerY) + 1, 0), last) * image.side * 4
            for (at, x) in columns.enumerated() {
                let centreX = Double(x) + 0.5
                // Outside the disc grown by half a pixel the coverage is surely 0.
                guard touched.contains(centreX) else {
                    (r[at], g[at], b[at], a[at]) = (0, 0, 0, 0)
                    continue
                }
                let dx = centreX - centre.x
                // Well inside the disc the coverage is exactly 1: no square root needed.
                let coverage = covered.contains(centreX) ? opacity
                    : Disc.coverage(radius: radius, centreDistance: (dx * dx + dy * dy).squareRoot()) * opacity
                guard coverage > 0, diameter > 0 else {
                    (r[at], g[at], b[at], a[at]) = (0, 0, 0, 0)
                    continue
                }
                let (left, right, fx) = pictureColumns?.sample(at: x)
                    ?? PictureColumns.sample(dx: dx, diameter: diameter, side: image.side)
                // The four channels at once, each lane the same arithmetic as one channel alone.
                let high = Self.lerp(Self.texel(upper + left), Self.texel(upper + right), fx)
                let low = Self.lerp(Self.texel(lower + left), Self.texel(lower + right), fx)
                let colour = SIMD4<Float>(Self.lerp(high, low, fy) / 255 * coverage)
                (r[at], g[at], b[at], a[at]) = (colour.x, colour.y, colour.z, colour.w)
            }
        }
        guard image == nil else { return }
        // The placeholder: its row's colour times the coverage, eight columns at a time.
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let first = Float(Double(columns.lowerBound) + 0.5 - centre.x)
        let rowSquared = SIMD8<Float>(repeating: Float(dy * dy))
        let edge = SIMD8<Float>(repeating: diameter > 0 ? Float(radius + 0.5) : -1)
        let (red, green, blue, shown) = (Float(shade.r), Float(shade.g), Float(shade.b), Float(opacity))
        func coverage(at: Int) -> SIMD8<Float> {
            // Square roots (slow, lane by lane) only where a lane may lie on the anti-aliased edge.
            let laneCentres = (Double(columns.lowerBound + at) + 0.5)...(Double(columns.lowerBound + at + 7) + 0.5)
            if covered.lowerBound <= laneCentres.lowerBound, laneCentres.upperBound <= covered.upperBound { return SIMD8(repeating: shown) }
            if !touched.overlaps(laneCentres) { return SIMD8() }
            let dx = lanes + (first + Float(at))
            return Disc.coverage(outerEdge: edge, centreDistance: (dx * dx + rowSquared).squareRoot()) * shown
        }
        var at = 0
        while at + 8 <= count {
            let covered = coverage(at: at)
            UnsafeMutableRawPointer(r + at).storeBytes(of: covered * red, as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(g + at).storeBytes(of: covered * green, as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(b + at).storeBytes(of: covered * blue, as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(a + at).storeBytes(of: covered, as: SIMD8<Float>.self)
            at += 8
        }
        if at < count {
            let covered = coverage(at: at)
            for lane in 0..<count - at {
                (r[at + lane], g[at + lane], b[at + lane], a[at + lane]) = (red * covered[lane], green * covered[lane], blue * covered[lane],
                                                                            covered[lane])
            }
        }
    }

    /// The texel's four bytes at `bytes`, as doubles.
    @inline(__always)
    private static func texel(_ bytes: UnsafePointer<UInt8>) -> SIMD4<Double> {
        SIMD4<Double>(SIMD4<UInt8>(bytes[0], bytes[1], bytes[2], bytes[3]))
    }

    @inline(__always)
    private static func lerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        a + (b - a) * t
    }
}

/// Where each frame column falls in the avatar's picture: its two texels'
/// byte offsets in a row and the weight of the right one, as `avatar.glsl`
/// samples (`(dx / diameter + 0.5) x side - 0.5`, edges clamped), kept for
/// the columns a disc of `diameter` at `centre` may touch.
struct PictureColumns: Sendable {
    private let first: Int
    private let samples: [(left: Int, right: Int, fx: Double)]

    init?(centre: Vec2, diameter: Double, side: Int) {
        let reach = diameter / 2 + 2
        guard diameter > 0, (centre.x - reach).magnitude < 1e9, (centre.x + reach).magnitude < 1e9,
              reach < Double(Self.maximumColumns) / 2 else { return nil }
        first = Int((centre.x - reach).rounded(.down))
        let last = Int((centre.x + reach).rounded(.up))
        samples = (first...last).map { Self.sample(dx: Double($0) + 0.5 - centre.x, diameter: diameter, side: side) }
    }

    /// More columns than any frame has (`FrameSize`'s widest side is far less).
    private static let maximumColumns = 1 << 16

    func sample(at column: Int) -> (left: Int, right: Int, fx: Double)? {
        let index = column - first
        return samples.indices.contains(index) ? samples[index] : nil
    }

    @inline(__always)
    static func sample(dx: Double, diameter: Double, side: Int) -> (left: Int, right: Int, fx: Double) {
        let px = (dx / diameter + 0.5) * Double(side) - 0.5
        let cornerX = px.rounded(.down)
        let last = side - 1
        return (min(max(Int(cornerX), 0), last) * 4, min(max(Int(cornerX) + 1, 0), last) * 4, px - cornerX)
    }
}
