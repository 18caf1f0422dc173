import CallshadeCore
import CallshadeVideo
import Foundation
import XCTest

/// The test videos `Scripts/make-test-videos` makes with ffmpeg's generators,
/// made once a run into a temporary folder that goes when the test bundle
/// finishes, and ffmpeg as the independent decoder the tests compare with.
enum VideoMedia {
    /// The folder, made on first use; nil when ffmpeg is missing or the script failed (`failure` says why).
    private static let made: Result<URL, Error> = Result {
        guard Tools.available("ffmpeg"), Tools.available("ffprobe") else {
            throw XCTSkip("ffmpeg is not installed (Scripts/bootstrap installs it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-tests-\(getpid())-video-media")
        try? FileManager.default.removeItem(at: folder)
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/make-test-videos").path
        let result = try Tools.run(script, [folder.path])
        guard result.status == 0 else {
            throw NSError(domain: "make-test-videos", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: "Scripts/make-test-videos failed: \(result.standardError)"])
        }
        XCTestObservationCenter.shared.addTestObserver(FolderRemover(folder))
        return folder
    }

    /// The path of test video `name` (see `Scripts/make-test-videos`).
    static func path(_ name: String) throws -> String {
        try made.get().appendingPathComponent(name).path
    }

    /// Frame `index` (counted as shown) of `file` decoded by the ffmpeg
    /// program to 8-bit 4:2:0 (unturned), planes packed one after another.
    /// `filter` follows the frame's selection; `extra` adds options before
    /// the output (say -sws_flags).
    /// A full-range source is written as `yuvj420p` (`pixelFormat`), so that
    /// nothing converts its range.
    static func ffmpegFrame(_ file: String, index: Int, filter: String? = nil, extra: [String] = [],
                            pixelFormat: String = "yuv420p") throws -> [UInt8] {
        let filters = ["select=eq(n\\,\(index))"] + (filter.map { [$0] } ?? [])
        let result = try Tools.run("ffmpeg", ["-nostdin", "-v", "error", "-noautorotate", "-i", file,
                                              "-vf", filters.joined(separator: ","), "-fps_mode", "passthrough",
                                              "-frames:v", "1"] + extra + ["-f", "rawvideo", "-pix_fmt", pixelFormat, "-"])
        XCTAssertEqual(result.status, 0, result.standardError)
        return [UInt8](result.standardOutput)
    }

    /// Each frame's presentation time in seconds from the first, as ffprobe
    /// reads them (whole ticks of the stream's time base, not ffprobe's rounded seconds).
    static func ffprobeTimes(_ file: String) throws -> [Double] {
        let base = try Tools.probe(file, "stream=time_base").split(separator: "/").compactMap { Double($0) }
        let text = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts",
                                             "-of", "csv=p=0", file]).text
        // A frame with side data ends its line with a comma, and a blank line follows.
        let ticks = text.split(whereSeparator: \.isNewline).compactMap { $0.split(separator: ",").first.flatMap { Int64($0) } }
        guard base.count == 2, let first = ticks.first else { throw XCTSkip("ffprobe read no frames of \(file)") }
        return ticks.map { Double($0 - first) * base[0] / base[1] }
    }
}

/// Fails unless `got` and `expected` hold the same bytes, saying how many differ and where first (not the bytes).
func assertSameBytes(_ got: [UInt8], _ expected: [UInt8], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    guard got != expected else { return }
    guard got.count == expected.count else {
        return XCTFail("\(message): \(got.count) bytes, expected \(expected.count)", file: file, line: line)
    }
    let differing = zip(got, expected).enumerated().filter { $0.element.0 != $0.element.1 }
    let first = differing[0]
    XCTFail("\(message): \(differing.count) of \(got.count) bytes differ, the first at \(first.offset) (\(first.element.0), expected \(first.element.1)), "
            + "the most by \(differing.map { abs(Int($0.element.0) - Int($0.element.1)) }.max() ?? 0)", file: file, line: line)
}

extension YCbCrPicture {
    /// Its planes one after another, as ffmpeg writes raw yuv420p.
    var packed: [UInt8] { luma + cb + cr }
}

extension SourcePicture {
    /// The video frame, failing the test for a still.
    func ycbcr(file: StaticString = #filePath, line: UInt = #line) throws -> YCbCrPicture {
        guard case .ycbcr(let picture) = self else {
            XCTFail("expected a video frame, got a still", file: file, line: line)
            throw XCTSkip("not a video frame")
        }
        return picture
    }
}

/// Removes a folder when the test bundle finishes.
private final class FolderRemover: NSObject, XCTestObservation, @unchecked Sendable {
    private let folder: URL

    init(_ folder: URL) {
        self.folder = folder
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        try? FileManager.default.removeItem(at: folder)
    }
}
