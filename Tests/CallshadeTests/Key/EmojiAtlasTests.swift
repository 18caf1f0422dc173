import CallshadeCore
import CallshadeText
import XCTest

/// Colour emoji from Noto Color Emoji: FreeType's colour bitmaps, scaled to
/// the size, premultiplied, in the atlas's colour page.
final class EmojiAtlasTests: XCTestCase {
    /// Four emoji (one a flag, one a keycap sequence) at 15 pt and 40 pt on a
    /// frame of 3 pixels a point: one colour picture each, about an em tall.
    func testTheKeysEmojiAreColourPicturesOfTheirSize() throws {
        let key = "🍎🐸🇫🇷1️⃣"
        for points in [15.0, 40.0] {
            let style = TextStyle(.emoji, points)
            let setter = try TextSetter(scale: 3, texts: [style: [key]])
            let line = setter.line(key, style: style)
            XCTAssertEqual(line.missing, [], "\(points) pt")
            XCTAssertEqual(line.glyphs.count, 4, "\(points) pt: one glyph an emoji")
            XCTAssertTrue(line.glyphs.allSatisfy(\.image.colour), "\(points) pt")
            let atlas = setter.atlas
            XCTAssertGreaterThan(atlas.colourWidth, 0)
            XCTAssertEqual(atlas.colour.count, atlas.colourWidth * atlas.colourHeight * 4)
            let em = points * 3
            for glyph in line.glyphs {
                // Noto's pictures are 136 x 128 texels at 109 an em (about 1.25 x 1.17 em), cropped to their ink.
                XCTAssertLessThanOrEqual(Double(glyph.image.width - 2), 136 * em / 109 + 1, "\(points) pt")
                XCTAssertGreaterThan(Double(glyph.image.width - 2), 0.8 * 136 * em / 109, "\(points) pt")
                XCTAssertLessThanOrEqual(Double(glyph.image.height - 2), 128 * em / 109 + 1, "\(points) pt")
                XCTAssertGreaterThan(Double(glyph.image.height - 2), 0.6 * 128 * em / 109, "\(points) pt")
            }
            // The apple is mostly red, the frog yellow-green (Noto's); premultiplied (no channel above alpha); the border empty.
            func mean(_ image: GlyphImage) -> (red: Double, green: Double, blue: Double, alpha: Double) {
                var sum = (0.0, 0.0, 0.0, 0.0), above = 0
                for y in image.y..<image.y + image.height {
                    for x in image.x..<image.x + image.width {
                        let at = (y * atlas.colourWidth + x) * 4
                        let texel = (0..<4).map { Double(atlas.colour[at + $0]) }
                        if texel[0] > texel[3] || texel[1] > texel[3] || texel[2] > texel[3] { above += 1 }
                        let border = x == image.x || y == image.y || x == image.x + image.width - 1 || y == image.y + image.height - 1
                        if border { XCTAssertEqual(texel[3], 0, "border at \(x), \(y)") }
                        sum = (sum.0 + texel[0], sum.1 + texel[1], sum.2 + texel[2], sum.3 + texel[3])
                    }
                }
                XCTAssertEqual(above, 0, "premultiplied")
                let count = Double(image.width * image.height)
                return (sum.0 / count, sum.1 / count, sum.2 / count, sum.3 / count)
            }
            let apple = mean(line.glyphs[0].image), frog = mean(line.glyphs[1].image)
            XCTAssertGreaterThan(apple.red, 2 * apple.green, "\(points) pt apple \(apple)")
            XCTAssertGreaterThan(frog.green, 3 * frog.blue, "\(points) pt frog \(frog)")
            XCTAssertGreaterThanOrEqual(frog.green, frog.red, "\(points) pt frog \(frog)")
            XCTAssertGreaterThan(apple.alpha, 60, "\(points) pt: the apple covers much of its box")
            // Bilinear sampling of the colour page at a picture's centre gives what lies there.
            let image = line.glyphs[0].image
            let centre = atlas.colour(atX: Double(image.x) + Double(image.width) / 2, y: Double(image.y) + Double(image.height) / 2)
            XCTAssertGreaterThan(centre.alpha, 0.9)
            XCTAssertGreaterThan(centre.red, centre.green)
        }
    }

    func testResamplingKeepsAFlatPictureFlatAndItsMean() {
        let flat = [UInt8](repeating: 0, count: 10 * 8 * 4).enumerated().map { [200, 100, 50, 255][$0.offset % 4] as UInt8 }
        for (width, height) in [(3, 2), (10, 8), (25, 17)] {
            let resized = PictureResampling.resized(flat, width: 10, height: 8, to: width, height)
            XCTAssertEqual(resized.count, width * height * 4)
            XCTAssertTrue(resized.enumerated().allSatisfy { $0.element == [200, 100, 50, 255][$0.offset % 4] }, "\(width)x\(height)")
        }
        XCTAssertEqual(PictureResampling.resized(flat, width: 10, height: 8, to: 0, 3), [])
        XCTAssertEqual(PictureResampling.resized(flat, width: 11, height: 8, to: 3, 3), [], "bytes that do not fit")
    }
}
