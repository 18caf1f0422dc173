import CallshadeCore
import Dispatch
import Foundation

/// Makes full-size frames on the CPU from the low-resolution gradient (read
/// back as floats), by the same bilinear interpolation the GRADIENT_LOOKUP
/// programs do: as RGBA, or straight as I420 planes; the whole frame, or
/// rectangles from a window of another grid (one of the grid's other outputs).
///
/// For software rasterisers: there every fragment of a full-screen pass costs
/// the same fixed overhead, and these specialised loops over rows are several
/// times cheaper (`callshade bench` measures both). A GPU keeps the pass.
struct GridUpscaler {
    let size: FrameSize
    let grid: LowResolutionGrid
    let columns: GridAxis
    let rows: GridAxis
    /// Where I420's chroma samples fall (the middle of each 2x2 block).
    let chromaColumns: GridAxis
    let chromaRows: GridAxis
    /// The cores to split work over (the compositor's count, asked of the system once).
    let cores: Int

    init(size: FrameSize, grid: LowResolutionGrid, cores: Int) {
        self.size = size
        self.grid = grid
        self.cores = max(1, cores)
        columns = GridAxis(count: size.width, span: 1, pixels: size.width, inner: grid.innerWidth)
        rows = GridAxis(count: size.height, span: 1, pixels: size.height, inner: grid.innerHeight)
        chromaColumns = GridAxis(count: size.width / 2, span: 2, pixels: size.width, inner: grid.innerWidth)
        chromaRows = GridAxis(count: size.height / 2, span: 2, pixels: size.height, inner: grid.innerHeight)
    }

    /// Fills `output` with the frame's background (width x height RGBA8, rows
    /// top to bottom) from `planes` (R, G, B levels), bands of rows split over the cores.
    func fillRGBA(_ output: UnsafeMutablePointer<UInt8>, from planes: GridPlanes, dither: Bool) {
        let target = SendablePointer(address: output)
        let allTexels = PixelRect(x: 0, y: 0, width: planes.width, height: planes.height)
        inBands(rows: size.height) { band in
            fillRGBA(PixelRect(x: 0, y: band.lowerBound, width: size.width, height: band.count), from: planes, window: allTexels,
                     dither: dither, into: target.address)
        }
    }

    /// Fills `output` (the frame's I420 planes: Y, then Cb, then Cr; even size)
    /// from `planes` (Y, Cb, Cr levels), bands of row pairs split over the
    /// cores; all of it but `hole` (even corner and size), which the caller fills.
    /// `hidden` (even edges, none overlapping) is left unfilled too.
    func fillYUV420(_ output: UnsafeMutablePointer<UInt8>, from planes: GridPlanes, leaving hole: PixelRect? = nil, hidden: [PixelRect] = []) {
        let target = SendablePointer(address: output)
        let allTexels = PixelRect(x: 0, y: 0, width: planes.width, height: planes.height)
        let hole = hole.map { $0.intersection(PixelRect(x: 0, y: 0, width: size.width, height: size.height)) } ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        let hidden = hidden.filter { !$0.isEmpty }
        inBands(rows: size.height / 2) { band in
            let rows = band.lowerBound * 2..<band.upperBound * 2
            let holeStart = min(max(rows.lowerBound, hole.y), rows.upperBound)
            let holeRows = holeStart..<max(min(rows.upperBound, hole.y + hole.height), holeStart)
            func fill(_ rows: Range<Int>, from x: Int, to end: Int) {
                guard !rows.isEmpty, x < end else { return }
                for (piece, cuts) in Self.rows(rows, cutBy: hidden) {
                    // Between the hidden columns (within x..<end).
                    var start = x
                    for cut in cuts + [end..<end] {
                        let run = start..<max(start, min(end, cut.lowerBound))
                        if !run.isEmpty {
                            fillYUV420(PixelRect(x: run.lowerBound, y: piece.lowerBound, width: run.count, height: piece.count), from: planes,
                                       window: allTexels, into: target.address)
                        }
                        start = max(start, cut.upperBound)
                        if start >= end { break }
                    }
                }
            }
            guard !hole.isEmpty, !holeRows.isEmpty else { return fill(rows, from: 0, to: size.width) }
            fill(rows.lowerBound..<holeRows.lowerBound, from: 0, to: size.width)
            fill(holeRows, from: 0, to: hole.x)
            fill(holeRows, from: hole.x + hole.width, to: size.width)
            fill(holeRows.upperBound..<rows.upperBound, from: 0, to: size.width)
        }
    }

    /// `rows` in pieces, in order, each with the columns of the rectangles
    /// of `hidden` (none overlapping) that span all its rows, in order
    /// along the row: a piece ends wherever a rectangle starts or ends.
    static func rows(_ rows: Range<Int>, cutBy hidden: [PixelRect]) -> [(rows: Range<Int>, columns: [Range<Int>])] {
        let crossing = hidden.filter { !$0.isEmpty && $0.y < rows.upperBound && $0.y + $0.height > rows.lowerBound }
        var edges = [rows.lowerBound, rows.upperBound]
        for rect in crossing {
            for edge in [rect.y, rect.y + rect.height] where edge > rows.lowerBound && edge < rows.upperBound { edges.append(edge) }
        }
        edges = Array(Set(edges)).sorted()
        return zip(edges, edges.dropFirst()).map { top, bottom in
            let columns = crossing.filter { $0.y <= top && $0.y + $0.height >= bottom }
                .map { $0.x..<$0.x + $0.width }.sorted { $0.lowerBound < $1.lowerBound }
            return (top..<bottom, columns)
        }
    }

