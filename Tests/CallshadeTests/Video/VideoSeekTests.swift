import CallshadeCore
import CallshadeVideo
import XCTest

/// Exact and seekable: a frame's bytes do not depend on how it was reached,
/// and memory holds a few pictures whatever the video's length.
final class VideoSeekTests: XCTestCase {
    /// Every frame decoded in order equals the same frame reached in a
    /// seeded random order, by a seek from far away, and a loop later: a
    /// source without B-frames (a keyframe every 15) and one with them (every 12).
    func testEveryOrderGivesTheSameBytes() throws {
        for name in ["portrait.mp4", "landscape.mp4"] {
            let path = try VideoMedia.path(name)
            let forward = try VideoSource(path: path)
            let inOrder = try (0..<forward.frameCount).map { try forward.picture(at: Double($0) / 30) }

            let shuffled = try VideoSource(path: path)
            var generator = SeededGenerator(state: 31)
            for frame in Array(0..<shuffled.frameCount).shuffled(using: &generator) {
                XCTAssertEqual(try shuffled.picture(at: Double(frame) / 30 + 0.005), inOrder[frame], "\(name): frame \(frame) in random order")
            }

            let jumping = try VideoSource(path: path)
            for frame in [59, 0, 58, 1, 31, 30, 29, 45, 12, 11, 13] {
                XCTAssertEqual(try jumping.picture(at: Double(frame) / 30), inOrder[frame], "\(name): frame \(frame) after a jump")
            }

            let looping = try VideoSource(path: path)
            for frame in 0..<looping.frameCount {
                XCTAssertEqual(try looping.picture(at: 4 + Double(frame) / 30), inOrder[frame], "\(name): frame \(frame) two loops on")
            }
            XCTAssertEqual(Set(inOrder.map { try? $0.ycbcr().luma }).count, inOrder.count, "\(name): every frame differs")
        }
    }

    /// At 60 frames a second every 30 fps frame shows twice, and each is the
    /// 30 fps frame: the same source frames whatever the output rate.
    func testSixtyFramesASecondShowEachFrameTwice() throws {
        let path = try VideoMedia.path("landscape.mp4")
        let thirty = try VideoSource(path: path)
        let sixty = try VideoSource(path: path)
        for frame in 0..<120 {
            XCTAssertEqual(sixty.frame(at: Double(frame) / 60), frame / 2)
            XCTAssertEqual(try sixty.picture(at: Double(frame) / 60), try thirty.picture(at: Double(frame / 2) / 30), "60 fps frame \(frame)")
        }
    }

    /// Playing a 12 s video through, in a random order and looping, never
    /// holds more than `picturesKept` decoded pictures.
    func testPicturesHeldStayWithinTheCap() throws {
        let source = try VideoSource(path: VideoMedia.path("long.mp4"))
        XCTAssertEqual(source.frameCount, 360)
        var most = 0
        var generator = SeededGenerator(state: 7)
        let times = (0..<400).map { Double($0) / 30 } + (0..<200).map { _ in generator.unit() * 30 }
        for time in times {
            _ = try source.picture(at: time)
            most = max(most, source.picturesHeld)
        }
        XCTAssertLessThanOrEqual(most, VideoSource.picturesKept)
        XCTAssertGreaterThan(most, 0)
    }
}
