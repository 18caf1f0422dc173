import Foundation

/// The layer of a drawing's finished strokes (issue 34): strokes 0..<count
/// drawn one after another, by the CPU reference's shading of each stroke's
/// node, into a transparent picture of the frame's size (premultiplied
/// Float values, stored after each stroke). A finished stroke never
/// changes, so the layer for more strokes is the layer for fewer with the
/// rest drawn over it, which is exactly what drawing them all afresh gives.
public enum FinishedStrokeLayer {
    /// `base` (nil: transparent) with `nodes` drawn over it in order, in a frame of `size`.
    public static func drawing(_ nodes: [any SceneNode], over base: FramePicture?, size: FrameSize) -> FramePicture {
        var pixels = base?.pixels ?? [Float](repeating: 0, count: size.width * size.height * 4)
        let scene = Scene(size: size, background: nil)
        for node in nodes {
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
}

/// The finished-stroke cache of one drawing screen: the layer it made last
/// (its frame size and how many strokes it holds), extended by the strokes
/// finished since when a later frame holds more, made afresh when a frame
/// holds fewer or another size. Frames come the same with it or without it
/// (`DrawingScreen`'s `cachesFinishedStrokes`). Safe to share between threads.
public final class FinishedStrokeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var made: (size: FrameSize, count: Int, layer: FramePicture)?

    public init() {}

    /// The layer of the first `count` strokes in a frame of `size`; `nodes`
    /// gives the finished nodes of a range of strokes. Nil for none.
    func layer(count: Int, size: FrameSize, nodes: (Range<Int>) -> [any SceneNode]) -> FramePicture? {
        guard count > 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let made, made.size == size, made.count == count { return made.layer }
        let start = made.flatMap { $0.size == size && $0.count < count ? $0 : nil }
        let layer = FinishedStrokeLayer.drawing(nodes((start?.count ?? 0)..<count), over: start?.layer, size: size)
        made = (size, count, layer)
        return layer
    }
}
