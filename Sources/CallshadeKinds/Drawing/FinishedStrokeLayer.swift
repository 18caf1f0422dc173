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
        draw(strokes, into: &pixels, size: size, background: background, clip: nil)
        return FramePicture(width: size.width, height: size.height, pixels: pixels)
    }

    /// Draws `strokes` over `pixels` in order, changing only the pixels in
    /// `clip` (nil: anywhere). A neon or blur stroke draws only unclipped
    /// (whatever it draws reaches beyond its stroke; `clippable`).
    static func draw(_ strokes: [LayerStroke], into pixels: inout [Float], size: FrameSize, background: LayerBackground, clip: PixelRect?) {
        let scene = Scene(size: size, background: nil)
        let frame = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        for stroke in strokes {
            let node: any SceneNode
            switch stroke {
            case .drawn(let drawn): node = drawn
            case .erased(let eraser):
                erase(&pixels, by: eraser, size: size, clip: clip ?? frame)
                continue
            case .neon(let neon):
                neon.draw(into: &pixels, size: size)
                continue
            case .blurred(let blur):
                blur.draw(into: &pixels, size: size, background: background)
                continue
            case .faded(let inner, let opacity):
                lay(drawing([inner], over: nil, size: size, background: background), over: &pixels, opacity: opacity, clip: clip ?? frame, size: size)
                continue
            }
            let rect = node.bounds(in: size).intersection(clip ?? frame)
            guard !rect.isEmpty else { continue }
            let shader = node.referenceShader(in: scene, within: rect)
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
    }

    /// The pixels `stroke` can change, or nil when it may reach anywhere
    /// (a blur, which mixes what lies beneath; a neon's glow).
    static func reach(of stroke: LayerStroke, size: FrameSize) -> PixelRect? {
        switch stroke {
        case .drawn(let node): node.bounds(in: size)
        case .erased(let eraser): eraser.bounds(in: size)
        case .neon, .blurred: nil
        case .faded(let inner, _): fadedReach(of: inner, size: size)
        }
    }

    /// A fading stroke is drawn alone and laid over: a neon's reach is then its picture's (its glow included).
    private static func fadedReach(of inner: LayerStroke, size: FrameSize) -> PixelRect? {
        if case .neon(let neon) = inner { return neon.reach(in: size) }
        return reach(of: inner, size: size)
    }

    /// Lays `picture` (premultiplied) over `pixels` at `opacity`, source over, within `clip`.
    static func lay(_ picture: FramePicture, over pixels: inout [Float], opacity: Double, clip: PixelRect, size: FrameSize) {
        let share = Float(opacity)
        picture.pixels.withUnsafeBufferPointer { over in
            for y in clip.y..<(clip.y + clip.height) {
                for x in clip.x..<(clip.x + clip.width) {
                    let at = (y * size.width + x) * 4
                    guard over[at + 3] != 0 || over[at] != 0 || over[at + 1] != 0 || over[at + 2] != 0 else { continue }
                    let kept = 1 - over[at + 3] * share
                    for channel in 0..<4 { pixels[at + channel] = over[at + channel] * share + pixels[at + channel] * kept }
                }
            }
        }
    }

    /// Clears `pixels` by the eraser's coverage (the union of its segments',
    /// the reference's rule): each premultiplied value times 1 - coverage.
    static func erase(_ pixels: inout [Float], by eraser: StrokeNode, size: FrameSize, clip: PixelRect) {
        let reference = ReferenceStroke(node: eraser, size: size, within: clip), bounds = reference.bounds
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

/// One stroke as a finished layer holds it: its position, its look then and its lasso offset then (canvas pixels).
struct LayerEntry: Equatable, Sendable {
    let index: Int
    let look: StrokeLook
    var offset = Vec2(0, 0)
}

/// The finished strokes' layer of one drawing screen, kept between frames:
/// the layer made last, by its frame size and its recipe (each stroke it
/// holds, in order, with its look), extended by the entries a later recipe
/// adds when a kept one begins it. While strokes in it fade
/// (`StrokeLook.faded`) the layer of the entries under the lowest is kept
/// too (`UnderFadeKey`), and a frame whose recipe differs from the kept one
/// only in some strokes' looks, or in strokes gone, is the kept layer with
/// only the pixels those strokes can change drawn again, from that layer
/// under them up (`updated`): no stroke's effect outside its own pixels
/// changes. Every way gives the values of drawing the recipe afresh, so
/// frames come the same with it or without it (reuse off).
struct FinishedLayerKey: ReuseKey {
    typealias Value = (size: FrameSize, recipe: [LayerEntry], layer: FramePicture)
    static let shelf = "finished strokes"
    /// The screen whose strokes they are (its scenario and background).
    let owner: ReuseIdentity<ReuseOwner>
    /// Where the canvas lies in the frame (the editor's zoom moves it).
    let placement: CanvasPlacement

    /// The layer of `recipe` in a frame of `size`; `strokes` gives entries'
    /// layer strokes. Nil for an empty recipe.
    func layer(recipe: [LayerEntry], size: FrameSize, background: LayerBackground, reuse: ReuseStore,
               strokes: (ArraySlice<LayerEntry>) -> [LayerStroke]) -> FramePicture? {
        guard !recipe.isEmpty else { return nil }
        let kept = reuse.kept(self).flatMap { $0.size == size ? $0 : nil }
        if let kept, kept.recipe == recipe { return kept.layer }
        let builder = LayerBuilder(owner: owner, placement: placement, size: size, background: background, reuse: reuse)
        let layer: FramePicture
        if let kept, let update = builder.updated(kept, to: recipe, strokes: strokes) {
            layer = update.layer
            reuse.keep(LayerChangeKey(owner: owner), (kept.layer, layer, update.area), bytes: 0)
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
    let placement: CanvasPlacement
    let size: FrameSize
    let background: LayerBackground
    let reuse: ReuseStore

    /// The kept layer whose recipe begins `recipe` with the most entries, at most `limit`.
    func longestKept(beginning recipe: [LayerEntry], within limit: Int) -> FinishedLayerKey.Value? {
        [reuse.kept(FinishedLayerKey(owner: owner, placement: placement)), reuse.kept(UnderFadeKey(owner: owner, placement: placement))].compactMap { $0 }
            .filter { $0.size == size && $0.recipe.count <= limit && recipe.starts(with: $0.recipe) }
            .max { $0.recipe.count < $1.recipe.count }
    }

    /// `kept` changed into `recipe` where the two differ only in some
    /// strokes' looks or offsets or in strokes gone: the kept layer, but inside the
    /// pixels those strokes can change (as they were and as they are), the
    /// layer under the lowest of them with every entry from there drawn again,
    /// clipped. Nil when that cannot be done: a stroke added, a neon or blur
    /// over the lowest changed one (they reach beyond their own pixels).
    func updated(_ kept: FinishedLayerKey.Value, to recipe: [LayerEntry],
                 strokes: (ArraySlice<LayerEntry>) -> [LayerStroke]) -> (layer: FramePicture, area: PixelRect)? {
        let before = Dictionary(kept.recipe.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        guard recipe.allSatisfy({ before[$0.index] != nil }) else { return nil }
        let now = Dictionary(recipe.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = kept.recipe.filter { now[$0.index] != $0 }
        guard let lowest = changed.map(\.index).min() else { return nil }
        let from = recipe.firstIndex { $0.index >= lowest } ?? recipe.count
        var reaches: [PixelRect] = []
        for entry in changed + recipe.filter({ before[$0.index] != $0 }) {
            for stroke in strokes([entry][...]) {
                guard let reach = FinishedStrokeLayer.reach(of: stroke, size: size) else { return nil }
                reaches.append(reach)
            }
        }
        let over = strokes(recipe[from...])
        guard over.allSatisfy({ if case .neon = $0 { false } else if case .blurred = $0 { false } else { true } }) else { return nil }
        // One rectangle round them all (drawing each alone costs every stroke's preparation again).
        guard let area = reaches.dropFirst().reduce(reaches.first, { $0?.union($1) }), !area.isEmpty else {
            return (kept.layer, PixelRect(x: 0, y: 0, width: 0, height: 0))
        }
        // The layer under the lowest changed stroke, kept or made now (and kept).
        var base = longestKept(beginning: recipe, within: from)
        if base?.recipe.count != from {
            let made = FinishedStrokeLayer.drawing(strokes(recipe[(base?.recipe.count ?? 0)..<from]), over: base?.layer, size: size, background: background)
            base = (size, Array(recipe[..<from]), made)
            reuse.keep(UnderFadeKey(owner: owner, placement: placement), (size, Array(recipe[..<from]), made), bytes: made.pixels.count * MemoryLayout<Float>.stride)
        }
        var pixels = kept.layer.pixels
        if let under = base?.layer.pixels {
            for y in area.y..<(area.y + area.height) {
                let start = (y * size.width + area.x) * 4
                pixels.replaceSubrange(start..<(start + area.width * 4), with: under[start..<(start + area.width * 4)])
            }
        }
        FinishedStrokeLayer.draw(over, into: &pixels, size: size, background: background, clip: area)
        return (FramePicture(width: size.width, height: size.height, pixels: pixels), area)
    }

    func built<Key: ReuseKey>(_ recipe: [LayerEntry], keptAs key: Key, strokes: (ArraySlice<LayerEntry>) -> [LayerStroke]) -> FramePicture
    where Key.Value == FinishedLayerKey.Value {
        let base = longestKept(beginning: recipe, within: recipe.count)
        var start = base?.recipe.count ?? 0, layer = base?.layer
        if let fading = recipe.firstIndex(where: { $0.look.drawsInLayer }), fading > start {
            let made = FinishedStrokeLayer.drawing(strokes(recipe[start..<fading]), over: layer, size: size, background: background)
            reuse.keep(UnderFadeKey(owner: owner, placement: placement), (size, Array(recipe[..<fading]), made), bytes: made.pixels.count * MemoryLayout<Float>.stride)
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

/// The layer of the finished strokes under the lowest one fading or
/// changed (`FinishedLayerKey`), kept while it serves.
struct UnderFadeKey: ReuseKey {
    typealias Value = FinishedLayerKey.Value
    static let shelf = "finished strokes under a fade"
    let owner: ReuseIdentity<ReuseOwner>
    let placement: CanvasPlacement
}
