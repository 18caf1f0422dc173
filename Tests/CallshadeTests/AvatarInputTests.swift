import CallshadeCore
import CallshadePNG
import Foundation
import XCTest

/// Avatar pictures of every kind libpng can expand, and the bad ones.
final class AvatarInputTests: XCTestCase {
    func fixture(_ name: String) -> String { ForegroundFixtures.folder.appendingPathComponent(name).path }

    func testEveryPNGFlavourDecodesToTheSamePicture() throws {
        // rgba.png: top half opaque red (220, 60, 60), bottom half blue (60, 60, 220) at alpha 128.
        let rgba = try PNGFile.read(path: fixture("rgba.png"))
        XCTAssertEqual(rgba.pixel(x: 5, y: 5), [220, 60, 60, 255])
        XCTAssertEqual(rgba.pixel(x: 5, y: 50), [60, 60, 220, 128])
        let palette = try PNGFile.read(path: fixture("palette.png"))
        XCTAssertEqual(palette.width, 64)
        XCTAssertEqual(palette.pixel(x: 5, y: 5)?[3], 255)
        let grey = try PNGFile.read(path: fixture("grey.png"))
        XCTAssertEqual(grey.pixel(x: 5, y: 5)?[0], grey.pixel(x: 5, y: 5)?[2])
        XCTAssertEqual(try PNGFile.read(path: fixture("grey-alpha.png")).pixel(x: 5, y: 50)?[3], 128)
        // rgb16.png: 16-bit samples (x * 1000 mod 65536, y * 1000 mod 65536, 40000) with no colour-space
        // chunk. libpng's simplified API takes such 16-bit data as linear light and encodes it to sRGB.
        let deep = try PNGFile.read(path: fixture("rgb16.png"))
        XCTAssertEqual(deep.width, 64)
        let pixel = try XCTUnwrap(deep.pixel(x: 10, y: 20))
        func sRGB(_ linear: Double) -> Double { (linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055) * 255 }
        XCTAssertEqual(Double(pixel[0]), sRGB(10_000.0 / 65535), accuracy: 1.5)
        XCTAssertEqual(Double(pixel[1]), sRGB(20_000.0 / 65535), accuracy: 1.5)
        // interlaced.png: (x * 4, y * 4, 128, 255).
        let interlaced = try PNGFile.read(path: fixture("interlaced.png"))
        XCTAssertEqual(interlaced.pixel(x: 9, y: 13), [36, 52, 128, 255])
    }

    func testDecompressionBombsAreRefusedBeforeDecoding() {
        XCTAssertThrowsError(try PNGFile.read(path: fixture("bomb.png"))) { error in
            XCTAssertEqual(error as? PNGError, .tooLarge(path: fixture("bomb.png"), width: 100_000, height: 100_000,
                                                         limit: PNGFile.defaultPixelLimit))
        }
    }

    func testLargePhotosShrinkWithoutAliasing() throws {
        // Fine rings (7 px period) shrunk to a 64 px square average out to a smooth picture:
        // neighbouring pixels differ little.
        let photo = try PNGFile.read(path: fixture("avatar.png"))
        let small = try XCTUnwrap(AvatarImage.prepare(photo, side: 64))
        var largest = 0
        for y in 0..<64 {
            for x in 1..<64 {
                for channel in 0..<3 {
                    let a = Int(small.premultiplied[(y * 64 + x) * 4 + channel])
                    let b = Int(small.premultiplied[(y * 64 + x - 1) * 4 + channel])
                    if !(20..<44).contains(x) || !(18..<46).contains(y) { largest = max(largest, abs(a - b)) }
                }
            }
        }
        XCTAssertLessThan(largest, 24, "neighbouring pixels of the shrunk rings differ by \(largest)")
        // Straight alpha becomes premultiplied: the translucent blue half of rgba.png.
        let translucent = try XCTUnwrap(AvatarImage.prepare(try PNGFile.read(path: fixture("rgba.png")), side: 64))
        XCTAssertEqual(Array(translucent.premultiplied[(50 * 64 + 5) * 4..<(50 * 64 + 5) * 4 + 4]), [30, 30, 110, 128])
    }

