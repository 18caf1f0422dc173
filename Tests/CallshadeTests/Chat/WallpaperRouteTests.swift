import CallshadeCore
import CallshadeKinds
import CallshadeGL
import CallshadeSVG
import XCTest

/// The wallpaper on every route a chat frame takes, held to the CPU
/// reference by the parity rule: dithered, mid-dissolve, and on a frame
/// whose tiles do not divide it. (A chat frame has no call gradient: on the
/// host route the host draws it whole, `HostWallpaper`.)
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

    /// The pattern in each mode (soft light with black and with white shapes, normal, inverted).
    func testThePatternAgreesOnEveryRoute() throws {
        let matrix = RouteMatrix(gpu: try makeGPURenderer())
        let size = try FrameSize(width: 61, height: 133)
        let mask = try PatternDrawing.mask(file: TestPaths.packageRoot.appendingPathComponent("Examples/chat-pattern.svg").path, size: size)
        let dark = ["#202830", "#102020", "#302010"].compactMap(RGB.init(hex:))
        for (intensity, colors) in [(70, ChatWallpaper.classicColors), (70, dark), (45, [RGB.black, .black, .black]), (-80, ChatWallpaper.classicColors)] {
            let wallpaper = ChatWallpaper(colors: colors, phase: 1, variant: .ios, patternPath: "p.svg", intensity: intensity)
            var scene = ChatScreen(ChatScenario(settings: ScenarioSettings(duration: 1), wallpaper: wallpaper), size: size, pattern: mask).scene(at: 0)
            scene.dither = intensity == 45
            XCTAssertNotNil(scene.node(WallpaperNode.self)?.pattern)
            try matrix.assertEveryRouteAgrees(scene, name: "pattern-\(intensity)")
        }
    }
}
