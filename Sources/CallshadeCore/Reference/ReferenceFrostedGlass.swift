import Foundation

/// A frosted glass in the CPU reference, from its definition
/// (`FrostedGlassNode`): the scene below it composed at every pixel its
/// blur reaches (the reference's own colours, before quantisation), that
/// convolved with the discrete Gaussian along rows and then along columns
/// (pixel indices clamped to the frame), and the result mixed over what is
/// below by the shapes' coverage.
struct ReferenceFrostedGlass: ReferenceNodeShader {
    let glass: FrostedGlassNode
    private let samplers: [PlacedShape.Sampler]
    /// The blurred frame over `bounds`, row by row.
    private let blurred: [RGB]
    private let bounds: PixelRect

    init(glass: FrostedGlassNode, below: Scene) {
        self.glass = glass
        samplers = glass.shown.map(PlacedShape.Sampler.init)
        let size = below.size
        let bounds = glass.bounds(in: size)
        self.bounds = bounds
        guard !bounds.isEmpty else {
            blurred = []
            return
        }
        let reach = glass.reach
        // What the blur reads: the bounds and the reach each way, within the frame (an index beyond it is clamped to it).
        let left = max(bounds.x - reach, 0), top = max(bounds.y - reach, 0)
        let region = PixelRect(x: left, y: top, width: min(bounds.x + bounds.width + reach, size.width) - left,
                               height: min(bounds.y + bounds.height + reach, size.height) - top)
        let frame = ReferenceRenderer.colours(of: below, in: region)
        let weights: [Double] = {
            guard reach > 0 else { return [1] }
            let raw = (-reach...reach).map { exp(-Double($0 * $0) / (2 * glass.sigma * glass.sigma)) }
            let total = raw.reduce(0, +)
            return raw.map { $0 / total }
        }()
        let taps = weights.count / 2
        // Along rows (every row of the region, the bounds' columns), then along columns (the bounds' rows).
        func column(_ x: Int) -> Int { min(max(x, 0), size.width - 1) - region.x }
        func row(_ y: Int) -> Int { min(max(y, 0), size.height - 1) - region.y }
        let alongRows = Self.convolved(frame, weights: weights, count: (bounds.width, region.height)) { x, y, k in
            y * region.width + column(bounds.x + x + k - taps)
        }
        blurred = Self.convolved(alongRows, weights: weights, count: (bounds.width, bounds.height)) { x, y, k in
            row(bounds.y + y + k - taps) * bounds.width + x
        }
    }

    /// `count.columns` x `count.rows` sums, row by row, each of `values` at `tap(column, row, k)` by weight k.
    private static func convolved(_ values: [RGB], weights: [Double], count: (columns: Int, rows: Int), tap: (Int, Int, Int) -> Int) -> [RGB] {
        var result = [RGB](repeating: .black, count: count.columns * count.rows)
        for row in 0..<count.rows {
            for column in 0..<count.columns {
                var sum = RGB.black
                for (k, weight) in weights.enumerated() { sum = sum + values[tap(column, row, k)] * weight }
                result[row * count.columns + column] = sum
            }
        }
        return result
    }

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let column = Int(pixel.x.rounded(.down)), row = Int(pixel.y.rounded(.down))
        guard bounds.contains(x: column, y: row) else { return below }
        let amount = glass.coverage(at: pixel, samplers: samplers)
        guard amount > 0 else { return below }
        let glassColour = blurred[(row - bounds.y) * bounds.width + column - bounds.x]
        // Source-over of the blurred frame (opaque) at `amount`.
        let alpha = amount + below.alpha * (1 - amount)
        return ShadedPixel(color: (glassColour * amount + below.color * (below.alpha * (1 - amount))) * (1 / alpha), alpha: alpha)
    }
}
