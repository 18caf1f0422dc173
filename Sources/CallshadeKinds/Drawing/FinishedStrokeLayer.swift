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

    /// `from` mixed towards `to` by `amount` (0: `from`), value by value.
    static func mixed(_ from: FramePicture, _ to: FramePicture, by amount: Double, size: FrameSize) -> FramePicture {
        let share = Float(amount)
        var pixels = [Float](repeating: 0, count: from.pixels.count)
        from.pixels.withUnsafeBufferPointer { a in
            to.pixels.withUnsafeBufferPointer { b in
                for at in pixels.indices { pixels[at] = a[at] + share * (b[at] - a[at]) }
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
/// adds when a kept one begins it, made afresh otherwise. While strokes in
/// it fade (`StrokeLook.faded`) the layer of the entries under the lowest
/// is kept too (`UnderFadeKey`), so each frame draws only from there up.
/// One stroke alone fading out (an object eraser's) is the layer with it
/// whole and the layer without it, both kept (`FadeEndKey`), mixed by its
/// opacity: each stroke's effect on what lies under it (laid over, erased,
/// blurred) is affine in it, so the layer is affine in the fading stroke's
/// opacity and the mix is its coverage at that opacity in its place, to the
/// float's rounding; a frame of the fade then costs one mix, whatever lies
/// over the stroke. Frames come the same with it or without it (reuse off).
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
        if let kept = reuse.kept(self), kept.size == size, kept.recipe == recipe { return kept.layer }
        let builder = LayerBuilder(owner: owner, size: size, background: background, reuse: reuse)
        let layer: FramePicture
        let fading = recipe.indices.filter { recipe[$0].look.drawsInLayer }
        if fading.count == 1, case .faded(let opacity, nil) = recipe[fading[0]].look {
            var whole = recipe, without = recipe
            whole[fading[0]] = LayerEntry(index: recipe[fading[0]].index, look: .plain)
            without.remove(at: fading[0])
            let withIt = builder.built(whole, keptAs: FadeEndKey(owner: owner, whole: true), strokes: strokes)
            let withoutIt = builder.built(without, keptAs: FadeEndKey(owner: owner, whole: false), strokes: strokes)
            layer = FinishedStrokeLayer.mixed(withoutIt, withIt, by: opacity, size: size)
        } else {
            layer = builder.built(recipe, keptAs: self, strokes: strokes)
        }
        reuse.keep(self, (size, recipe, layer), bytes: layer.pixels.count * MemoryLayout<Float>.stride)
        return layer
    }
}

/// Makes a screen's finished layer of a recipe from the longest kept layer
/// whose recipe begins it (`FinishedLayerKey`, `UnderFadeKey`, `FadeEndKey`),
/// drawing the rest over it, and keeps it.
private struct LayerBuilder {
    let owner: ReuseIdentity<ReuseOwner>
    let size: FrameSize
    let background: LayerBackground
    let reuse: ReuseStore

    func built<Key: ReuseKey>(_ recipe: [LayerEntry], keptAs key: Key, strokes: (ArraySlice<LayerEntry>) -> [LayerStroke]) -> FramePicture
    where Key.Value == FinishedLayerKey.Value {
        let kept = [reuse.kept(FinishedLayerKey(owner: owner)), reuse.kept(UnderFadeKey(owner: owner)),
                    reuse.kept(FadeEndKey(owner: owner, whole: true)), reuse.kept(FadeEndKey(owner: owner, whole: false))]
        let base = kept.compactMap { $0 }.filter { $0.size == size && recipe.starts(with: $0.recipe) }.max { $0.recipe.count < $1.recipe.count }
        var start = base?.recipe.count ?? 0, layer = base?.layer
        if let fading = recipe.firstIndex(where: { $0.look.drawsInLayer }), fading > start {
            let made = FinishedStrokeLayer.drawing(strokes(recipe[start..<fading]), over: layer, size: size, background: background)
            reuse.keep(UnderFadeKey(owner: owner), (size, Array(recipe[..<fading]), made), bytes: made.pixels.count * MemoryLayout<Float>.stride)
            (start, layer) = (fading, made)
        }
        let made: FramePicture
        if start == recipe.count, let layer {
            made = layer
        } else {
            made = FinishedStrokeLayer.drawing(strokes(recipe[start...]), over: layer, size: size, background: background)
        }
        reuse.keep(key, (size, recipe, made), bytes: made.pixels.count * MemoryLayout<Float>.stride)
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

/// The layer with a stroke fading out whole (`whole`) or without it, kept while it fades (`FinishedLayerKey`).
struct FadeEndKey: ReuseKey {
    typealias Value = FinishedLayerKey.Value
    static let shelf = "finished strokes, a fade's ends"
    let owner: ReuseIdentity<ReuseOwner>
    let whole: Bool
}
