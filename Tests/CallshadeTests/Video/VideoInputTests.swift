import CallshadeCore
import CallshadePNG
import CallshadeVideo
import XCTest

/// What a source reports (size, rotation, matrix, range, loop), and PNG stills.
final class VideoInputTests: XCTestCase {
    func testSizeMatrixRangeAndLoopAreReported() throws {
        let portrait = try VideoSource(path: VideoMedia.path("portrait.mp4"))
        XCTAssertEqual([portrait.width, portrait.height], [180, 320])
        XCTAssertEqual(portrait.rotation, .none)
        XCTAssertEqual(portrait.matrix, .bt601, "untagged and smaller than HD")
        XCTAssertEqual(portrait.range, .limited)

        let landscape = try VideoSource(path: VideoMedia.path("landscape.mp4"))
        XCTAssertEqual([landscape.width, landscape.height], [320, 180])
        XCTAssertEqual(landscape.matrix, .bt709, "tagged BT.709")
        XCTAssertEqual(landscape.range, .limited)
        XCTAssertEqual(try XCTUnwrap(landscape.loopDuration), 2, accuracy: 1e-9)

        let full = try VideoSource(path: VideoMedia.path("fullrange.mp4"))
        XCTAssertEqual(full.range, .full)
        XCTAssertEqual(full.frameCount, 25)
        XCTAssertEqual(try XCTUnwrap(full.loopDuration), 1, accuracy: 1e-9)
        XCTAssertEqual(full.frame(at: 0.999), 24)
        XCTAssertEqual(full.frame(at: 1.0), 0)
        let picture = try full.picture(at: 0).ycbcr()
        XCTAssertEqual(picture.range, .full)
        XCTAssertEqual(picture.matrix, full.matrix)
    }

    /// The display matrix's quarter turn is reported, the picture handed out
    /// unturned: turned as reported it is what the ffmpeg program shows
    /// (which turns by the same matrix).
    func testRotationIsReportedAndMatchesTheFFmpegProgram() throws {
        let path = try VideoMedia.path("rotated.mp4")
        let source = try VideoSource(path: path)
        XCTAssertTrue(source.rotation.swapsSides)
        XCTAssertEqual([source.width, source.height], [180, 320])
        let picture = try source.picture(at: 0).ycbcr()
        let shown = try Tools.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-frames:v", "1",
                                             "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"]).standardOutput
        let turned = Self.turn(picture.luma, width: picture.width, height: picture.height, by: source.rotation)
        XCTAssertEqual(turned, [UInt8](shown.prefix(picture.width * picture.height)), "luma turned by \(source.rotation)")
    }

    func testPNGStillIsItsPixelsAtEveryTime() throws {
        let path = try VideoMedia.path("still.png")
        let source = try VideoSource(path: path)
        let image = try PNGFile.read(path: path)
        XCTAssertEqual([source.width, source.height], [180, 320])
        XCTAssertEqual(source.frameCount, 1)
        XCTAssertNil(source.loopDuration)
        XCTAssertNil(source.matrix)
        for time in [-1, 0, 0.5, 1000] {
            XCTAssertEqual(try source.picture(at: time), .rgba(image))
        }
        XCTAssertNil(source.takeWarning())
    }

    /// `luma` (width x height) turned clockwise by `rotation`.
    private static func turn(_ luma: [UInt8], width: Int, height: Int, by rotation: VideoRotation) -> [UInt8] {
        let (outWidth, outHeight) = rotation.swapsSides ? (height, width) : (width, height)
        var out = [UInt8](repeating: 0, count: luma.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let (sx, sy): (Int, Int)
                switch rotation {
                case .none: (sx, sy) = (x, y)
                case .clockwise90: (sx, sy) = (y, height - 1 - x)
                case .halfTurn: (sx, sy) = (width - 1 - x, height - 1 - y)
                case .clockwise270: (sx, sy) = (width - 1 - y, x)
                }
                out[y * outWidth + x] = luma[sy * width + sx]
            }
        }
        return out
    }
}
