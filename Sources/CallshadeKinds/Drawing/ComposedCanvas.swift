import CallshadeCore
import Foundation

/// A drawing's canvas with its strokes' layer over it, as one opaque
/// picture (premultiplied values, made on the CPU): what a frame shows
/// under the strokes still being drawn, so that a frame draws one picture
/// whatever the number of strokes in the layer. The background lies under
/// the layer, so an eraser (which clears the layer) never clears it.
public enum ComposedCanvas {
    /// `layer` over `background` (its picture, else `colour`), the layer's size.
    public static func picture(layer: FramePicture, background: FramePicture?, colour: RGB) -> FramePicture {
        var pixels = [Float](repeating: 1, count: layer.pixels.count)
        compose(layer, background: background, colour: colour, into: &pixels, area: PixelRect(x: 0, y: 0, width: layer.width, height: layer.height))
        return FramePicture(width: layer.width, height: layer.height, pixels: pixels)
    }

    /// `canvas` (composed over a layer that differs from `layer` only inside `area`) composed again inside `area`:
    /// the values `picture` gives for `layer`.
    public static func recomposed(_ canvas: FramePicture, layer: FramePicture, background: FramePicture?, colour: RGB, area: PixelRect) -> FramePicture {
        var pixels = canvas.pixels
        compose(layer, background: background, colour: colour, into: &pixels, area: area)
        return FramePicture(width: layer.width, height: layer.height, pixels: pixels)
    }

    /// Each pixel of `area`: the layer's value plus what lies under it times what the layer leaves clear.
    private static func compose(_ layer: FramePicture, background: FramePicture?, colour: RGB, into pixels: inout [Float], area: PixelRect) {
        let fill = [Float(colour.r), Float(colour.g), Float(colour.b)]
        let under = background?.pixels ?? []
        layer.pixels.withUnsafeBufferPointer { over in
            under.withUnsafeBufferPointer { picture in
                for y in area.y..<(area.y + area.height) {
                    let rowStart = (y * layer.width + area.x) * 4
                    for at in stride(from: rowStart, to: rowStart + area.width * 4, by: 4) {
                        let clear = 1 - over[at + 3]
                        for channel in 0..<3 {
                            pixels[at + channel] = over[at + channel] + (picture.isEmpty ? fill[channel] : picture[at + channel]) * clear
                        }
                        pixels[at + 3] = 1
                    }
                }
            }
        }
    }
}

/// The canvas a screen composed last over its finished strokes' layer, and
/// that layer: kept while the same layer comes again (`DrawingScreen`,
/// through the reuse store), replaced by the next (one a screen).
struct ComposedCanvasKey: ReuseKey {
    typealias Value = (layer: FramePicture, canvas: FramePicture)
    static let shelf = "composed canvas"
    /// The screen that composed it (its background picture and colour).
    let owner: ReuseIdentity<ReuseOwner>

    /// The canvas `compose` makes over `layer`, kept while `layer` (the very
    /// picture) comes again; when `layer` is the kept one's changed only
    /// inside an area (`LayerChangeKey`), `recompose` makes it from the kept canvas.
    func canvas(over layer: FramePicture, reuse: ReuseStore, compose: () -> FramePicture,
                recompose: (FramePicture, PixelRect) -> FramePicture) -> FramePicture {
        let made = reuse.kept(self)
        if let made, made.layer === layer { return made.canvas }
        let canvas: FramePicture
        if let made, let change = reuse.kept(LayerChangeKey(owner: owner)), change.to === layer, change.from === made.layer {
            canvas = recompose(made.canvas, change.area)
        } else {
            canvas = compose()
        }
        reuse.keep(self, (layer, canvas), bytes: canvas.pixels.count * MemoryLayout<Float>.stride)
        return canvas
    }
}

/// The finished strokes' layer a screen made last by changing the one
/// before only inside an area (`LayerBuilder.updated`): both pictures and
/// the area, so the canvas over it is composed again only there.
struct LayerChangeKey: ReuseKey {
    typealias Value = (from: FramePicture, to: FramePicture, area: PixelRect)
    static let shelf = "finished strokes' last change"
    let owner: ReuseIdentity<ReuseOwner>
}
