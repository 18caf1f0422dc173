import CallshadeCore
import CallshadeKinds
import CallshadePNG
import Foundation

/// Frames with the waves and the avatar, built from real timeline states.
enum ForegroundFixtures {
    static var folder: URL { TestPaths.packageRoot.appendingPathComponent("Tests/CallshadeTests/Fixtures") }
    static var avatarPath: String { folder.appendingPathComponent("avatar.png").path }

    /// An active call (Goldens/scenarios/foreground.json): level 0 until 4 s, 3 from 4 s; muted 9 to 10 s; near 12 to 14 s; taps keep it awake.
    static let timeline = CallTimeline(GoldenScenarios.load("foreground"))

    /// The fixture photo prepared for `layout`; each side is prepared once a run
    /// (a few tenths of a second unoptimised, and dozens of frames use it).
    static func avatar(for layout: CallLayout) throws -> AvatarImage? {
        let side = AvatarImage.side(for: layout)
        return try prepared.value(for: side) { AvatarImage.prepare(try PNGFile.read(path: avatarPath), side: side) }
    }

    private static let prepared = Memo<Int, AvatarImage?>(limit: 16)

    /// The frame at `time` of `timeline`, every tag unless told otherwise.
    static func scene(at time: Double, size: String = "390x844", layers: Set<SceneTag> = Set(CallKind.elements.tags),
                      photo: Bool = false, seed: Int64? = nil) throws -> Scene {
        let layout = try CallLayout(size: try FrameSize(parsing: size))
        let screen = CallScreen(layout: layout, seed: seed ?? timeline.scenario.seed, avatar: photo ? try avatar(for: layout) : nil,
                                showing: layers)
        return screen.scene(at: timeline.state(at: time))
    }
}
