import CallshadeCore
import CallshadeVideo
import XCTest

/// Which frame a source time shows, and its pixels against the ffmpeg program's.
final class VideoFrameSelectionTests: XCTestCase {
    /// Frame k of a 30 fps source shows from k/30 until just before (k+1)/30,
    /// and again a loop later; times before the start show frame 0.
    func testFrameKShowsFromItsTimeToTheNextAndLoops() throws {
        let source = try VideoSource(path: VideoMedia.path("portrait.mp4"))
        XCTAssertEqual(source.frameCount, 60)
        XCTAssertEqual(try XCTUnwrap(source.loopDuration), 2, accuracy: 1e-12)
        for k in [0, 1, 2, 14, 15, 16, 29, 30, 44, 58, 59] {
            let time = Double(k) / 30
            let next = Double(k + 1) / 30
            XCTAssertEqual(source.frame(at: time), k, "at k/30, k = \(k)")
            XCTAssertEqual(source.frame(at: time + 0.01), k, "at k/30 + 0.01, k = \(k)")
            XCTAssertEqual(source.frame(at: next - 1e-6), k, "just before (k+1)/30, k = \(k)")
            XCTAssertEqual(source.frame(at: next.nextDown), k < 59 ? k + 1 : 0, "one ulp before (k+1)/30 counts as at it")
            for loop in 1...3 {
                XCTAssertEqual(source.frame(at: Double(loop) * 2 + time), k, "loop \(loop), k = \(k)")
                XCTAssertEqual(source.frame(at: Double(loop) * 2 + next - 1e-6), k, "loop \(loop), before k + 1 = \(k + 1)")
            }
        }
        XCTAssertEqual(source.frame(at: -0.5), 0)
        XCTAssertEqual(source.frame(at: -.infinity), 0)
        XCTAssertEqual(source.frame(at: .nan), 0)
        XCTAssertEqual(source.frame(at: 3600 + 1.0 / 30), 1, "an hour in: 1800 loops and one frame")
        XCTAssertEqual(source.frame(at: .greatestFiniteMagnitude), 0, "too far to count in ticks")
        XCTAssertEqual(source.frame(at: .infinity), 0)
    }

    /// A variable frame rate: each frame shows from its own presentation
    /// time, as ffprobe reads it, until the next's.
    func testVariableFrameRateFollowsPresentationTimes() throws {
        let path = try VideoMedia.path("vfr.mp4")
        let times = try VideoMedia.ffprobeTimes(path)
        let source = try VideoSource(path: path)
        XCTAssertEqual(source.frameCount, times.count)
        XCTAssertGreaterThan(times.count, 10)
        XCTAssertNotEqual(times[2] - times[1], times[1] - times[0], accuracy: 1e-6, "the test video's frame rate varies")
        for (index, time) in times.enumerated() {
            XCTAssertEqual(source.frame(at: time), index, "at frame \(index)'s time \(time)")
            if index > 0 { XCTAssertEqual(source.frame(at: time - 1e-4), index - 1, "just before frame \(index)") }
        }
    }

    /// The planes of decoded frames are the ffmpeg program's yuv420p output,
    /// byte for byte: without B-frames (portrait), with B-frames and a
    /// BT.709 tag (landscape), full range (yuvj420p), and rotated (unturned).
    func testPlanesEqualTheFFmpegProgramsFrames() throws {
        for (name, frames) in [("portrait.mp4", [0, 7, 15, 31, 59]), ("landscape.mp4", [0, 1, 2, 13, 40, 59]),
                               ("fullrange.mp4", [0, 12, 24]), ("rotated.mp4", [0, 33])] {
            let path = try VideoMedia.path(name)
            let source = try VideoSource(path: path)
            for frame in frames {
                let picture = try source.picture(at: Double(frame) / (name == "fullrange.mp4" ? 25 : 30)).ycbcr()
                let expected = try VideoMedia.ffmpegFrame(path, index: frame, pixelFormat: picture.range == .full ? "yuvj420p" : "yuv420p")
                assertSameBytes(picture.packed, expected, "\(name), frame \(frame)")
            }
        }
    }

    /// A 4:4:4 source and an RGB one are converted to 4:2:0 by libswscale;
    /// the ffmpeg program's conversion with the same flags (and for RGB, the
    /// same BT.709 full-range matrix) gives the same bytes.
    func testConvertedFramesEqualTheFFmpegProgramsConversion() throws {
        let flags = ["-sws_flags", "bilinear+accurate_rnd+bitexact"]
        let yuv444 = try VideoMedia.path("yuv444.mp4")
        let yuvSource = try VideoSource(path: yuv444)
        XCTAssertEqual(yuvSource.matrix, .bt601)
        XCTAssertEqual(yuvSource.range, .limited)
        let rgb = try VideoMedia.path("rgb.mkv")
        let rgbSource = try VideoSource(path: rgb)
        XCTAssertEqual(rgbSource.matrix, .bt709)
        XCTAssertEqual(rgbSource.range, .full)
        for frame in [0, 9] {
            let fromYUV = try yuvSource.picture(at: Double(frame) / 30).ycbcr()
            assertSameBytes(fromYUV.packed, try VideoMedia.ffmpegFrame(yuv444, index: frame, extra: flags), "yuv444 frame \(frame)")
            let fromRGB = try rgbSource.picture(at: Double(frame) / 30).ycbcr()
            let expected = try VideoMedia.ffmpegFrame(rgb, index: frame, filter: "scale=out_color_matrix=bt709:out_range=full",
                                                      extra: flags)
            assertSameBytes(fromRGB.packed, expected, "rgb frame \(frame)")
        }
    }
}
