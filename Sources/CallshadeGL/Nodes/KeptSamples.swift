import CallshadeCore
import Foundation

/// What a host drawing's kept samples are known by (with its rectangles,
/// its frame's size and the format, `KeptSamplesKey`): everything the
/// samples it writes there depend on.
protocol DrawnKey: Equatable, Sendable {
    /// The reuse store's shelf for them.
    static var shelf: String { get }
}

/// The samples a host drawing wrote over rectangles it writes whole
/// without reading what is below (a video's straight rows, the chat's
/// wallpaper), in one format: each rectangle's rows one after another (RGBA:
/// 4 bytes a pixel; I420: its luma rows, then its Cb rows, then its Cr
/// rows). Kept in the reuse store from a drawing's first band, and copied by
/// a later drawing from an equal key only once every row has been written
/// (a drawing whose bands did not all run is never copied). Its bytes are
/// written by one drawing's bands, each its own rows; which rows are
/// written is guarded by its own lock.
final class KeptSamples: @unchecked Sendable {
    enum Format: Hashable, Sendable {
        case rgba
        case yuv420
    }

    let format: Format
    let rects: [PixelRect]
    /// Where each rectangle's luma (or RGBA) rows, and its chroma rows (in each chroma part), start.
    private let lumaStarts: [Int]
    private let chromaStarts: [Int]
    private let lumaCount: Int
    private let chromaCount: Int
    let bytes: UnsafeMutablePointer<UInt8>
    let byteCount: Int
    private let lock = NSLock()
    /// Which of the rectangles' rows (in turn) have been written, and how many.
    private var rowWritten: [Bool]
    private var written = 0

    init(rects: [PixelRect], format: Format) {
        self.format = format
        self.rects = rects
        var (luma, chroma) = (0, 0)
        var (lumaStarts, chromaStarts) = ([Int](), [Int]())
        let pixelBytes = format == .rgba ? 4 : 1
        for rect in rects {
            lumaStarts.append(luma)
            chromaStarts.append(chroma)
            luma += rect.width * rect.height * pixelBytes
            if format == .yuv420 { chroma += (rect.width / 2) * (rect.height / 2) }
        }
        self.lumaStarts = lumaStarts
        self.chromaStarts = chromaStarts
        lumaCount = luma
        chromaCount = chroma
        byteCount = luma + 2 * chroma
        bytes = .allocate(capacity: max(byteCount, 1))
        rowWritten = [Bool](repeating: false, count: rects.reduce(0) { $0 + $1.height })
    }

    deinit { bytes.deallocate() }

    var isWhole: Bool {
        lock.lock()
        defer { lock.unlock() }
        return written == rowWritten.count
    }

    /// Marks the rectangles' rows within `band` written (a row written twice counts once).
    private func markWritten(_ band: Range<Int>) {
        lock.lock()
        defer { lock.unlock() }
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

    /// Copies the rectangles' samples within `band` between these and a
    /// frame of `size` (`keeping`: from the frame into these, then marks them written).
    fileprivate func copy(_ frame: UnsafeMutablePointer<UInt8>, rows band: Range<Int>, size: FrameSize, keeping: Bool) {
        let pixelBytes = format == .rgba ? 4 : 1
        let rowBytes = size.width * pixelBytes
        let (chromaWidth, chromaPlane, chromaPart) = (size.width / 2, size.width * size.height, (size.width / 2) * (size.height / 2))
        for (index, rect) in rects.enumerated() {
            let (top, bottom) = (max(rect.y, band.lowerBound), min(rect.y + rect.height, band.upperBound))
            guard top < bottom else { continue }
            for y in top..<bottom {
                let inFrame = frame + y * rowBytes + rect.x * pixelBytes
                let kept = bytes + lumaStarts[index] + (y - rect.y) * rect.width * pixelBytes
                keeping ? kept.update(from: inFrame, count: rect.width * pixelBytes) : inFrame.update(from: kept, count: rect.width * pixelBytes)
            }
            guard format == .yuv420 else { continue }
            // The rectangle's chroma rows within the band (its rows start and end on even rows, and so do the band's but for a frame's last).
            for y in stride(from: top + (top & 1), to: bottom - 1, by: 2) {
                for part in 0..<2 {
                    let inFrame = frame + chromaPlane + part * chromaPart + (y / 2) * chromaWidth + rect.x / 2
                    let kept = bytes + lumaCount + part * chromaCount + chromaStarts[index] + ((y - rect.y) / 2) * (rect.width / 2)
                    keeping ? kept.update(from: inFrame, count: rect.width / 2) : inFrame.update(from: kept, count: rect.width / 2)
                }
            }
        }
        if keeping { markWritten(band) }
    }
}

/// What a drawing's samples in one format are kept by.
struct KeptSamplesKey<Drawn: DrawnKey>: ReuseKey {
    typealias Value = KeptSamples
    static var shelf: String { Drawn.shelf }
    let drawn: Drawn
    let rects: [PixelRect]
    let size: FrameSize
    let format: KeptSamples.Format

