@testable import CallshadeLottie
import CallshadeCore
import CallshadePNG
import CallshadeSystem
import Foundation
import XCTest

/// A Lottie sticker read, checked and drawn (`chat-types.md` section 1,
/// rule 4, and section 8): every refusal of the spec's list says why, and
/// rlottie draws the frame the rule picks (the example's card changes colour
/// every frame: hue k / N).
final class StickerTests: XCTestCase {
    /// The example sticker's JSON (Scripts/make-stickers), as an object to change.
    static func example() throws -> [String: Any] {
        let path = TestPaths.packageRoot.appendingPathComponent("Examples/sticker.tgs").path
        let sticker = try Sticker(file: path)
        XCTAssertEqual([sticker.width, sticker.height, sticker.frames], [512, 320, 30])
        let gzip = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try GzipCalls.inflate([UInt8](gzip), limit: 1 << 20)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
    }

    static func bytes(_ object: [String: Any]) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: object))
    }

    func assertRefused(_ bytes: [UInt8], _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Sticker(bytes: bytes, file: "s.tgs"), file: file, line: line) { error in
            XCTAssertEqual("\(error)", "s.tgs: " + reason, file: file, line: line)
        }
    }

    func testEveryRefusalOfTheSpecSaysWhy() throws {
        let good = try Self.example()
        func changed(_ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
            var object = good
            change(&object)
            return try Self.bytes(object)
        }
        assertRefused(Array("GIF89a".utf8), "neither gzip nor Lottie JSON")
        assertRefused([0x1F, 0x8B, 0x08, 0x00, 0x00], "the gzip stream is cut short")
        assertRefused([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 3, 0xFF, 0xFF, 0xFF, 0xFF], "the gzip stream is damaged (invalid block type)")
        assertRefused(Array("{\"w\": ".utf8), "not Lottie JSON: malformed JSON at line 1, column 7: parse error: premature EOF")
        assertRefused(Array(("{\"a\": " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}").utf8),
                      "not Lottie JSON: nested more than 64 levels deep")
        assertRefused(Array("[1]".utf8), "neither gzip nor Lottie JSON")
        assertRefused(try changed { $0["w"] = 1025 }, "w: not a whole number of pixels from 1 to 1024 (got 1025)")
        assertRefused(try changed { $0["h"] = 0 }, "h: not a whole number of pixels from 1 to 1024 (got 0)")
        assertRefused(try changed { $0["fr"] = 61 }, "fr: not above 0 and at most 60 (got 61)")
        assertRefused(try changed { $0["fr"] = 0 }, "fr: not above 0 and at most 60 (got 0)")
        assertRefused(try changed { $0["op"] = 0 }, "op: not after ip (got ip 0, op 0)")
        assertRefused(try changed { $0["op"] = 300 }, "plays 9.967 s, over 7 s ((op - ip - 1) / fr)")
        assertRefused(try changed { $0["ip"] = nil }, "ip: not a number (got nothing)")
        assertRefused(try changed { $0["layers"] = "none" }, "layers: not a list (got a string)")
        assertRefused(try changed { $0["assets"] = [["id": "image_0"]] }, "assets: 1 assets; a sticker may have none")
        assertRefused(try changed { object in
            var layers = object["layers"] as? [[String: Any]] ?? []
            layers[1]["ty"] = 5
            object["layers"] = layers
        }, "layers[1]: a text layer (ty 5); a sticker may have neither")
        // Over 8 MiB once inflated: refused while inflating, not after.
        let bomb = try XCTUnwrap(try? gzipped(Array("{\"a\": \"".utf8) + [UInt8](repeating: 0x61, count: 9 << 20) + Array("\"}".utf8)))
        assertRefused(bomb, "inflates to more than 8 MiB")
        // Plain JSON is read as a TGS is.
        XCTAssertEqual(try Sticker(bytes: try Self.bytes(good), file: "s.json").frames, 30)
    }

    /// Work past its limit is given up on (the sticker's 2 s a frame, the pattern's 10 s); work within it gives its value.
    func testBoundedWaitGivesUpPastItsLimit() {
        let late: Int? = BoundedWait.run(within: 0.05) { () -> Int in
            Thread.sleep(forTimeInterval: 1)
            return 1
        }
        XCTAssertNil(late)
        let value: Int? = BoundedWait.run(within: 10) { 2 }
        XCTAssertEqual(value, 2)
    }

    /// A gzip stream of `bytes` (by the gzip command, not by callshade).
    func gzipped(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-sticker-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a")
        try Data(bytes).write(to: file)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-n", file.path]
        try gzip.run()
        gzip.waitUntilExit()
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent("a.gz")))
    }

    /// Loops: floor(s fr) mod N; once: the last frame held; before its start, the first.
    func testTheFrameShown() throws {
        let sticker = try Sticker(file: TestPaths.packageRoot.appendingPathComponent("Examples/sticker.tgs").path)
        XCTAssertEqual([0, 0.01, 0.034, 0.99, 1.0, 1.5, 2.05].map { sticker.frame(at: $0, loops: true) }, [0, 0, 1, 29, 0, 15, 1])
        XCTAssertEqual([0.99, 1.0, 100].map { sticker.frame(at: $0, loops: false) }, [29, 29, 29])
        XCTAssertEqual(sticker.frame(at: -1, loops: true), 0)
    }

    /// rlottie draws frame k's card in hue k / N (Scripts/make-stickers), premultiplied, the canvas fitted and centred.
    func testAFrameDrawnIsTheLottiesFrame() throws {
        let sticker = try Sticker(file: TestPaths.packageRoot.appendingPathComponent("Examples/sticker.tgs").path)
        for frame in [0, 7, 20] {
            let picture = try XCTUnwrap(sticker.picture(frame: frame, width: 200, height: 200))
            // 512 x 320 fitted in 200 x 200: 200 x 125, rows 37.5 to 162.5; a point of the card the disc never reaches.
            let at = (60 * 200 + 20) * 4
            let hue = Double(frame) / 30
            let (r, g, b) = Self.hsv(hue)
            XCTAssertEqual(Array(picture.texels[at..<at + 4]), [r, g, b, 255], "frame \(frame)")
            XCTAssertEqual(Array(picture.texels[(10 * 200 + 100) * 4..<(10 * 200 + 100) * 4 + 4]), [0, 0, 0, 0], "above the fitted canvas: clear")
        }
    }

    /// Full saturation and value at `hue` (0..1), levels rounded as the maker's JSON holds them.
    static func hsv(_ hue: Double) -> (UInt8, UInt8, UInt8) {
        let h = hue * 6, sector = Int(h) % 6, f = h - Double(Int(h))
        let (p, q, t) = (0.0, 1 - f, f)
        let rgb: (Double, Double, Double) = [(1, t, p), (q, 1, p), (p, 1, t), (p, q, 1), (t, p, 1), (1, p, q)][sector]
        return (UInt8((rgb.0 * 255).rounded()), UInt8((rgb.1 * 255).rounded()), UInt8((rgb.2 * 255).rounded()))
    }
}

