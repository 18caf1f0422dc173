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
        let read = PixelRect(x: max(bounds.x - reach, 0), y: max(bounds.y - reach, 0), width: 0, height: 0)
        let region = PixelRect(x: read.x, y: read.y, width: min(bounds.x + bounds.width + reach, size.width) - read.x,
                               height: min(bounds.y + bounds.height + reach, size.height) - read.y)
        let frame = ReferenceRenderer.colours(of: below, in: region)
        let weights: [Double] = {
            guard reach > 0 else { return [1] }
            let raw = (-reach...reach).map { exp(-Double($0 * $0) / (2 * glass.sigma * glass.sigma)) }
            let total = raw.reduce(0, +)
            return raw.map { $0 / total }
        }()
        let taps = weights.count / 2
        func clamped(_ value: Int, _ range: Range<Int>) -> Int { min(max(value, range.lowerBound), range.upperBound - 1) }
        // Along rows: every row of the region, the bounds' columns.
        var alongRows = [RGB](repeating: .black, count: bounds.width * region.height)
        for row in 0..<region.height {
            for column in 0..<bounds.width {
                var sum = RGB.black
                for (k, weight) in weights.enumerated() {
                    let x = clamped(bounds.x + column + k - taps, 0..<size.width) - region.x
                    sum = sum + frame[row * region.width + x] * weight
                }
                alongRows[row * bounds.width + column] = sum
            }
        }
        // Along columns: the bounds' rows.
        var result = [RGB](repeating: .black, count: bounds.pixelCount)
        for row in 0..<bounds.height {
            for column in 0..<bounds.width {
                var sum = RGB.black
                for (k, weight) in weights.enumerated() {
                    let y = clamped(bounds.y + row + k - taps, 0..<size.height) - region.y
                    sum = sum + alongRows[y * bounds.width + column] * weight
                }
                result[row * bounds.width + column] = sum
            }
        }
        blurred = result
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