    /// The texels (a rectangle of the grid's texture) that the pixels of
    /// `rect` and its I420 chroma samples interpolate between.
    func window(covering rect: PixelRect) -> PixelRect {
        let x = columns.texels(for: rect.x..<rect.x + rect.width)
        let y = rows.texels(for: rect.y..<rect.y + rect.height)
        return PixelRect(x: Int(x.lowerBound), y: Int(y.lowerBound), width: x.count, height: y.count)
    }

    /// Fills `rect` of an RGBA frame (`output`, width x height) from
    /// `planes` (R, G, B levels of texels `window`: all of the grid's, or a
    /// part holding `window(covering:)` of `rect`), dithered or not.
    func fillRGBA(_ rect: PixelRect, from planes: GridPlanes, window: PixelRect, dither: Bool,
                  into output: UnsafeMutablePointer<UInt8>) {
        let widened = WidenedRows(width: rect.width, channels: 3)
        let columns = self.columns.slice(rect.x..<rect.x + rect.width, firstTexel: Int32(window.x))
        let bias = UnsafeMutablePointer<Float>.allocate(capacity: rect.width)
        defer { bias.deallocate() }
        bias.initialize(repeating: 0, count: rect.width)
        planes.levels.withUnsafeBufferPointer { levels in
            guard let levels = levels.baseAddress else { return }
            for row in rect.y..<rect.y + rect.height {
                let sample = rows.samples[row]
                widened.widen(texelRow: sample.texel - Int32(window.y), of: levels, gridWidth: planes.width, gridHeight: planes.height,
                              columns: columns)
                if dither {
                    for column in 0..<rect.width { bias[column] = Float(OrderedDither.offset(x: rect.x + column, y: row) * 255) }
                }
                LevelBlend.rgba(widened, weight: sample.weight, bias: bias, columns: 0..<rect.width,
                                into: output + (row * size.width + rect.x) * 4)
            }
        }
    }

    /// Fills `rect` (even corner and size) of I420 planes (`output`, as
    /// `fillYUV420`'s) from `planes` (Y, Cb, Cr levels of texels `window`, as
    /// for `fillRGBA(_:from:window:dither:into:)`).
    func fillYUV420(_ rect: PixelRect, from planes: GridPlanes, window: PixelRect, into output: UnsafeMutablePointer<UInt8>) {
        let width = size.width
        let chromaWidth = width / 2
        let cbStart = width * size.height
        let crStart = cbStart + chromaWidth * (size.height / 2)
        let planeSize = planes.width * planes.height
        planes.levels.withUnsafeBufferPointer { levels in
            guard let levels = levels.baseAddress else { return }
            let luma = WidenedRows(width: rect.width, channels: 1)
            let lumaColumns = columns.slice(rect.x..<rect.x + rect.width, firstTexel: Int32(window.x))
            for row in rect.y..<rect.y + rect.height {
                let sample = rows.samples[row]
                luma.widen(texelRow: sample.texel - Int32(window.y), of: levels, gridWidth: planes.width, gridHeight: planes.height, columns: lumaColumns)
                LevelBlend.bytes(luma, channel: 0, weight: sample.weight, into: output + row * width + rect.x)
            }
            let chroma = WidenedRows(width: rect.width / 2, channels: 2)
            let chromaColumns = self.chromaColumns.slice(rect.x / 2..<(rect.x + rect.width) / 2, firstTexel: Int32(window.x))
            for row in rect.y / 2..<(rect.y + rect.height) / 2 {
                let sample = chromaRows.samples[row]
                chroma.widen(texelRow: sample.texel - Int32(window.y), of: levels + planeSize, gridWidth: planes.width, gridHeight: planes.height,
                             columns: chromaColumns)
                LevelBlend.bytes(chroma, channel: 0, weight: sample.weight, into: output + cbStart + row * chromaWidth + rect.x / 2)
                LevelBlend.bytes(chroma, channel: 1, weight: sample.weight, into: output + crStart + row * chromaWidth + rect.x / 2)
            }
        }
    }

    /// Runs `body` on contiguous bands of `0..<rows`, several a core, in parallel.
    func inBands(rows: Int, _ body: @Sendable (Range<Int>) -> Void) {
        Self.inBands(rows: rows, cores: cores, body)
    }

    /// Runs `body` on contiguous bands of `0..<rows`, four for each of `cores`, in parallel.
    static func inBands(rows: Int, cores: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard rows > 0 else { return }
        let bands = min(rows, max(1, cores) * 4)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            body(band * rows / bands ..< (band + 1) * rows / bands)
        }
    }
}
