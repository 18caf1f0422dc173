import CallshadeKinds
import CallshadeRender
@testable import callshade
import CallshadeCore
import CallshadeText
import XCTest

/// The check of a scenario's name and key against the fonts, run whenever a
/// scenario is read: it cannot be skipped, and a font it needs that is
/// missing is an error naming the package, not a pass.
final class ScenarioFontCheckTests: XCTestCase {
    static let keyed = Scenario(duration: 4, seed: 1, name: "Emma", key: ["🐶", "🍎", "🇫🇷", "🦊"], [(0, .state(.active))])

    func testAMissingEmojiFontRefusesTheScenarioNamingItsPackage() {
        var fonts = FontBook.debian.fonts
        fonts[.emoji] = (FontBook.FontFile(name: "Noto Color Emoji", path: "/nonexistent/NotoColorEmoji.ttf", package: "fonts-noto-color-emoji"), nil)
        XCTAssertThrowsError(try CallInput.checkFonts(Self.keyed, file: "s.json", fonts: FontBook(fonts: fonts))) { error in
            guard case Diagnostic.fonts(let message) = Diagnostic(error) else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("install fonts-noto-color-emoji"), message)
        }
        XCTAssertNoThrow(try CallInput.checkFonts(Self.keyed, file: "s.json"))
    }

    func testAKeyEmojiTheFontLacksIsRefusedNamingTheField() {
        let scenario = Scenario(duration: 4, seed: 1, name: "Emma", key: ["🐶", "🍎", "🇫🇷", "\u{0378}"], [(0, .state(.active))])
        XCTAssertThrowsError(try CallInput.checkFonts(scenario, file: "s.json")) { error in
            guard case Diagnostic.scenario(let failure) = Diagnostic(error) else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.location, "key")
            XCTAssertTrue(failure.message.contains("U+378"), failure.message)
        }
    }
}
