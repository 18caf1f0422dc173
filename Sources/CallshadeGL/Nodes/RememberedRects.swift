import CallshadeCore
import Foundation

/// What a renderer keeps of the I420 samples its drawings wrote over
/// rectangles they write whole without reading what is below (a video's
/// straight rows, `HostVideoDrawing`): each drawing's samples there, with
/// the key it was drawn from. A drawing from a key and rectangles kept
/// whole copies them rather than working out every sample: the same bytes,
/// since they are what the same drawing made. A 30 fps camera in a 60 fps
/// render shows each picture twice, in the same place while nothing moves.
///
/// At most `capacity` drawings are kept (those used last), each as many
/// bytes as its rectangles' samples (1.5 a pixel). Whether to copy is
/// decided when a frame's drawing is made (serially, before its bands
/// run); a drawing is kept from its first band over I420 (one drawn over
/// RGBA keeps nothing), and copied only once every row of its rectangles
/// has been written.
final class RememberedRects<Key: Equatable & Sendable>: @unchecked Sendable {
    /// One drawing's kept samples: its rectangles' luma rows one after
    /// another, then their Cb rows, then their Cr rows.
    fileprivate final class Kept: @unchecked Sendable {
        let key: Key
        let rects: [PixelRect]
        /// Where each rectangle's luma, and its chroma (in each chroma part), starts.
        let lumaStarts: [Int]
        let chromaStarts: [Int]
        let lumaCount: Int
        let chromaCount: Int
        let bytes: UnsafeMutablePointer<UInt8>
        /// Which of the rectangles' rows (in turn) have been written, how many, and how many there are.
        private var rowWritten: [Bool]
        private(set) var written = 0
        let total: Int
        var lastUsed: Int
        /// Whether it is among the kept (from its drawing's first band over I420).
        var listed = false

        init(key: Key, rects: [PixelRect], number: Int) {
            self.key = key
            self.rects = rects
            var (luma, chroma) = (0, 0)
            var (lumaStarts, chromaStarts) = ([Int](), [Int]())
            for rect in rects {
                lumaStarts.append(luma)
                chromaStarts.append(chroma)
                luma += rect.width * rect.height
                chroma += (rect.width / 2) * (rect.height / 2)
            }
            self.lumaStarts = lumaStarts
            self.chromaStarts = chromaStarts
            lumaCount = luma
            chromaCount = chroma
            bytes = .allocate(capacity: max(luma + 2 * chroma, 1))
            total = rects.reduce(0) { $0 + $1.height }
            rowWritten = [Bool](repeating: false, count: total)
            lastUsed = number
        }

        deinit { bytes.deallocate() }

        var isWhole: Bool { written == total }

        /// Marks the rectangles' rows within `band` written (a row written twice counts once).
        func markWritten(_ band: Range<Int>) {
            var first = 0
            for rect in rects {
                defer { first += rect.height }
                let (top, bottom) = (max(rect.y, band.lowerBound), min(rect.y + rect.height, band.upperBound))
                guard top < bottom else { continue }
                for index in first + top - rect.y..<first + bottom - rect.y where !rowWritten[index] {
                    rowWritten[index] = true
                    written += 1
                }
            }
        }
    }

    private let lock = NSLock()
    private var kept: [Kept] = []
    private var issued = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = max(capacity, 1) }

    /// `drawing`, which writes every I420 sample of `rects` (even edges,
    /// none overlapping) without reading them, drawn from `key`: through these kept samples.
    func drawing(_ drawing: any HostDrawing, writing rects: [PixelRect], key: Key, size: FrameSize) -> any HostDrawing {
        lock.lock()
        defer { lock.unlock() }
        issued += 1
        if let found = kept.first(where: { $0.key == key && $0.rects == rects && $0.isWhole }) {
            found.lastUsed = issued
            return RememberedRectsDrawing(drawing: drawing, size: size, kept: found, owner: self, fills: false)
        }
        return RememberedRectsDrawing(drawing: drawing, size: size, kept: Kept(key: key, rects: rects, number: issued), owner: self, fills: true)
    }

    /// Lists `made` among the kept, at its drawing's first band over I420:
    /// in place of one from the same key and rectangles, and of the one used
    /// longest ago when full (a drawing still filling that keeps it alive; it is only no longer found).
    fileprivate func list(_ made: Kept) {
        lock.lock()
        defer { lock.unlock() }
        guard !made.listed else { return }
        made.listed = true
        kept.removeAll { $0.key == made.key && $0.rects == made.rects }
        if kept.count >= capacity, let oldest = kept.indices.min(by: { kept[$0].lastUsed < kept[$1].lastUsed }) {
            kept.remove(at: oldest)
        }
        kept.append(made)
    }

    /// The drawings kept now (tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return kept.count
    }

    fileprivate func wrote(_ band: Range<Int>, into kept: Kept) {
        lock.lock()
        kept.markWritten(band)
        lock.unlock()
    }
}

/// A drawing through `RememberedRects`: each band draws its rows into the
/// frame and keeps what it wrote over the rectangles, or copies the kept samples there.
private struct RememberedRectsDrawing<Key: Equatable & Sendable>: HostDrawing {
    let drawing: any HostDrawing
    let size: FrameSize
    let kept: RememberedRects<Key>.Kept
    let owner: RememberedRects<Key>
    let fills: Bool

    var rows: Range<Int> { drawing.rows }
    var writtenWhole: [PixelRect] { drawing.writtenWhole }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        drawing.draw(into: pixels, rows: band)
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        if fills {
            owner.list(kept)
            drawing.drawYUV420(into: planes, rows: band)
        }
        let (width, chromaWidth) = (size.width, size.width / 2)
        let chromaPlane = width * size.height, chromaPart = chromaWidth * (size.height / 2)
        let chromaBase = kept.lumaCount
        for (index, rect) in kept.rects.enumerated() {
            let (top, bottom) = (max(rect.y, band.lowerBound), min(rect.y + rect.height, band.upperBound))
            guard top < bottom else { continue }
            let rows = top..<bottom
            for y in rows {
                let frame = planes + y * width + rect.x
                let stored = kept.bytes + kept.lumaStarts[index] + (y - rect.y) * rect.width
                fills ? stored.update(from: frame, count: rect.width) : frame.update(from: stored, count: rect.width)
            }
            // The rectangle's chroma rows within the band (its rows start and end on even rows, and so do the band's but for a frame's last).
            for y in stride(from: rows.lowerBound + (rows.lowerBound & 1), to: rows.upperBound - 1, by: 2) {
                for part in 0..<2 {
                    let frame = planes + chromaPlane + part * chromaPart + (y / 2) * chromaWidth + rect.x / 2
                    let stored = kept.bytes + chromaBase + part * kept.chromaCount + kept.chromaStarts[index]
                        + ((y - rect.y) / 2) * (rect.width / 2)
                    fills ? stored.update(from: frame, count: rect.width / 2) : frame.update(from: stored, count: rect.width / 2)
                }
            }
        }
        if fills { owner.wrote(band, into: kept) }
    }
}
