import CallshadeCore
import CallshadeKinds
import XCTest

final class ModelTests: XCTestCase {
    func testPalettesHoldTheSpecsColours() {
        XCTAssertEqual(Palette.blueViolet.colors.map(\.description), ["#568FD6", "#626ED5", "#A667D5", "#7664DA"])
        XCTAssertEqual(Palette.blueGreen.colors.map(\.description), ["#ACBD65", "#459F8D", "#53A4D1", "#3E917A"])
        XCTAssertEqual(Palette.orangeRed.colors.map(\.description), ["#C0508D", "#F09536", "#CE5081", "#FC7C4C"])
        XCTAssertEqual(Palette(rawValue: "blue-green"), .blueGreen)
        XCTAssertNil(Palette(rawValue: "purple"))
    }

    func testHexColoursParse() {
        XCTAssertEqual(RGB(hex: "#FF8000"), RGB(1, 128.0 / 255, 0))
        XCTAssertEqual(RGB(hex: "00ff00"), RGB(0, 1, 0))
        XCTAssertNil(RGB(hex: "#FF80"))
        XCTAssertNil(RGB(hex: "#GG0000"))
        XCTAssertNil(RGB(hex: "+12345"))
    }

    func testQuantisationRoundsToNearestAndClamps() {
        XCTAssertEqual(Quantize.byte(0), 0)
        XCTAssertEqual(Quantize.byte(1), 255)
        XCTAssertEqual(Quantize.byte(-3), 0)
        XCTAssertEqual(Quantize.byte(7), 255)
        XCTAssertEqual(Quantize.byte(.nan), 0)
        XCTAssertEqual(Quantize.byte(100.4 / 255), 100)
        XCTAssertEqual(Quantize.byte(100.6 / 255), 101)
    }

    func testSizesParse() throws {
        XCTAssertEqual(try FrameSize(parsing: "1170x2532"), FrameSize.phone)
        XCTAssertEqual(try FrameSize(parsing: "7X3").description, "7x3")
        XCTAssertEqual(try FrameSize(parsing: "1x1").pixelCount, 1)
        for bad in ["", "x", "12", "1x", "x5", "1x2x3", "abcx5", "1.5x2", " 1x2", "1x2 ", "+1x2", "１x2"] {
            XCTAssertThrowsError(try FrameSize(parsing: bad), bad) { error in
                XCTAssertEqual(error as? FrameSize.ParseError, .malformed(bad))
            }
        }
        XCTAssertEqual(try? FrameSize(parsing: "0x5"), nil)
        XCTAssertThrowsError(try FrameSize(parsing: "-3x4")) { XCTAssertEqual($0 as? FrameSize.ParseError, .notPositive("-3x4")) }
        XCTAssertThrowsError(try FrameSize(parsing: "16385x4")) {
            XCTAssertEqual($0 as? FrameSize.ParseError, .tooLarge("16385x4", limit: 16384))
        }
        XCTAssertThrowsError(try FrameSize(parsing: "99999999999999999999999x4")) {
            XCTAssertEqual($0 as? FrameSize.ParseError, .tooLarge("99999999999999999999999x4", limit: 16384))
        }
    }

    func testLayerListsParse() throws {
        XCTAssertEqual(try CallKind.elements.parseTags("background"), [.background])
        XCTAssertEqual(try CallKind.elements.parseTags("background, background"), [.background])
        XCTAssertThrowsError(try CallKind.elements.parseTags("sky")) { error in
            XCTAssertTrue("\(error)".contains("unknown layer 'sky'"))
            XCTAssertTrue("\(error)".contains("background"))
        }
        XCTAssertThrowsError(try CallKind.elements.parseTags(""))
        XCTAssertThrowsError(try CallKind.elements.parseTags("background,"))
    }

    func testHSVConversionKnownValues() {
        let orange = HSV(RGB(1, 0.5, 0))
        XCTAssertEqual(orange.h, 30.0 / 360, accuracy: 1e-12)
        XCTAssertEqual(orange.s, 1, accuracy: 1e-12)
        XCTAssertEqual(orange.v, 1, accuracy: 1e-12)
        let grey = HSV(RGB(0.4, 0.4, 0.4))
        XCTAssertEqual(grey.s, 0)
        XCTAssertEqual(grey.v, 0.4)
        let magenta = HSV(h: 300.0 / 360, s: 0.5, v: 0.8).rgb
        XCTAssertEqual(magenta.r, 0.8, accuracy: 1e-12)
        XCTAssertEqual(magenta.g, 0.4, accuracy: 1e-12)
        XCTAssertEqual(magenta.b, 0.8, accuracy: 1e-12)
        for color in Palette.allCases.flatMap(\.colors) {
            let back = HSV(color).rgb
            XCTAssertEqual(back.r, color.r, accuracy: 1e-12)
            XCTAssertEqual(back.g, color.g, accuracy: 1e-12)
            XCTAssertEqual(back.b, color.b, accuracy: 1e-12)
        }
    }

    /// With S unchanged, the tone scales the channels: what the round trip through the hexcone gives (the chat's glass tones).
    func testAToneThatKeepsSaturationScalesTheChannels() {
        let bars = Tone(brightness: 0.1, saturation: 1, overlay: RGB(0.95, 0.95, 0.95), overlayAlpha: 0.9)
        for color in [RGB(0.2, 0.6, 0.4), RGB(0.9, 0.1, 0.5), RGB(0.3, 0.3, 0.3), .black, .white] {
            var hsv = HSV(color)
            hsv.v = min(hsv.v * 0.1, 1)
            let expected = hsv.rgb + RGB(0.95, 0.95, 0.95) * 0.9
            let toned = bars.apply(to: color)
            XCTAssertEqual(toned.r, expected.r, accuracy: 1e-12)
            XCTAssertEqual(toned.g, expected.g, accuracy: 1e-12)
            XCTAssertEqual(toned.b, expected.b, accuracy: 1e-12)
        }
        // Where V would pass 1 the hexcone clamps it: the same as before.
        let bright = Tone(brightness: 1.5, saturation: 1, overlay: .black, overlayAlpha: 0)
        XCTAssertEqual(bright.apply(to: RGB(0.9, 0.3, 0.3)).r, 1, accuracy: 1e-12)
        XCTAssertEqual(bright.apply(to: RGB(0.9, 0.3, 0.3)).g, 1 / 3, accuracy: 1e-12)
    }

    func testWavesToneDarkensSaturatesAndLightens() {
        // #568FD6: V = 214/255; toned V = 0.9 V, S x 1.1, then + 0.2 white.
        let base = RGB(hex: "#568FD6")!
        let toned = Tone.waves.apply(to: base)
        XCTAssertEqual(toned.b, 0.9 * 214 / 255 + 0.2, accuracy: 1e-12)
        let s = min(1.1 * (214.0 - 86) / 214, 1)
        XCTAssertEqual(toned.r, 0.9 * 214 / 255 * (1 - s) + 0.2, accuracy: 1e-12)
        XCTAssertEqual(Tone.waves.apply(to: .white), .white)   // clamped to 1
    }
}
