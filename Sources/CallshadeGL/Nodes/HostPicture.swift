import CallshadeCore
import Foundation

/// An opaque picture node the frame's size as the host draws it, lowest in
/// a drawing's frame: its colour, or its picture's values converted to
/// RGBA (alpha 255) or I420 and copied into each frame's rows. A picture
/// that comes again (a drawing's canvas with its finished strokes, kept by
/// `PictureRenderer`) is converted once (`ConvertedPicture`); one seen for
/// the first time (a canvas changing every frame: a fade, a drag, a zoom)
/// is converted band by band as it is drawn, only to the format asked,
/// by the same rows' rule, so the bytes are the same either way. What lies
/// over it is drawn after it in each band, so whole rows are drawn.
/// Dithered RGBA (`OrderedDither`, as the GPU's `dithered`) is worked out pixel by pixel.
struct HostPicture: HostDrawing {
    enum Content {
        case colour(RGB, size: FrameSize)
        case picture(ConvertedPicture)
        /// Converted as each band is drawn.
        case rows(FramePicture)
    }

    let content: Content
    var dithers = false

    private var size: (width: Int, height: Int) {
        switch content {
        case .colour(_, let size): (size.width, size.height)
        case .picture(let converted): (converted.width, converted.height)
        case .rows(let picture): (picture.width, picture.height)
        }
    }

    /// The picture's values, where it has one.
    private var values: [Float]? {
        switch content {
        case .colour: nil
        case .picture(let converted): converted.picture.pixels
        case .rows(let picture): picture.pixels
        }
    }

    var rows: Range<Int> { 0..<size.height }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let width = size.width, rowBytes = width * 4
        guard !band.isEmpty else { return }
        switch (content, dithers) {
        case (.picture(let converted), false):
            converted.rgba.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                (pixels + band.lowerBound * rowBytes).update(from: base + band.lowerBound * rowBytes, count: band.count * rowBytes)
            }
        case (.rows(let picture), false):
            picture.pixels.withUnsafeBufferPointer { ConvertedPicture.rgbaRows($0, width: width, rows: band, into: pixels) }
        case (.colour(let colour, _), false):
            let value = [Quantize.byte(colour.r), Quantize.byte(colour.g), Quantize.byte(colour.b), 255]
            for at in stride(from: band.lowerBound * rowBytes, to: band.upperBound * rowBytes, by: 4) {
                (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]) = (value[0], value[1], value[2], value[3])
            }
        case (_, true):
            let values = self.values
            for y in band {
                for x in 0..<width {
                    let colour: RGB
                    if let values {
                        let at = (y * width + x) * 4
                        colour = RGB(Double(values[at]), Double(values[at + 1]), Double(values[at + 2]))
                    } else if case .colour(let fill, _) = content {
                        colour = fill
                    } else {
                        colour = .black
                    }
                    let offset = OrderedDither.offset(x: x, y: y), at = (y * width + x) * 4
                    pixels[at] = Quantize.byte(colour.r + offset)
                    pixels[at + 1] = Quantize.byte(colour.g + offset)
                    pixels[at + 2] = Quantize.byte(colour.b + offset)
                    pixels[at + 3] = 255
                }
            }
        }
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let (width, height) = size
        guard !band.isEmpty else { return }
        // A band starts on an even row, and ends on one but at a frame's odd last row (which has no chroma of its own).
        let chromaWidth = width / 2, chromaRows = (band.lowerBound / 2)..<max(min(band.upperBound / 2, height / 2), band.lowerBound / 2)
        let lumaStart = band.lowerBound * width
        let chromaStarts = [width * height, width * height + chromaWidth * (height / 2)].map { $0 + chromaRows.lowerBound * chromaWidth }
        switch content {
        case .picture(let converted):
            converted.planes.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                (planes + lumaStart).update(from: base + lumaStart, count: band.count * width)
                for start in chromaStarts { (planes + start).update(from: base + start, count: chromaRows.count * chromaWidth) }
            }
        case .rows(let picture):
            picture.pixels.withUnsafeBufferPointer {
                ConvertedPicture.planeRows($0, width: width, height: height, lumaRows: band, chromaRows: chromaRows, into: planes)
            }
        case .colour(let colour, _):
            let (y, cb, cr) = ConvertedPicture.levels(red: Float(colour.r), green: Float(colour.g), blue: Float(colour.b))
            (planes + lumaStart).update(repeating: y, count: band.count * width)
            (planes + chromaStarts[0]).update(repeating: cb, count: chromaRows.count * chromaWidth)
            (planes + chromaStarts[1]).update(repeating: cr, count: chromaRows.count * chromaWidth)
        }
    }
}