/// `frame --time t` is the render's frame at t through a sticker's and an animated emoji's flights and plays, and a voice message's recording, flight and bars (the example chat).
final class StickerCommandTests: XCTestCase {
    func testAFrameIsTheRendersFrameAtItsTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-sticker-frames-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/chat.json").path
        let times = ["6.1", "6.2", "7.3", "8", "9.4", "10"]
        for backend in ["cpu", "gpu"] {
            let frames = folder.appendingPathComponent("frames-\(backend)").path
            let rendered = try runCallshade(["render", example, "--at", times.joined(separator: ","), "--size", "195x422", "-o", frames,
                                             "--backend", backend, "--quiet"])
            XCTAssertEqual(rendered.status, 0, rendered.standardError)
            for (index, time) in times.enumerated() {
                let single = folder.appendingPathComponent("frame-\(backend)-\(index).png").path
                let result = try runCallshade(["frame", "--scenario", example, "--time", time, "--size", "195x422", "--backend", backend, "-o", single])
                XCTAssertEqual(result.status, 0, result.standardError)
                let fromRender = try PNGFile.read(path: frames + "/frame_" + String(format: "%06d", index) + ".png")
                XCTAssertEqual(try PNGFile.read(path: single).pixels, fromRender.pixels, "\(time) s by \(backend)")
            }
        }
    }
}
