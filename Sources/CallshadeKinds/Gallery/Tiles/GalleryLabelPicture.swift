import CallshadeCore
import Foundation

/// A video's duration label as coverages about its tile's bottom-right
/// corner (`gallery.md` section 3): the glyphs as the text setter placed
/// them (each pen position snapped to a whole pixel, its picture read from
/// the atlas), and the shadow, black at 0.4 of the glyphs blurred by a
/// Gaussian of σ 2 pt, no offset. The box is ceil(advance) x ceil(ascender
/// + descender) points, its right and bottom edges 6 pt inside the tile's,
/// the baseline the ascender below its top.
struct GalleryLabelPicture {
    /// Where the picture's top-left pixel lies from the tile's bottom-right corner, pixels (negative: left and up).
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// The glyphs' coverage and the shadow's alpha, row by row.
    let glyphs: [Double]
    let shadow: [Double]

    init(line: TextLine, atlas: GlyphAtlas, scale: Double) {
        let inset = GalleryVideoMarks.inset * scale
        let boxWidth = (line.width / scale - 1e-9).rounded(.up) * scale
        let boxHeight = ((line.ascent + line.descent) / scale - 1e-9).rounded(.up) * scale
        let penX = -inset - boxWidth, baseline = -inset - boxHeight + line.ascent
        // Each glyph's picture: its corner in pixels from the tile's corner, and its size.
        let placed = line.glyphs.map { glyph in
            let x = (penX + glyph.penX + 0.5).rounded(.down) + Double(glyph.image.left) * line.texelSize
            let y = (baseline + glyph.penY + 0.5).rounded(.down) + Double(glyph.image.top) * line.texelSize
            return (glyph.image, x, y, Double(glyph.image.width) * line.texelSize, Double(glyph.image.height) * line.texelSize)
        }
        let reach = Int((3 * GalleryVideoMarks.shadowSigma * scale).rounded(.up)) + 1
        let inkLeft = placed.map { $0.1 }.min() ?? penX, inkTop = placed.map { $0.2 }.min() ?? baseline
        let inkRight = placed.map { $0.1 + $0.3 }.max() ?? penX, inkBottom = placed.map { $0.2 + $0.4 }.max() ?? baseline
        left = Int(inkLeft.rounded(.down)) - reach
        top = Int(inkTop.rounded(.down)) - reach
        width = Int(inkRight.rounded(.up)) + reach - left
        height = Int(inkBottom.rounded(.up)) + reach - top
        var glyphs = [Double](repeating: 0, count: width * height)
        for (image, x, y, w, h) in placed {
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            for row in max(y0, top)..<min(Int((y + h).rounded(.up)), top + height) {
                for column in max(x0, left)..<min(Int((x + w).rounded(.up)), left + width) {
                    let coverage = atlas.coverage(atX: Double(image.x) + (Double(column) + 0.5 - x) / line.texelSize,
                                                  y: Double(image.y) + (Double(row) + 0.5 - y) / line.texelSize)
                    let at = (row - top) * width + column - left
                    // Overlapping glyphs join as coverages do: a + b - ab.
                    glyphs[at] += coverage - glyphs[at] * coverage
                }
            }
        }
        self.glyphs = glyphs
        shadow = SeparableGaussian(sigma: GalleryVideoMarks.shadowSigma * scale)
            .blurred(glyphs, width: width, height: height, channels: 1, clampsAtEdges: false)
            .map { GalleryVideoMarks.shadowAlpha * min(max($0, 0), 1) }
    }
}
