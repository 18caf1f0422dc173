import CallshadeCore
import CallshadeText
import Foundation

/// Text drawn with FreeType (`FreeTypeFace`) from a TrueType font, into RGBA images.
public final class TextRenderer {
    public typealias Failure = TextFailure

    /// Fonts tried in order when none is named.
    public static let defaultFonts = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    ]

    private let face: FreeTypeFace
    public let pixelHeight: Int

    /// A renderer for the first font of `candidates` that exists, at `pixelHeight` pixels.
    public init(pixelHeight: Int, candidates: [String] = TextRenderer.defaultFonts) throws {
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw Failure.noFont(searched: candidates)
        }
        self.pixelHeight = max(pixelHeight, 4)
        face = try FreeTypeFace(path: path, pixelHeight: self.pixelHeight)
    }

    /// The advance width of `text` in pixels; a character the font cannot
    /// load takes no room, as it is not drawn.
    public func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in total + ((try? face.glyph(scalar, rendered: false))?.advance ?? 0) }
    }

    /// Draws `text` with its left end at `x` and its baseline at `baseline`,
    /// in `color`, over what is there. A character the font cannot load is
    /// left out: a label missing a letter is still a label.
    public func draw(_ text: String, into image: inout RGBAImage, x: Int, baseline: Int, color: (UInt8, UInt8, UInt8)) {
        var pen = x
        for scalar in text.unicodeScalars {
            guard let glyph = try? face.glyph(scalar, rendered: true) else { continue }
            let left = pen + glyph.left
            let top = baseline - glyph.top
            for row in 0..<glyph.rows {
                for column in 0..<glyph.width {
                    let coverage = Double(glyph.coverage[row * glyph.width + column]) / 255
                    image.blend(x: left + column, y: top + row, color: color, coverage: coverage)
                }
            }
            pen += glyph.advance
        }
    }

    /// Draws `text` centred on `centreX`.
    public func drawCentred(_ text: String, into image: inout RGBAImage, centreX: Int, baseline: Int, color: (UInt8, UInt8, UInt8)) {
        draw(text, into: &image, x: centreX - width(of: text) / 2, baseline: baseline, color: color)
    }
}

extension RGBAImage {
    /// Mixes `color` over the pixel at (x, y) by `coverage` (0...1), if it is inside.
    package mutating func blend(x: Int, y: Int, color: (UInt8, UInt8, UInt8), coverage: Double) {
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
