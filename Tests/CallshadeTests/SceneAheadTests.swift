import CallshadeCore
import CallshadeRender
import Foundation
import XCTest

/// The next frame's scene made on a thread of its own (`SceneAhead`): each
/// frame gets the scene made for it, each is made once, never two at once,
/// in order; an error comes out at its own frame; a frame asked for out of
/// turn is made then.
final class SceneAheadTests: XCTestCase {
    /// Records the frames made and whether two were ever made at once.
    final class Maker: @unchecked Sendable {
        private let lock = NSLock()
        private var making = 0
        private(set) var overlapped = false
        private(set) var made: [Int] = []

        func scene(_ index: Int, failing: Int? = nil) throws -> Scene {
            lock.lock()
            making += 1
            if making > 1 { overlapped = true }
            lock.unlock()
            // Long enough for the frame at hand to be asked for meanwhile.
            Thread.sleep(forTimeInterval: 0.002)
            lock.lock()
            making -= 1
            made.append(index)
            lock.unlock()
            if index == failing { throw CocoaError(.featureUnsupported) }
            return Scene(size: try FrameSize(width: 2 + index * 2, height: 2), background: nil)
        }
    }

    func testEachFrameGetsItsSceneMadeOnceInOrder() throws {
        let maker = Maker()
        let ahead = SceneAhead { try maker.scene($0) }
        for index in 0..<20 {
            let scene = try ahead.scene(index)
            if index + 1 < 20 { ahead.start(index + 1) }
            XCTAssertEqual(scene.size.width, 2 + index * 2)
        }
        ahead.waitUntilIdle()
        XCTAssertEqual(maker.made, Array(0..<20))
        XCTAssertFalse(maker.overlapped)
    }

    func testAnErrorComesOutAtItsFrame() throws {
        let maker = Maker()
        let ahead = SceneAhead { try maker.scene($0, failing: 3) }
        for index in 0..<3 {
            _ = try ahead.scene(index)
            ahead.start(index + 1)
        }
        XCTAssertThrowsError(try ahead.scene(3))
        // Asked for another frame than the one made ahead: made then, and the one ahead let go.
        ahead.start(4)
        XCTAssertEqual(try ahead.scene(7).size.width, 16)
        XCTAssertEqual(maker.made, [0, 1, 2, 3, 4, 7])
        XCTAssertFalse(maker.overlapped)
    }
}
