import CallshadeCore
import Foundation

/// A neon stroke as drawn at one instant (`drawing.md` section 4), placed
/// in the frame: the pen's smoothing of the samples its point filter
/// (10 / zoom) keeps, at the pen's chosen width W throughout (no speed),
/// as an outline of width W with round caps and joins; drawn in three
/// passes, with s = 0.01 min(canvas w, h) and r = 0.03 min(w, h):
/// 1. the glow: the outline filled and stroked at 0.5 s (its edge s / 4
///    beyond W / 2) in the core colour, over its shadow in the glow colour,
///    a Gaussian of deviation 0.95 r of that shape's coverage;
/// 2. the ring: the outline's edge stroked at width s in the core colour
///    mixed 25 % towards the glow colour;
/// 3. the outline filled with the core colour.
/// Core white and glow the stroke's colour; for a colour under 10 %
/// luminance (BT.709 weights on the sRGB values, ours) the core is the colour
/// and the glow #440881. The passes are laid one over another from nothing
/// and the colour's alpha applies once to the result (ours, as the pen's).
public struct NeonStroke: Equatable, Sendable {
    /// The smoothed centre line, frame pixels (one point for a dot).
    public let centreLine: [Vec2]
    /// W, s and the glow's deviation, frame pixels.
    public let width: Double
    public let ringWidth: Double
    public let glowSigma: Double
    public let core: RGB
    public let glow: RGB
    public let alpha: Double

    /// The point filter's distance at zoom 1, canvas pixels.
    public static let filterDistance = 10.0
    /// The deep violet glow of a dark neon colour.
    public static let darkGlow = RGB(0x44 / 255.0, 0x08 / 255.0, 0x81 / 255.0)

    public init(_ stroke: Stroke, at time: Double, canvas: DrawingCanvas, placement: CanvasPlacement) {
        let range = PenWidthRange(longerSide: canvas.longerSide, size: stroke.size)
        let kept = PenSamples.filtered(stroke.samples(drawnBy: time), minimumDistance: Self.filterDistance / stroke.zoom)
            .map { KeptSample(position: $0.position, time: $0.time, width: range.width) }
        let line = kept.count == 1 ? [kept[0].position] : StrokeSmoothing.centreLine(kept).map(\.position)
        centreLine = line.map { $0 * placement.scale + placement.offset }
        let shorter = Double(min(canvas.size.width, canvas.size.height))
        width = range.width * placement.scale
        ringWidth = 0.01 * shorter * placement.scale
        glowSigma = 0.95 * 0.03 * shorter * placement.scale
        let colour = stroke.colour.color
        let luminance = 0.2126 * colour.r + 0.7152 * colour.g + 0.0722 * colour.b
        (core, glow) = luminance < 0.1 ? (colour, Self.darkGlow) : (.white, colour)
        alpha = min(max(stroke.colour.alpha, 0), 1)
    }

    /// The distance from `point` to the centre line, frame pixels.
    func distance(to point: Vec2) -> Double {
        guard centreLine.count > 1 else { return centreLine.first.map { ($0 - point).length } ?? .infinity }
        var nearest = Double.infinity
        for index in centreLine.indices.dropFirst() {
            nearest = min(nearest, Capsule(from: centreLine[index - 1], to: centreLine[index], radius: 0).signedDistance(point))
        }
        return nearest
    }

    /// The four coverages at a pixel whose centre is `distance` from the
    /// centre line: the glow's shape, the ring's outer and inner edges, the fill.
    func coverages(atDistance distance: Double) -> (glowShape: Double, ring: Double, fill: Double) {
        let half = width / 2
        let outer = EdgeCoverage.coverage(signedDistance: distance - (half + ringWidth / 2))
        let inner = EdgeCoverage.coverage(signedDistance: distance - (half - ringWidth / 2))
        return (EdgeCoverage.coverage(signedDistance: distance - (half + ringWidth / 4)), max(outer - inner, 0),
                EdgeCoverage.coverage(signedDistance: distance - half))
    }

