import CallshadeCore
import Foundation

/// What a renderer keeps of the last frame it drew a whole-frame opaque
/// node into on the host (the chat's wallpaper): its pixels, once as RGBA
/// and once as I420, with what they were drawn from. A frame whose node and
/// size are the same again copies them rather than working out every pixel:
/// the same bytes, since they are what the same drawing made. At most one
/// frame of each layout is kept (4 bytes a pixel, and 1.5).
final class RememberedFrames<Key: Equatable & Sendable>: @unchecked Sendable {
    /// One layout's kept pixels, what they were drawn from, and the drawing filling them.
    private final class Kept {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var key: Key?
        /// The number of the drawing whose bands are filling them (each draws, then copies).
        var filling: Int?

        deinit { bytes?.deallocate() }
    }

    private let lock = NSLock()
    private let rgba = Kept()
    private let yuv = Kept()
    /// The drawings handed out so far, each numbered by it.
    private var issued = 0

    init() {}

    /// `drawing`, which draws every pixel of every row of a frame of `size`
    /// opaquely, drawn from `key`: through these kept frames.
    func drawing(_ drawing: any HostDrawing, key: Key, size: FrameSize) -> any HostDrawing {
        lock.lock()
        issued += 1
        let number = issued
        lock.unlock()
        return RememberedDrawing(drawing: drawing, key: key, size: size, number: number, kept: self)
    }

    /// What a band of drawing `number` does with the kept pixels of one
    /// layout: draw into them (the first band of a drawing from a key other
    /// than the kept one claims them, and then so do its other bands) or copy them.
    fileprivate func claim(yuv isYUV: Bool, key: Key, count: Int, for number: Int) -> (draw: Bool, bytes: UnsafeMutablePointer<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        let kept = isYUV ? yuv : rgba
        if kept.filling == number, let bytes = kept.bytes { return (true, bytes) }
        if kept.key == key, kept.count == count, let bytes = kept.bytes { return (false, bytes) }
        if kept.count != count || kept.bytes == nil {
            kept.bytes?.deallocate()
            kept.bytes = .allocate(capacity: max(count, 1))
            kept.count = count
        }
        kept.key = key
        kept.filling = number
        // Not reallocated until another drawing claims them; the bands write rows apart.
        return (true, kept.bytes!)
    }
}

/// A drawing through `RememberedFrames`: each band draws into the kept
/// pixels and copies its rows to the frame, or only copies them.
private struct RememberedDrawing<Key: Equatable & Sendable>: HostDrawing {
    let drawing: any HostDrawing
    let key: Key
    let size: FrameSize
    let number: Int
    let kept: RememberedFrames<Key>

    var rows: Range<Int> { drawing.rows }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let (draw, bytes) = kept.claim(yuv: false, key: key, count: size.width * size.height * 4, for: number)
        if draw { drawing.draw(into: bytes, rows: band) }
        copy(bytes, pixels, from: band.lowerBound * size.width * 4, count: band.count * size.width * 4)
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let (width, height) = (size.width, size.height)
        let chromaWidth = width / 2, chromaHeight = height / 2
        let (draw, bytes) = kept.claim(yuv: true, key: key, count: width * height + 2 * chromaWidth * chromaHeight, for: number)
        if draw { drawing.drawYUV420(into: bytes, rows: band) }
        copy(bytes, planes, from: band.lowerBound * width, count: band.count * width)
        // The band's chroma rows: those of its row pairs (it starts on an even row; a frame's odd last row has none).
        let chromaRows = band.lowerBound / 2..<max(min((band.upperBound + 1) / 2, chromaHeight), band.lowerBound / 2)
        for plane in 0..<2 {
            let start = width * height + plane * chromaWidth * chromaHeight
            copy(bytes, planes, from: start + chromaRows.lowerBound * chromaWidth, count: chromaRows.count * chromaWidth)
        }
    }

    private func copy(_ source: UnsafeMutablePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, from offset: Int, count: Int) {
        guard count > 0 else { return }
        (target + offset).update(from: source + offset, count: count)
    }
}
