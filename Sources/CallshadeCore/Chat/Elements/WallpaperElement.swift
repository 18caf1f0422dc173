/// The chat's wallpaper (chat, section 1): the raster of the scenario's
/// variant at the instant's pose, stretched over the frame.
public struct WallpaperElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.wallpaper] }

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        let wallpaper = instant.scenario.wallpaper
        scene.nodes.append(WallpaperNode(instant.timeline.wallpaper.look(at: instant.time), variant: wallpaper.variant,
                                         colors: wallpaper.colors, size: scene.size))
    }
}

extension SceneTag {
    public static let wallpaper = SceneTag("wallpaper", help: "The chat's gradient wallpaper.")
}
