@testable import CallshadeCore
import XCTest

/// The video call's node types on the GPU (video-call, sections 2 to 5):
/// every route held to the CPU reference by the foreground's parity rule.
final class VideoGPUTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    private func matrix() throws -> RouteMatrix { RouteMatrix(gpu: try Self.shared.renderer()) }

    /// The scene of `layers` at `time`, without its video pictures when `shadeOnly`.
    private func scene(_ changes: [(Double, ScenarioChange)], layers: Set<SceneTag>, at time: Double, size: String = "390x844",
                       remote: GeneratedVideo = GeneratedVideo(width: 90, height: 160), shadeOnly: Bool = false) throws -> Scene {
        let (screen, timeline) = try VideoCallFixtures.screen(VideoCallFixtures.scenario(changes), layers: layers, remote: remote, size: size)
        var scene = try VideoCallFixtures.scene(screen, timeline, at: time)
        if shadeOnly { scene.nodes.removeAll { !($0 is ShadeNode) } }
        return scene
    }

    /// The black backdrop growing from the avatar's circle, the phone's
    /// corners and the shadows, over the gradient: mid-spring and at rest.
    func testTheBackdropCornersAndShadowsMatchTheReference() throws {
        let matrix = try matrix()
        for time in [1.12, 2.0, 3.2] {
            let scene = try scene([(1, .remoteVideo(true))], layers: [.background, .video], at: time, shadeOnly: true)
            XCTAssertTrue(scene.nodes.contains { $0 is ShadeNode })
            try matrix.assertEveryRouteAgrees(scene, name: "video-shade-\(time)", rule: \.withinForegroundParity)
        }
    }
}
