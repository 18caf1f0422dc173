import CallshadeCore
import Foundation

/// The layer of a drawing's finished strokes (issue 34): strokes 0..<count
/// drawn one after another, by the CPU reference's shading of each stroke's
/// node, into a transparent picture of the frame's size (premultiplied
/// Float values, stored after each stroke). A finished stroke never
/// changes, so the layer for more strokes is the layer for fewer with the
/// rest drawn over it, which is exactly what drawing them all afresh gives.
public enum FinishedStrokeLayer {
    /// `base` (nil: transparent) with `strokes` drawn over it (or erasing
    /// it) in order, in a frame of `size`; `background` lies under it (what
    /// a blur stroke blurs with the layer).
    public static func drawing(_ strokes: [LayerStroke], over base: FramePicture?, size: FrameSize,
                               background: LayerBackground = .colour(.white)) -> FramePicture {
        var pixels = base?.pixels ?? [Float](repeating: 0, count: size.width * size.height * 4)
        let scene = Scene(size: size, background: nil)
        for stroke in strokes {
            let node: any SceneNode
            switch stroke {
            case .drawn(let drawn): node = drawn
            case .erased(let eraser):
                erase(&pixels, by: eraser, size: size)
                continue
            case .neon(let neon):
                neon.draw(into: &pixels, size: size)
                continue
            case .blurred(let blur):
                blur.draw(into: &pixels, size: size, background: background)
                continue
            }
            let rect = node.bounds(in: size)
            guard !rect.isEmpty else { continue }
            let shader = node.referenceShader(in: scene)
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    let at = (y * size.width + x) * 4
                    let alpha = Double(pixels[at + 3])
                    let below = alpha > 0
                        ? ShadedPixel(color: RGB(Double(pixels[at]) / alpha, Double(pixels[at + 1]) / alpha, Double(pixels[at + 2]) / alpha), alpha: alpha)
                        : .transparent
                    let shaded = shader.shade(below, at: Vec2(Double(x) + 0.5, Double(y) + 0.5), background: nil)
                    guard shaded != below else { continue }
                    pixels[at] = Float(shaded.color.r * shaded.alpha)
                    pixels[at + 1] = Float(shaded.color.g * shaded.alpha)
                    pixels[at + 2] = Float(shaded.color.b * shaded.alpha)
                    pixels[at + 3] = Float(shaded.alpha)
                }
            }
        }
        return FramePicture(width: size.width, height: size.height, pixels: pixels)
    }

    /// Clears `pixels` by the eraser's coverage (the union of its segments',
    /// the reference's rule): each premultiplied value times 1 - coverage.
    static func erase(_ pixels: inout [Float], by eraser: StrokeNode, size: FrameSize) {
        let reference = ReferenceStroke(node: eraser, size: size), bounds = reference.bounds
        guard !bounds.isEmpty else { return }
        for y in bounds.y..<(bounds.y + bounds.height) {
            for x in bounds.x..<(bounds.x + bounds.width) {
                let coverage = reference.coverage[(y - bounds.y) * bounds.width + (x - bounds.x)]
                guard coverage > 0 else { continue }
                let at = (y * size.width + x) * 4, kept = Float(1 - coverage)
                for channel in 0..<4 { pixels[at + channel] *= kept }
            }
        }
    }
}

/// The finished strokes' layer of one drawing screen, kept between frames:
/// the layer made last (its frame size and how many strokes it holds),
/// extended by the strokes finished since when a later frame holds more,
/// made afresh when a frame holds fewer or another size. Frames come the
/// same with it or without it (reuse off).
struct FinishedLayerKey: ReuseKey {
    typealias Value = (size: FrameSize, count: Int, layer: FramePicture)
    static let shelf = "finished strokes"
    /// The screen whose strokes they are (its scenario, placement and background).
    let owner: ReuseIdentity<ReuseOwner>

    /// The layer of the first `count` strokes in a frame of `size`; `strokes`
    /// gives a range of strokes as they are finished. Nil for none.
    func layer(count: Int, size: FrameSize, background: LayerBackground, reuse: ReuseStore,
               strokes: (Range<Int>) -> [LayerStroke]) -> FramePicture? {
        guard count > 0 else { return nil }
        let made = reuse.kept(self)
        if let made, made.size == size, made.count == count { return made.layer }
        let start = made.flatMap { $0.size == size && $0.count < count ? $0 : nil }
        let layer = FinishedStrokeLayer.drawing(strokes((start?.count ?? 0)..<count), over: start?.layer, size: size, background: background)
        reuse.keep(self, (size, count, layer), bytes: layer.pixels.count * MemoryLayout<Float>.stride)
        return layer
    }
}
