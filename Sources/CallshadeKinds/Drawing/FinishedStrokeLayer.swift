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
            case .faded(let inner, let opacity):
                lay(drawing([inner], over: nil, size: size, background: background), over: &pixels, opacity: opacity)
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

    /// Lays `picture` (premultiplied) over `pixels` at `opacity`, source over.
    static func lay(_ picture: FramePicture, over pixels: inout [Float], opacity: Double) {
        let share = Float(opacity)
        picture.pixels.withUnsafeBufferPointer { over in
            for at in stride(from: 0, to: pixels.count, by: 4) where over[at + 3] != 0 || over[at] != 0 || over[at + 1] != 0 || over[at + 2] != 0 {
                let kept = 1 - over[at + 3] * share
                for channel in 0..<4 { pixels[at + channel] = over[at + channel] * share + pixels[at + channel] * kept }
            }
        }
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

/// One stroke as a finished layer holds it: its index and its look then.
struct LayerEntry: Equatable, Sendable {
    let index: Int
    let look: StrokeLook
}

/// The finished strokes' layer of one drawing screen, kept between frames:
/// the layer made last, by its frame size and its recipe (each stroke it
/// holds, in order, with its look), extended by the entries a later recipe
/// adds when the kept one begins it, made afresh otherwise. While a stroke
/// in it fades (`StrokeLook.faded`) the layer of the entries under it is
/// kept too (`UnderFadeKey`), so each frame of the fade draws only from
/// the fading stroke up. Frames come the same with it or without it (reuse off).
struct FinishedLayerKey: ReuseKey {
    typealias Value = (size: FrameSize, recipe: [LayerEntry], layer: FramePicture)
    static let shelf = "finished strokes"
    /// The screen whose strokes they are (its scenario, placement and background).
    let owner: ReuseIdentity<ReuseOwner>

    /// The layer of `recipe` in a frame of `size`; `strokes` gives entries'
    /// layer strokes. Nil for an empty recipe.
    func layer(recipe: [LayerEntry], size: FrameSize, background: LayerBackground, reuse: ReuseStore,
               strokes: (ArraySlice<LayerEntry>) -> [LayerStroke]) -> FramePicture? {
        guard !recipe.isEmpty else { return nil }
        let under = UnderFadeKey(owner: owner)
        let base = [reuse.kept(self), reuse.kept(under)].compactMap { $0 }
            .filter { $0.size == size && recipe.starts(with: $0.recipe) }
            .max { $0.recipe.count < $1.recipe.count }
        if let base, base.recipe.count == recipe.count {
            if !(reuse.kept(self).map { $0.recipe == recipe } ?? false) {
                reuse.keep(self, base, bytes: base.layer.pixels.count * MemoryLayout<Float>.stride)
            }
            return base.layer
        }
        var start = base?.recipe.count ?? 0, layer = base?.layer
        if let fading = recipe.firstIndex(where: { $0.look.drawsInLayer }), fading > start {
            let made = FinishedStrokeLayer.drawing(strokes(recipe[start..<fading]), over: layer, size: size, background: background)
            reuse.keep(under, (size, Array(recipe[..<fading]), made), bytes: made.pixels.count * MemoryLayout<Float>.stride)
            (start, layer) = (fading, made)
        }
        let made = FinishedStrokeLayer.drawing(strokes(recipe[start...]), over: layer, size: size, background: background)
        reuse.keep(self, (size, recipe, made), bytes: made.pixels.count * MemoryLayout<Float>.stride)
        return made
    }
}

/// The layer of the finished strokes under the lowest one fading
/// (`FinishedLayerKey`), kept while it fades.
struct UnderFadeKey: ReuseKey {
    typealias Value = FinishedLayerKey.Value
    static let shelf = "finished strokes under a fade"
    let owner: ReuseIdentity<ReuseOwner>
}
