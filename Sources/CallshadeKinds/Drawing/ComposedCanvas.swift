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
        let fill = [Float(colour.r), Float(colour.g), Float(colour.b)]
        let under = background?.pixels ?? []
        layer.pixels.withUnsafeBufferPointer { over in
            under.withUnsafeBufferPointer { picture in
                for at in stride(from: 0, to: pixels.count, by: 4) {
                    let clear = 1 - over[at + 3]
                    for channel in 0..<3 {
                        pixels[at + channel] = over[at + channel] + (picture.isEmpty ? fill[channel] : picture[at + channel]) * clear
                    }
                }
            }
        }
        return FramePicture(width: layer.width, height: layer.height, pixels: pixels)
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

    /// The canvas `compose` makes over `layer`, kept while `layer` (the very picture) comes again.
    func canvas(over layer: FramePicture, reuse: ReuseStore, compose: () -> FramePicture) -> FramePicture {
        if let made = reuse.kept(self), made.layer === layer { return made.canvas }
        let canvas = compose()
        reuse.keep(self, (layer, canvas), bytes: canvas.pixels.count * MemoryLayout<Float>.stride)
        return canvas
    }
}
