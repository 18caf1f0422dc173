import CallshadeCore
@testable import CallshadeText
import Foundation
import XCTest

/// Names in the world's scripts: each character set in the first face that
/// has it (Inter, then what fontconfig ranks next), runs split by script
/// and direction and put in visual order, nothing left as a box, and ink
/// kept inside the title's line box.
final class ScriptFallbackTests: XCTestCase {
    static let title = TextStyle(.regular, 28)

    /// The face fontconfig picks for each golden's name on Debian 12 with
    /// the packages Scripts/bootstrap installs.
    static let expectedFamilies: [String: String] = [
        "title-script-chinese": "Noto Sans CJK SC", "title-script-japanese": "Noto Sans CJK JP",
        "title-script-korean": "Noto Sans CJK KR", "title-script-hindi": "Noto Sans Devanagari",
        "title-script-bengali": "Noto Sans Bengali", "title-script-thai": "Noto Sans Thai",
        "title-script-arabic": "DejaVu Sans", "title-script-hebrew": "DejaVu Sans", "title-script-latin-arabic": "DejaVu Sans",
    ]

    func testEveryScriptsNameShapesWithoutAMissingGlyph() throws {
        let cases = try ScriptFixtures.goldenCases()
        XCTAssertEqual(cases.count, Self.expectedFamilies.count)
        let names = cases.map(\.title)
        let text = try TextSetter(scale: 1, texts: [Self.title: names])
        for (golden, name) in cases {
            let runs = text.shapedRuns(of: name, style: Self.title)
            XCTAssertEqual(text.line(name, style: Self.title).missing, [], name)
            XCTAssertFalse(runs.isEmpty, name)
            for (run, family, glyphs) in runs {
                XCTAssertFalse(glyphs.isEmpty, "\(name): the run \"\(run.text)\" shaped to nothing")
                XCTAssertFalse(glyphs.contains(0), "\(name): the run \"\(run.text)\" in \(family) has a .notdef glyph")
            }
            let families = Set(runs.map(\.family))
            XCTAssertTrue(families.contains(Self.expectedFamilies[golden] ?? "?"), "\(name) was set in \(families)")
        }
    }

    func testHanFollowsTheLanguageKanaAndHangulShow() throws {
        let names = ["王小明", "佐藤 さくら", "김민준"]
        let text = try TextSetter(scale: 1, texts: [Self.title: names])
        func families(_ name: String) -> [String] { text.shapedRuns(of: name, style: Self.title).map(\.family) }
        XCTAssertEqual(families("王小明"), ["Noto Sans CJK SC"])
        // The kanji of a name with kana are drawn as Japanese draws them; the space between is Inter's.
        XCTAssertEqual(families("佐藤 さくら"), ["Noto Sans CJK JP", "Inter Regular", "Noto Sans CJK JP"])
        XCTAssertEqual(families("김민준"), ["Noto Sans CJK KR"])
    }

    func testRunsAreInVisualOrderWhateverTheParagraphsDirection() throws {
        let mixed = "Anna آنا", arabicFirst = "آنا Anna", arabic = "محمد علي"
        let text = try TextSetter(scale: 1, texts: [Self.title: [mixed, arabicFirst, arabic]])
        // A left-to-right paragraph: "Anna " on the left, the Arabic word after it, set right to left.
        let left = text.shapedRuns(of: mixed, style: Self.title).map(\.run)
        XCTAssertEqual(left.map(\.text), ["Anna ", "آنا"])
        XCTAssertEqual(left.map(\.rightToLeft), [false, true])
        // A right-to-left paragraph: the Latin word is drawn first (leftmost), the Arabic one on the right.
        let right = text.shapedRuns(of: arabicFirst, style: Self.title).map(\.run)
        XCTAssertEqual(right.first?.text, "Anna")
        XCTAssertEqual(right.last?.text, "آنا")
        XCTAssertEqual(right.last?.rightToLeft, true)
        // Two Arabic words: the first word read is the rightmost one.
        let words = text.line(arabic, style: Self.title)
        let first = text.line("محمد", style: Self.title), second = text.line("علي", style: Self.title)
        XCTAssertEqual(words.missing, [])
        XCTAssertGreaterThan(words.width, first.width + second.width)
        XCTAssertEqual(words.glyphs.suffix(first.glyphs.count).map(\.image), first.glyphs.map(\.image), "محمد ends the line on the right")
        XCTAssertEqual(words.glyphs.prefix(second.glyphs.count).map(\.image), second.glyphs.map(\.image), "علي begins it on the left")
    }

    func testCharactersNoInstalledFontHasAreFound() throws {
        // U+F0000: private use, plane 15; U+0378: unassigned.
        XCTAssertEqual(try TextSetter.uncoveredCharacters(in: "Emma \u{F0000} \u{0378}", font: .regular), ["\u{F0000}", "\u{0378}"])
        for (_, name) in try ScriptFixtures.goldenCases() {
            XCTAssertEqual(try TextSetter.uncoveredCharacters(in: name, font: .regular), [], name)
            XCTAssertEqual(try TextSetter.uncoveredCharacters(in: name, font: .semibold), [], name)
        }
        XCTAssertEqual(try TextSetter.uncoveredCharacters(in: "🙂🇫🇷👨‍👩‍👧1️⃣", font: .emoji), [])
        // The emoji font does not fall back: a letter it lacks is missing.
        XCTAssertEqual(try TextSetter.uncoveredCharacters(in: "🙂\u{0378}", font: .emoji), ["\u{0378}"])
    }

    func testAMissingEmojiFontIsAnErrorNamingItsPackage() {
        let missing = FontBook.FontFile(name: "Noto Color Emoji", path: "/nonexistent/NotoColorEmoji.ttf", package: "fonts-noto-color-emoji")
        XCTAssertThrowsError(try TextSetter.uncoveredCharacters(in: "🙂", font: .emoji, fonts: FontBook(fonts: [.emoji: (missing, nil)]))) { error in
            XCTAssertTrue("\(error)".contains("install fonts-noto-color-emoji"), "\(error)")
        }
    }

    func testInkTallerThanTheLineBoxShrinksTheLineIntoIt() throws {
        // Tibetan stacks reach far below the baseline; Latin does not leave Inter's box.
        let tibetan = "བསྒྲུབས་ཀྲྀ", latin = "Emma Walker"
        let text = try TextSetter(scale: 1, texts: [Self.title: [tibetan, latin]])
        XCTAssertEqual(text.line(latin, style: Self.title).lineBoxFit, 1)
        let line = text.line(tibetan, style: Self.title)
        XCTAssertEqual(line.missing, [])
        let fit = line.lineBoxFit
        XCTAssertLessThan(fit, 1)
        let ink = try XCTUnwrap(line.inkBounds)
        XCTAssertGreaterThan(ink.bottom, line.descent, "the stacks leave the box unscaled")
        XCTAssertLessThanOrEqual(ink.bottom * fit, line.descent + 1e-9)
        XCTAssertGreaterThanOrEqual(ink.top * fit, -line.ascent - 1e-9)
    }
}
