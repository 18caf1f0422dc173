import CallshadeCore
import CallshadeVideo
import Foundation
import XCTest

/// Bad video inputs: each refused when opened, before any frame, naming the
/// file and the reason; damage in the middle skipped and reported once.
final class VideoRefusalTests: XCTestCase {
    private func refusal(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> VideoError? {
        do {
            _ = try VideoSource(path: path)
            XCTFail("'\(path)' was accepted", file: file, line: line)
            return nil
        } catch {
            XCTAssertTrue(error.description.contains(path), "the message names the file: \(error)", file: file, line: line)
            XCTAssertFalse(error.description.contains("\n"), "one line: \(error)", file: file, line: line)
            return error
        }
    }

    func testMissingFolderFIFOAndDeviceAreRefusedBeforeReading() throws {
        let folder = try scratchFolder()
        let fifo = folder.appendingPathComponent("camera.mp4").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertEqual(refusal(folder.appendingPathComponent("missing.mp4").path), .input(.missing(folder.appendingPathComponent("missing.mp4").path)))
        XCTAssertEqual(refusal(folder.path), .input(.folder(folder.path)))
        guard case .input(.notRegular(_, let kind)) = refusal(fifo) else { return XCTFail("a FIFO") }
        XCTAssertTrue(kind.contains("FIFO"), kind)
        guard case .input(.notRegular(_, let device)) = refusal("/dev/zero") else { return XCTFail("a device") }
        XCTAssertTrue(device.contains("device"), device)
    }

    func testFilesThatAreNotVideoAreRefused() throws {
        let empty = try scratchFolder().appendingPathComponent("empty.mp4").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        for (name, reason) in [("text.txt", "no format"), ("audio.m4a", "only audio")] {
            let path = try VideoMedia.path(name)
            guard case .notVideo(_, let said) = refusal(path) else { XCTFail(name); continue }
            XCTAssertTrue(said.contains(reason), "\(name): \(said)")
        }
        guard case .notVideo(_, let said) = refusal(empty) else { return XCTFail("empty") }
        XCTAssertTrue(said.contains("empty"), said)
    }

    func testTruncatedAndFramelessVideosAreRefused() throws {
        let truncated = try VideoMedia.path("truncated.mp4")
        guard case .truncated = refusal(truncated) else { return XCTFail("a truncated MP4 with its index first") }
        // Cut before its index (at the end of the file): FFmpeg finds no video in what is left.
        guard case .notVideo = refusal(try VideoMedia.path("cut-index.mp4")) else { return XCTFail("an MP4 cut before its index") }
        let frameless = try VideoMedia.path("zero-frames.mp4")
        XCTAssertEqual(refusal(frameless), .noFrames(path: frameless))
    }

    func testPicturesLargerThanTheLimitAreRefused() throws {
        let path = try VideoMedia.path("huge.mp4")
        XCTAssertEqual(refusal(path), .tooLarge(path: path, width: 8200, height: 16, limit: VideoSource.maximumSide))
    }

    func testTimestampsGoingBackwardsAreRefused() throws {
        guard case .timestampsGoBack = refusal(try VideoMedia.path("backwards.ts")) else { return XCTFail("backwards.ts") }
    }

    /// Packet 20 of corrupt.mp4 cannot be decoded: frame 20's time shows
    /// frame 19, the rest decode as ever, the damage is reported once, and
    /// the bytes are the same however the frames are reached.
    func testACorruptPacketIsSkippedAndReportedOnce() throws {
        let good = try VideoSource(path: VideoMedia.path("portrait.mp4"))
        let path = try VideoMedia.path("corrupt.mp4")
        let source = try VideoSource(path: path)
        XCTAssertNil(source.takeWarning(), "nothing damaged met yet")
        let forward = try (0..<60).map { try source.picture(at: Double($0) / 30) }
        let warning = try XCTUnwrap(source.takeWarning())
        XCTAssertEqual(warning.path, path)
        XCTAssertEqual(warning.seconds, 20.0 / 30, accuracy: 0.1)
        XCTAssertNil(source.takeWarning(), "said once")
        for frame in 0..<60 {
            _ = try source.picture(at: Double(frame) / 30)
        }
        XCTAssertNil(source.takeWarning(), "said once, even after meeting it again")

        XCTAssertEqual(forward[20], forward[19], "the damaged frame's time holds the last good frame")
        for frame in 0..<20 {
            XCTAssertEqual(forward[frame], try good.picture(at: Double(frame) / 30), "frame \(frame) before the damage")
        }
        for frame in 30..<60 {
            XCTAssertEqual(forward[frame], try good.picture(at: Double(frame) / 30), "frame \(frame), after the next keyframe")
        }
        let seeking = try VideoSource(path: path)
        for frame in [59, 21, 20, 25, 3, 22] {
            XCTAssertEqual(try seeking.picture(at: Double(frame) / 30), forward[frame], "frame \(frame) reached by a seek")
        }
    }
}
