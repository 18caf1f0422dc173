import CallshadeCore
import CallshadeGL
import XCTest

/// The wallpaper on every route a chat frame takes, held to the CPU
/// reference by the parity rule: dithered, mid-dissolve, and on a frame
/// whose tiles do not divide it. (A chat frame has no call gradient, so it
/// takes the GPU passes on the host route too: `RouteMatrix.routes(for:)`.)
final class WallpaperRouteTests: XCTestCase {
    func testEveryRouteAgreesWithTheReference() throws {
        let matrix = RouteMatrix(gpu: try makeGPURenderer())
        let wallpaper = ChatWallpaper(colors: ChatWallpaper.classicColors, phase: 6, variant: .android, iosKeyframes: true)
        let scenario = ChatScenario(settings: ScenarioSettings(duration: 2), wallpaper: wallpaper,
                                    events: [ChatEvent(at: 0.5, change: .wallpaperStep, index: 0)])
        for (time, dither) in [(0.6, false), (0.6, true), (1.5, true)] {
            var scene = ChatScreen(scenario, size: try FrameSize(width: 61, height: 133)).scene(at: time)
            scene.dither = dither
            XCTAssertNotNil(scene.node(WallpaperNode.self))
            try matrix.assertEveryRouteAgrees(scene, name: "wallpaper-\(time)-\(dither)")
        }
    }
}