    static func == (left: Self, right: Self) -> Bool {
        left.format == right.format && left.size == right.size && left.rects == right.rects && left.drawn == right.drawn
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(size)
        hasher.combine(rects.count)
    }
}

extension ReuseStore {
    /// `drawing`, drawn from `key` in a frame of `size`, which writes every
    /// sample of `rgba`'s rectangles and nothing else when drawn over RGBA,
    /// and of `yuv`'s (even edges) over I420, without reading them (nil:
    /// none kept in that format; none overlapping): through the samples kept for them. Whether
    /// to copy is decided now (serially, before its bands run).
    func drawing<Drawn: DrawnKey>(_ drawing: any HostDrawing, rgba: [PixelRect]? = nil, yuv: [PixelRect]? = nil, key: Drawn,
                                  size: FrameSize) -> any HostDrawing {
        func samples(_ rects: [PixelRect]?, _ format: KeptSamples.Format) -> KeptSamplesDrawing<Drawn>.Samples? {
            guard let rects, !rects.isEmpty else { return nil }
            let sampleKey = KeptSamplesKey(drawn: key, rects: rects, size: size, format: format)
            if let found = kept(sampleKey), found.isWhole { return .copied(found) }
            return .filling(KeptSamples(rects: rects, format: format), sampleKey)
        }
        return KeptSamplesDrawing(drawing: drawing, size: size, store: self, rgba: samples(rgba, .rgba), yuv: samples(yuv, .yuv420))
    }
}

/// A drawing through kept samples: in each format, each band draws its rows
/// into the frame and keeps what it wrote over the rectangles, or copies the
/// kept samples there.
private struct KeptSamplesDrawing<Drawn: DrawnKey>: HostDrawing {
    enum Samples {
        case copied(KeptSamples)
        case filling(KeptSamples, KeptSamplesKey<Drawn>)
    }

    let drawing: any HostDrawing
    let size: FrameSize
    let store: ReuseStore
    let rgba: Samples?
    let yuv: Samples?

    var rows: Range<Int> { drawing.rows }
    var writtenWhole: [PixelRect] { drawing.writtenWhole }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        through(rgba, pixels, band) { drawing.draw(into: pixels, rows: band) }
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        through(yuv, planes, band) { drawing.drawYUV420(into: planes, rows: band) }
    }

    private func through(_ samples: Samples?, _ frame: UnsafeMutablePointer<UInt8>, _ band: Range<Int>, draw: () -> Void) {
        switch samples {
        case nil:
            draw()
        case .copied(let kept):
            // It writes nothing in this format but the rectangles: the kept samples are all of it.
            kept.copy(frame, rows: band, size: size, keeping: false)
        case .filling(let kept, let key):
            // Kept from its first band on (again at each: the same value), found by the next frame's drawing once whole.
            store.keep(key, kept, bytes: kept.byteCount)
            draw()
            kept.copy(frame, rows: band, size: size, keeping: true)
        }
    }
}
