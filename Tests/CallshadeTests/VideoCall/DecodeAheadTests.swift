import CallshadeCore
import CallshadeKinds
import CallshadeRender
import CallshadeVideo
import Foundation
import XCTest

/// `DecodeAhead` fetches a frame's pictures on its own thread, before the
/// renderer asks: the sources are asked for what that frame shows, at most
/// `depth` frames are waiting, and a failure is left for the renderer.
final class DecodeAheadTests: XCTestCase {
    /// A source that notes the source times it is asked for, and can be held until released.
    final class NotingSource: VideoPictureSource, @unchecked Sendable {
        let input = VideoInput(width: 8, height: 8)
        private let lock = NSLock()
        private var asked: [Double] = []
        private let gate = DispatchSemaphore(value: 0)
        private let holds: Bool
        let fails: Bool

        init(holds: Bool = false, fails: Bool = false) {
            self.holds = holds
            self.fails = fails
        }

        var times: [Double] {
            lock.lock()
            defer { lock.unlock() }
            return asked
        }

        func release(_ count: Int) {
            for _ in 0..<count { gate.signal() }
        }

        func picture(at sourceTime: Double) throws -> SourcePicture {
            if holds { gate.wait() }
            lock.lock()
            asked.append(sourceTime)
            lock.unlock()
            if fails { throw VideoError.cannotDecode(path: "held.mp4", reason: "damaged") }
            return .ycbcr(GeneratedVideo.frame(width: 8, height: 8, number: 0))
        }
    }

    private func pictures(remote: NotingSource, local: NotingSource) -> CallVideoPictures {
        let scenario = VideoCallFixtures.scenario([(1, .remoteVideo(true)), (2, .video(true))])
        return CallVideoPictures(timeline: CallTimeline(scenario), remote: remote, local: local)
    }

    func testAFrameStillToComeIsFetchedFromItsSources() {
        let (remote, local) = (NotingSource(), NotingSource())
        let pictures = pictures(remote: remote, local: local)
        let ahead = DecodeAhead(pictures: pictures)
        ahead.request(0.5)   // no video yet: nothing to fetch
        ahead.request(3.25)
        ahead.waitUntilIdle()
        let wanted = pictures.wanted(at: 3.25)
        XCTAssertEqual(remote.times, wanted.filter { $0.feed == .remote }.map(\.sourceTime))
        XCTAssertEqual(local.times, wanted.filter { $0.feed == .local }.map(\.sourceTime))
        XCTAssertEqual(remote.times, [2.25], "the peer's camera, 2.25 s after it came on")
        XCTAssertEqual(local.times, [1.25])
    }

    func testAtMostDepthFramesWaitAndAFailureIsLeftToTheRenderer() throws {
        let (remote, local) = (NotingSource(holds: true, fails: true), NotingSource())
        let ahead = DecodeAhead(pictures: pictures(remote: remote, local: local), depth: 2)
        for frame in 0..<5 { ahead.request(3 + Double(frame) / 60) }
        remote.release(5)
        ahead.waitUntilIdle()
        XCTAssertEqual(remote.times.count, 2, "requests beyond the depth are dropped: \(remote.times)")
        // The failure did not escape the thread; the renderer meets it when it asks.
        XCTAssertThrowsError(try pictures(remote: NotingSource(fails: true), local: local).asset(at: 3))
    }
}