/// An opaque picture's values as 8-bit RGBA (each value rounded, as an
/// 8-bit target does) and as I420 planes (BT.709, limited range; each luma
/// sample from its pixel, each chroma sample the mean of its 2x2 pixels',
/// as `HostShadedDrawing` mixes a fully covering node), made once; the rows'
/// rule (`rgbaRows`, `planeRows`) is the one a band converts by.
final class ConvertedPicture: Sendable {
    let picture: FramePicture
    let width: Int
    let height: Int
    let rgba: [UInt8]
    let planes: [UInt8]

    init(_ picture: FramePicture) {
        self.picture = picture
        let (width, height) = (picture.width, picture.height)
        (self.width, self.height) = (width, height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var planes = [UInt8](repeating: 0, count: YUV420.frameBytes(width: width, height: height))
        picture.pixels.withUnsafeBufferPointer { values in
            rgba.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { Self.rgbaRows(values, width: width, rows: 0..<height, into: base) } }
            planes.withUnsafeMutableBufferPointer {
                if let base = $0.baseAddress { Self.planeRows(values, width: width, height: height, lumaRows: 0..<height, chromaRows: 0..<(height / 2), into: base) }
            }
        }
        self.rgba = rgba
        self.planes = planes
    }

    /// RGBA bytes of `rows` of premultiplied-opaque `values` (a frame `width` wide), each value rounded, into a frame's bytes.
    static func rgbaRows(_ values: UnsafeBufferPointer<Float>, width: Int, rows: Range<Int>, into bytes: UnsafeMutablePointer<UInt8>) {
        for at in (rows.lowerBound * width * 4)..<(rows.upperBound * width * 4) { bytes[at] = Quantize.byte(Double(values[at])) }
    }

    /// The luma of `lumaRows` and the chroma of `chromaRows` of `values` (a
    /// frame `width` x `height`) into a frame's I420 planes: each chroma
    /// sample the sum of its 2x2 pixels' (row by row, left to right) over 4.
    static func planeRows(_ values: UnsafeBufferPointer<Float>, width: Int, height: Int, lumaRows: Range<Int>, chromaRows: Range<Int>,
                          into planes: UnsafeMutablePointer<UInt8>) {
        let (kr, kb): (Float, Float) = (0.2126, 0.0722)
        func luma(_ at: Int) -> (Float, Float, Float, Float) {
            let (red, green, blue) = (values[at], values[at + 1], values[at + 2])
            return (kr * red + (1 - kr - kb) * green + kb * blue, red, green, blue)
        }
        for y in lumaRows {
            for x in 0..<width { planes[y * width + x] = level(16 + 219 * luma((y * width + x) * 4).0) }
        }
        let chromaWidth = width / 2, cbStart = width * height, crStart = cbStart + chromaWidth * (height / 2)
        for row in chromaRows {
            for column in 0..<chromaWidth {
                var cb: Float = 0, cr: Float = 0
                for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let (value, red, _, blue) = luma(((2 * row + dy) * width + 2 * column + dx) * 4)
                    cb += 128 + 224 * (blue - value) / (2 * (1 - kb))
                    cr += 128 + 224 * (red - value) / (2 * (1 - kr))
                }
                planes[cbStart + row * chromaWidth + column] = level(cb / 4)
                planes[crStart + row * chromaWidth + column] = level(cr / 4)
            }
        }
    }

    /// One colour's Y', Cb and Cr levels.
    static func levels(red: Float, green: Float, blue: Float) -> (UInt8, UInt8, UInt8) {
        let (kr, kb): (Float, Float) = (0.2126, 0.0722)
        let luma = kr * red + (1 - kr - kb) * green + kb * blue
        return (level(16 + 219 * luma), level(128 + 224 * (blue - luma) / (2 * (1 - kb))), level(128 + 224 * (red - luma) / (2 * (1 - kr))))
    }

    /// An 8-bit level, rounded and clamped.
    private static func level(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}

/// A translucent picture node's pixels along rows (`HostShadedDrawing`
/// mixes them in): its picture's straight colour at its alpha.
struct HostPictureRows: HostRowShader {
    let picture: FramePicture

    func makeRowMemory(width: Int) {}

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: Void) {
        for index in 0..<count {
            let pixel = picture.pixel(x: x + index, y: y)
            values[index] = SIMD4(Float(pixel.color.r), Float(pixel.color.g), Float(pixel.color.b), Float(pixel.alpha))
        }
    }
}