    /// The stroke's premultiplied value at a pixel: the three passes from
    /// nothing, with `glowAmount` the shadow's alpha there, times the colour's alpha.
    func premultiplied(atDistance distance: Double, glowAmount: Double) -> (r: Double, g: Double, b: Double, a: Double) {
        let (shape, ring, fill) = coverages(atDistance: distance)
        var value = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        func lay(_ colour: RGB, _ amount: Double) {
            guard amount > 0 else { return }
            let keep = 1 - amount
            value = (colour.r * amount + value.r * keep, colour.g * amount + value.g * keep, colour.b * amount + value.b * keep,
                     amount + value.a * keep)
        }
        lay(glow, glowAmount)
        lay(core, shape)
        lay(RGB(core.r + (glow.r - core.r) * 0.25, core.g + (glow.g - core.g) * 0.25, core.b + (glow.b - core.b) * 0.25), ring)
        lay(core, fill)
        return (value.r * alpha, value.g * alpha, value.b * alpha, value.a * alpha)
    }

    /// The box the shape can touch, grown by the glow's reach, within the
    /// frame grown by it: (left, top, right, bottom); nil when it draws nothing.
    func grid(in size: FrameSize) -> (left: Int, top: Int, right: Int, bottom: Int)? {
        guard let first = centreLine.first, alpha > 0 else { return nil }
        let reach = SeparableGaussian(sigma: glowSigma).reach
        let shapeReach = width / 2 + ringWidth / 2 + 1
        var low = first, high = first
        for point in centreLine {
            low = Vec2(min(low.x, point.x), min(low.y, point.y))
            high = Vec2(max(high.x, point.x), max(high.y, point.y))
        }
        func bounded(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, Double(-reach)), Double(limit + reach))) }
        return (bounded((low.x - shapeReach).rounded(.down) - Double(reach), size.width), bounded((low.y - shapeReach).rounded(.down) - Double(reach), size.height),
                bounded((high.x + shapeReach).rounded(.up) + Double(reach), size.width), bounded((high.y + shapeReach).rounded(.up) + Double(reach), size.height))
    }

    /// The pixels of a frame of `size` it can change (empty when none).
    func reach(in size: FrameSize) -> PixelRect {
        guard let grid = grid(in: size) else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let left = max(grid.left, 0), top = max(grid.top, 0)
        return PixelRect(x: left, y: top, width: max(min(grid.right, size.width) - left, 0), height: max(min(grid.bottom, size.height) - top, 0))
    }

    /// Lays the stroke over `pixels` (premultiplied RGBA, a frame of `size`).
    public func draw(into pixels: inout [Float], size: FrameSize) {
        guard let first = centreLine.first, let (left, top, right, bottom) = grid(in: size) else { return }
        let gaussian = SeparableGaussian(sigma: glowSigma)
        let shapeReach = width / 2 + ringWidth / 2 + 1
        let (gridWidth, gridHeight) = (right - left, bottom - top)
        guard gridWidth > 0, gridHeight > 0 else { return }
        // The distance at each pixel of the grid, worked out only near each segment.
        var distances = [Double](repeating: .infinity, count: gridWidth * gridHeight)
        let pieces = centreLine.count > 1 ? Array(zip(centreLine.dropLast(), centreLine.dropFirst())) : [(first, first)]
        for (a, b) in pieces {
            let capsule = Capsule(from: a, to: b, radius: 0)
            let x0 = max(Int((min(a.x, b.x) - shapeReach).rounded(.down)), left), x1 = min(Int((max(a.x, b.x) + shapeReach).rounded(.up)), right)
            let y0 = max(Int((min(a.y, b.y) - shapeReach).rounded(.down)), top), y1 = min(Int((max(a.y, b.y) + shapeReach).rounded(.up)), bottom)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let index = (y - top) * gridWidth + (x - left)
                    distances[index] = min(distances[index], capsule.signedDistance(Vec2(Double(x) + 0.5, Double(y) + 0.5)))
                }
            }
        }
        let shapes = distances.map { coverages(atDistance: $0).glowShape }
        let glowAmounts = gaussian.blurred(shapes, width: gridWidth, height: gridHeight, channels: 1, clampsAtEdges: false)
        for y in max(top, 0)..<min(bottom, size.height) {
            for x in max(left, 0)..<min(right, size.width) {
                let index = (y - top) * gridWidth + (x - left)
                let value = premultiplied(atDistance: distances[index], glowAmount: glowAmounts[index])
                guard value.a > 0 else { continue }
                let at = (y * size.width + x) * 4, keep = Float(1 - value.a)
                pixels[at] = Float(value.r) + pixels[at] * keep
                pixels[at + 1] = Float(value.g) + pixels[at + 1] * keep
                pixels[at + 2] = Float(value.b) + pixels[at + 2] * keep
                pixels[at + 3] = Float(value.a) + pixels[at + 3] * keep
            }
        }
    }
}