    func testBadAvatarsGiveOneLineErrorsAndNoOutput() throws {
        let folder = try scratchFolder()
        let text = folder.appendingPathComponent("text.png")
        try Data("not a picture".utf8).write(to: text)
        let whole = try Data(contentsOf: URL(fileURLWithPath: fixture("avatar.png")))
        let truncated = folder.appendingPathComponent("cut.png")
        try whole.prefix(whole.count / 3).write(to: truncated)
        let unreadable = folder.appendingPathComponent("folder.png")
        try FileManager.default.createDirectory(at: unreadable, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("out.png").path
        // (arguments, the diagnostic, exit status)
        let cases: [([String], String, Int32)] = [
            (["--avatar", folder.appendingPathComponent("missing.png").path], "avatar.unreadable", 1),
            (["--avatar", text.path], "avatar.unreadable", 1),
            (["--avatar", truncated.path], "avatar.unreadable", 1),
            (["--avatar", unreadable.path], "avatar.unreadable", 1),
            (["--avatar", fixture("bomb.png")], "avatar.unreadable", 1),
            (["--points-width", "-390"], "option.value", 64),
            (["--points-width", "0"], "option.value", 64),
            (["--level", "-1"], "option.value", 64),
            (["--level", "loud"], "option.value", 64),
        ]
        for (arguments, id, status) in cases {
            let result = runInProcess(["frame", "--size", "39x84", "-o", output] + arguments)
            assertDiagnostic(result, id, status: status, "\(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(arguments)")
        }
    }

    func testLayersChooseWhatIsDrawnAndTransparencyGivesRGBA() throws {
        let folder = try scratchFolder()
        func render(_ layers: String) throws -> RGBAImage {
            let path = folder.appendingPathComponent("\(layers).png").path
            let result = runInProcess(["frame", "--size", "390x844", "--level", "2", "--layers", layers, "-o", path])
            XCTAssertEqual(result.status, 0, result.standardError)
            return try PNGFile.read(path: path)
        }
        let everything = try render("background,waves,avatar")
        XCTAssertTrue(everything.isOpaque)
        let mask = try render("waves")
        XCTAssertFalse(mask.isOpaque)
        // The mask is white, with alpha 0.35 where one shape covers and 1 - 0.65^2 where both do.
        let centre = try XCTUnwrap(mask.pixel(x: 195, y: 306))
        XCTAssertEqual(centre, [255, 255, 255, 147])
        XCTAssertEqual(mask.pixel(x: 5, y: 5), [0, 0, 0, 0])
        let avatarOnly = try render("avatar")
        XCTAssertEqual(avatarOnly.pixel(x: 195, y: 306)?[3], 255)
        XCTAssertEqual(avatarOnly.pixel(x: 195, y: 306 - 95)?[3], 0)
        // Without the avatar the middle shows the waves over the background.
        let noAvatar = try render("background,waves")
        XCTAssertNotEqual(noAvatar.pixel(x: 195, y: 306), everything.pixel(x: 195, y: 306))
    }

    /// The most a 64x64 CPU frame with a 40-megapixel avatar may take: the
    /// decoded picture is 160 MB (4 bytes a pixel); the resampler streams its
    /// rows, so it adds little (before it did, the same run took 1.4 GB).
    static let hugeAvatarMemoryBound = 400_000_000

    func testAHugeAvatarIsPreparedInBoundedMemory() throws {
        let folder = try scratchFolder()
        let big = folder.appendingPathComponent("big.png").path
        do {
            // 6324x6324 (40 megapixels, just under the limit), translucent grey with a diagonal of red dots: small on disk.
            let side = 6324
            var image = try XCTUnwrap(RGBAImage(width: side, height: side, pixels: [UInt8](repeating: 128, count: side * side * 4)))
            for step in 0..<64 { image.setPixel(x: step * 98, y: step * 97, (255, 0, 0, 255)) }
            try PNGFile.write(image, to: big)
        }
        let output = folder.appendingPathComponent("out.png").path
        let run = try MeasuredRun(["frame", "--backend", "cpu", "--size", "64x64", "--avatar", big, "-o", output],
                                  timeout: 600, scratch: folder)
        XCTAssertEqual(run.status, 0, run.standardError)
        print("a 6324x6324 avatar on a 64x64 CPU frame: peak resident \(run.peakBytes / 1_000_000) MB")
        XCTAssertLessThan(run.peakBytes, Self.hugeAvatarMemoryBound, "peak resident \(run.peakBytes) bytes")
        XCTAssertEqual(try PNGFile.read(path: output).width, 64)
    }

    func testAFIFOOrADeviceAsAvatarIsRefusedAtOnce() throws {
        let folder = try scratchFolder()
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let output = folder.appendingPathComponent("out.png").path
        for (avatar, kind) in [(fifo, "is a FIFO"), ("/dev/zero", "is a character device")] {
            // Nobody writes the FIFO: opening it to read would wait for ever; the time limit turns a hang into a failure.
            let run = try MeasuredRun(["frame", "--backend", "cpu", "--size", "39x84", "--avatar", avatar, "-o", output],
                                      timeout: 60, scratch: folder)
            XCTAssertFalse(run.timedOut, "\(avatar): still waiting after 60 s")
            XCTAssertEqual(run.status, 1, "\(avatar): \(run.standardError)")
            XCTAssertEqual(run.standardError.split(separator: "\n").count, 1, run.standardError)
            XCTAssertTrue(run.standardError.contains("avatar: '\(avatar)': it \(kind)"), run.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        }
    }

    func testPointsWidthsThatGiveAHugeScaleAreRefused() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("out.png").path
        // 1e-300 once converted an unbounded double to Int (a trap); 0.01 asked for an avatar of millions of pixels a side.
        let cases: [([String], String)] = [
            (["--size", "64x64", "--points-width", "1e-300"], "--points-width 1e-300 must be between 1 and 65536 for a frame 64 pixels wide"),
            (["--size", "64x64", "--points-width", "0.01"], "--points-width 0.01 must be between 1 and 65536"),
            (["--size", "390x844", "--points-width", "6"], "must be between 6.09375 and 399360"),
            (["--size", "1x1", "--points-width", "1e9"], "must be between 0.015625 and 1024 for a frame 1 pixel wide"),
        ]
        for (arguments, expected) in cases {
            let result = runInProcess(["frame", "--backend", "cpu", "--avatar", fixture("avatar.png"), "-o", output] + arguments)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(arguments)")
        }
        // The ends of the range are accepted.
        let edge = runInProcess(["frame", "--backend", "cpu", "--size", "16x16", "--points-width", "0.25", "--layers", "avatar",
                                 "-o", output])
        XCTAssertEqual(edge.status, 0, edge.standardError)
    }
}
