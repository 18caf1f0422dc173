import CallshadeCore
import CallshadeKinds
import CallshadePNG
import CallshadeSVG
import Foundation
import XCTest

/// The wallpaper's pattern (chat, section 1.7): drawn by librsvg once per
/// output size, covering the frame; an SVG that names another file or a URL,
/// or that librsvg cannot draw, is refused; the blend modes.
final class PatternTests: XCTestCase {
    let size = try! FrameSize(width: 40, height: 20)

    func svg(_ body: String, attributes: String = #"width="20" height="20""#) -> [UInt8] {
        Array(#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \#(attributes)>\#(body)</svg>"#.utf8)
    }

    /// A square document covers a 40 x 20 frame by its width (aspect fill), centred: its top and bottom quarters fall outside.
    func testTheDocumentCoversTheFrameCentred() throws {
        let mask = try PatternDrawing.mask(svg: svg(#"<rect x="0" y="0" width="20" height="5"/><rect x="0" y="10" width="10" height="10"/>"#), size: size)
        XCTAssertEqual([mask.width, mask.height], [40, 20])
        // Scaled by 2 and moved up by 10: document y 0...5 (the band) falls above the frame, y 10...20 is frame rows 10...19.
        XCTAssertEqual(mask.coverage(column: 5, row: 2), 0)
        XCTAssertEqual(mask.coverage(column: 5, row: 15), 1)
        XCTAssertEqual(mask.coverage(column: 30, row: 15), 0)
        XCTAssertTrue(PatternMask.viewport(documentWidth: 20, documentHeight: 20, width: 40, height: 20) == (0, -10, 40, 40))
    }

    func testAViewBoxAloneGivesTheAspect() throws {
        let mask = try PatternDrawing.mask(svg: svg(#"<rect width="100" height="100"/>"#, attributes: #"viewBox="0 0 100 100""#), size: size)
        XCTAssertTrue(mask.coverage.allSatisfy { $0 == 255 })
    }

    func testReferencesOutsideTheDocumentAreRefused() throws {
        let outside = [#"<image href="other.png" width="5" height="5"/>"#, #"<image xlink:href="file:///etc/passwd" width="5" height="5"/>"#,
                       #"<use href="defs.svg#star"/>"#, #"<rect width="5" height="5" style="fill: url(http://example.com/p.svg#g)"/>"#,
                       #"<style>@import url(a.css);</style>"#, #"<style>rect { fill: url('b.svg#p') }</style>"#]
        for body in outside {
            XCTAssertThrowsError(try PatternDrawing.mask(svg: svg(body), size: size), body) { error in
                XCTAssertTrue("\(error)".contains("refers to another file or a URL"), "\(error)")
            }
        }
        let inside = [##"<defs><rect id="r" width="5" height="5"/></defs><use href="#r"/>"##,
                      #"<rect width="5" height="5" style="fill: url(#g)"/>"#,
                      #"<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>"#]
        for body in inside { XCTAssertNoThrow(try PatternDrawing.mask(svg: svg(body), size: size), body) }
    }

    func testWhatLibrsvgCannotDrawIsRefused() {
        for (bytes, expected) in [(Array("not svg at all".utf8), "is not an SVG"), (svg("<rect", attributes: ""), "is not an SVG"),
                                  (svg(#"<rect width="5" height="5"/>"#, attributes: ""), "has no positive size")] {
            XCTAssertThrowsError(try PatternDrawing.mask(svg: bytes, size: size)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
        XCTAssertThrowsError(try PatternDrawing.mask(file: "/no/such/pattern.svg", size: size)) { error in
            XCTAssertTrue("\(error)".hasPrefix("/no/such/pattern.svg: "), "\(error)")
        }
    }

    func testTheBlendModes() throws {
        let mask = try XCTUnwrap(PatternMask(width: 2, height: 1, coverage: [0, 255]))
        let light = PatternOverlay(mask: mask, intensity: 50, colors: ChatWallpaper.classicColors)
        XCTAssertEqual(light.mode, .softLight(shape: .black, opacity: 0.5))
        let wallpaper = RGB(0.5, 0.25, 1)
        XCTAssertEqual(light.apply(to: wallpaper, column: 0, row: 0), wallpaper)
        // Soft light of black is B^2; half of it mixed in.
        let lit = light.apply(to: wallpaper, column: 1, row: 0)
        XCTAssertEqual(lit.r, 0.5 * 0.5 + 0.5 * 0.25, accuracy: 1e-12)
        XCTAssertEqual(lit.b, 1, accuracy: 1e-12)
        let dark = [RGB(0.1, 0.1, 0.2), RGB(0.05, 0.1, 0.1), RGB(0.2, 0.1, 0.1)]
        XCTAssertEqual(PatternOverlay(mask: mask, intensity: 30, colors: dark).mode, .softLight(shape: .white, opacity: 0.3))
        XCTAssertEqual(PatternOverlay(mask: mask, intensity: 30, colors: [.black, .black, .black]).mode, .normal(shape: .white, opacity: 0.3))
        // Soft light of white: sqrt above 0.25, the polynomial at or below.
        XCTAssertEqual(PatternOverlay.softLight(backdrop: RGB(0.64, 0.25, 0), source: .white).r, 0.8, accuracy: 1e-12)
        XCTAssertEqual(PatternOverlay.softLight(backdrop: RGB(0.64, 0.25, 0), source: .white).g, ((16 * 0.25 - 12) * 0.25 + 4) * 0.25, accuracy: 1e-12)
        let inverted = PatternOverlay(mask: mask, intensity: -40, colors: ChatWallpaper.classicColors)
        XCTAssertEqual(inverted.apply(to: wallpaper, column: 0, row: 0), .black)
        XCTAssertEqual(inverted.apply(to: wallpaper, column: 1, row: 0).g, 0.25 * 0.4, accuracy: 1e-12)
    }

    /// The mask the pattern goldens' oracle is given is the one librsvg draws
    /// (rewritten with CALLSHADE_RECORD_GOLDENS=1, as the goldens are).
    func testTheOraclesMaskIsLibrsvgs() throws {
        for golden in try GoldenCase.all() {
            guard let maskPath = golden.mask, let mask = try ChatFixtures.patternMask(golden) else { continue }
            let path = TestPaths.packageRoot.appendingPathComponent(maskPath).path
            let picture = ChatFixtures.maskPicture(mask)
            if ProcessInfo.processInfo.environment["CALLSHADE_RECORD_GOLDENS"] == "1" {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try PNGFile.write(picture, to: path)
                continue
            }
            XCTAssertEqual(try PNGFile.read(path: path), picture, "\(golden.name): \(maskPath) is not what librsvg draws")
        }
    }
}
