import CallshadeCore
import CFreeType
import Foundation

/// Text drawn with FreeType from a TrueType font, into RGBA images.
public final class TextRenderer {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noFont(searched: [String])
        case freetype(call: String, code: Int32, detail: String)

        public var description: String {
            switch self {
            case .noFont(let searched):
                return "no font found (looked for \(searched.joined(separator: ", "))); install fonts-dejavu-core (Scripts/bootstrap does)"
            case .freetype(let call, let code, let detail):
                return "\(call) failed with FreeType error \(code)" + (detail.isEmpty ? "" : ": \(detail)")
            }
        }
    }

    /// Fonts tried in order when none is named.
    public static let defaultFonts = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    ]

    private var library: FT_Library?
    private var face: FT_Face?
    public let pixelHeight: Int

    /// A renderer for the first font of `candidates` that exists, at `pixelHeight` pixels.
    public init(pixelHeight: Int, candidates: [String] = TextRenderer.defaultFonts) throws {
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw Failure.noFont(searched: candidates)
        }
        self.pixelHeight = max(pixelHeight, 4)
        var library: FT_Library?
        let initialised = FT_Init_FreeType(&library)
        guard initialised == 0, let library else { throw Failure.freetype(call: "FT_Init_FreeType", code: initialised, detail: "") }
        self.library = library
        var face: FT_Face?
        let opened = FT_New_Face(library, path, 0, &face)
        guard opened == 0, let face else {
            FT_Done_FreeType(library)
            self.library = nil
            throw Failure.freetype(call: "FT_New_Face", code: opened, detail: path)
        }
        self.face = face
        let sized = FT_Set_Pixel_Sizes(face, 0, FT_UInt(self.pixelHeight))
        guard sized == 0 else { throw Failure.freetype(call: "FT_Set_Pixel_Sizes", code: sized, detail: path) }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The advance width of `text` in pixels.
    public func width(of text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            guard let face, FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_DEFAULT)) == 0,
                  let glyph = face.pointee.glyph else { continue }
            total += Int(glyph.pointee.advance.x >> 6)
        }
        return total
    }

    /// Draws `text` with its left end at `x` and its baseline at `baseline`, in `color`, over what is there.
    public func draw(_ text: String, into image: inout RGBAImage, x: Int, baseline: Int, color: (UInt8, UInt8, UInt8)) {
        var pen = x
        for scalar in text.unicodeScalars {
            guard let face, FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER)) == 0,
                  let glyph = face.pointee.glyph else { continue }
            let bitmap = glyph.pointee.bitmap
            let left = pen + Int(glyph.pointee.bitmap_left)
            let top = baseline - Int(glyph.pointee.bitmap_top)
            if let buffer = bitmap.buffer {
                for row in 0..<Int(bitmap.rows) {
                    for column in 0..<Int(bitmap.width) {
                        let coverage = Double(buffer[row * Int(bitmap.pitch) + column]) / 255
                        image.blend(x: left + column, y: top + row, color: color, coverage: coverage)
                    }
                }
            }
            pen += Int(glyph.pointee.advance.x >> 6)
        }
    }

    /// Draws `text` centred on `centreX`.
    public func drawCentred(_ text: String, into image: inout RGBAImage, centreX: Int, baseline: Int, color: (UInt8, UInt8, UInt8)) {
        draw(text, into: &image, x: centreX - width(of: text) / 2, baseline: baseline, color: color)
    }
}

extension RGBAImage {
    /// Mixes `color` over the pixel at (x, y) by `coverage` (0...1), if it is inside.
    mutating func blend(x: Int, y: Int, color: (UInt8, UInt8, UInt8), coverage: Double) {
        guard x >= 0, x < width, y >= 0, y < height, coverage > 0 else { return }
        let at = (y * width + x) * 4
        func mixed(_ channel: Int, _ target: UInt8) -> UInt8 {
            let value = Double(pixels[at + channel]) * (1 - coverage) + Double(target) * coverage
            return UInt8(min(max(value.rounded(), 0), 255))
        }
        setPixel(x: x, y: y, (mixed(0, color.0), mixed(1, color.1), mixed(2, color.2), 255))
    }

    /// Copies `other` in with its top-left corner at (x, y), over a white backing where it is transparent.
    mutating func paste(_ other: RGBAImage, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for column in 0..<other.width where x + column >= 0 && x + column < width {
                let from = (row * other.width + column) * 4
                let alpha = Double(other.pixels[from + 3]) / 255
                func over(_ channel: Int) -> UInt8 {
                    UInt8((Double(other.pixels[from + channel]) * alpha + 255 * (1 - alpha)).rounded())
                }
                setPixel(x: x + column, y: y + row, (over(0), over(1), over(2), 255))
            }
        }
    }
}
