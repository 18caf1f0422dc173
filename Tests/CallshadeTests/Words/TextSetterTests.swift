import CallshadeCore
import CallshadeText
import Foundation
import XCTest

/// The text engine: fonts from Debian packages, HarfBuzz's shaping, the
/// fallback font, the missing-glyph box, and the atlas both renderers sample.
final class TextSetterTests: XCTestCase {
    static let style = TextStyle(.regular, 28)

    func setter(_ texts: [String]) throws -> TextSetter {
        try TextSetter(scale: 1, texts: [Self.style: texts])
    }

    func testCharactersInterLacksComeFromDejaVuAndOnesNoFontHasAreBoxes() throws {
        // U+F0000 is private use (plane 15): no Debian font maps it.
        let hebrew = "Emma \u{05E9}\u{05DC}\u{05D5}\u{05DD}", unmapped = "Emma \u{F0000}"
        let text = try setter([hebrew, unmapped, "Emma "])
        let plain = text.line("Emma ", style: Self.style)
        let fallback = text.line(hebrew, style: Self.style)
        XCTAssertEqual(fallback.missing, [], "DejaVu Sans has Hebrew")
        XCTAssertEqual(fallback.glyphs.count, plain.glyphs.count + 4)
        XCTAssertGreaterThan(fallback.width, plain.width + 28)
        let boxed = text.line(unmapped, style: Self.style)
        XCTAssertEqual(boxed.missing, ["\u{F0000}"])
        XCTAssertEqual(boxed.glyphs.count, plain.glyphs.count + 1, "the missing-glyph box is drawn")
        XCTAssertEqual(text.missingCharacters(in: "Emma", style: Self.style), [])
    }

    func testShapingKernsAndLigaturesPickIcons() throws {
        // Inter kerns "AV" closer than its letters' advances apart.
        let text = try setter(["AV", "A", "V"])
        XCTAssertLessThan(text.line("AV", style: Self.style).width,
                          text.line("A", style: Self.style).width + text.line("V", style: Self.style).width)
        // Material Icons turns a name into one glyph.
        let icons = TextStyle(.icons, 24)
        let iconSetter = try TextSetter(scale: 1, texts: [icons: ["chevron_left"]])
        XCTAssertEqual(iconSetter.line("chevron_left", style: icons).glyphs.count, 1)
    }

    func testTheSameTextGivesTheSameLineAndAtlas() throws {
        let texts = [Self.style: ["Emma Walker", "Line Busy"]]
        let a = try TextSetter(scale: 2.77, texts: texts), b = try TextSetter(scale: 2.77, texts: texts)
        XCTAssertEqual(a.atlas.coverage, b.atlas.coverage)
        XCTAssertEqual(a.line("Emma Walker", style: Self.style), b.line("Emma Walker", style: Self.style))
        // The timer's digits are always there.
        XCTAssertEqual(a.line("12:34", style: Self.style).glyphs.count, 5)
    }

    func testAMissingFontIsOneLineNamingItsPackage() {
        let missing = FontBook.FontFile(name: "Inter Regular", path: "/nonexistent/Inter-Regular.otf", package: "fonts-inter")
        let book = FontBook(fonts: [.regular: (missing, nil)])
        XCTAssertThrowsError(try TextSetter(fonts: book, scale: 1, texts: [Self.style: ["Emma"]])) { error in
            XCTAssertEqual(error as? TextFailure, .missingFont(name: "Inter Regular", path: "/nonexistent/Inter-Regular.otf", package: "fonts-inter"))
            let text = "\(error)"
            XCTAssertTrue(text.contains("install fonts-inter"), text)
            XCTAssertFalse(text.contains("\n"))
        }
    }

    func testHugeAndTinyScalesStayBounded() throws {
        // 64 pixels a point: pictures are held at 256 texels an em and drawn magnified.
        let huge = try TextSetter(scale: 64, texts: [Self.style: ["Emma Walker"]])
        let line = huge.line("Emma Walker", style: Self.style)
        XCTAssertEqual(line.texelSize, 28 * 64 / 256, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(huge.atlas.width * huge.atlas.height, 4096 * 4096)
        let tiny = try TextSetter(scale: 1.0 / 1024, texts: [Self.style: ["Emma Walker"]])
        XCTAssertTrue(tiny.line("Emma Walker", style: Self.style).width.isFinite)
    }

    func testANameWithACharacterNoInstalledFontHasIsRefused() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("s.json")
        // Private use in plane 15, and an unassigned code point.
        for (name, code) in [("Emma \u{F0000}", "U+F0000"), ("Emma \u{0378}x", "U+378")] {
            try #"{"duration": 5, "name": "\#(name)"}"#.write(to: path, atomically: true, encoding: .utf8)
            let video = folder.appendingPathComponent("out.mp4"), picture = folder.appendingPathComponent("out.png")
            for command in [["validate", path.path], ["render", path.path, "-o", video.path], ["frame", "--scenario", path.path, "-o", picture.path]] {
                let result = runInProcess(command)
                assertDiagnostic(result, "scenario.invalid", status: 1, command[0])
                XCTAssertTrue(result.standardError.contains("name: no installed font has"), result.standardError)
                XCTAssertTrue(result.standardError.contains(code), result.standardError)
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.json"], "nothing is written")
            }
        }
        for name in ["Zoë", "王小明", "สมชาย ใจดี"] {
            try #"{"duration": 5, "name": "\#(name)"}"#.write(to: path, atomically: true, encoding: .utf8)
            let result = try runCallshade(["validate", path.path])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardError, "", name)
        }
    }
}
