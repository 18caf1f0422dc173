/// The chat's wallpaper (chat, section 1): the raster of the scenario's
/// variant at the instant's pose, stretched over the frame, and the
/// pattern's mask over it at the scenario's intensity.
public struct WallpaperElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.wallpaper] }

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        let wallpaper = instant.scenario.wallpaper
        // The pattern is drawn with the wallpaper's tag (`--layers pattern` comes with the layout).
        let pattern = instant.pattern.map { PatternOverlay(mask: $0, intensity: wallpaper.intensity, colors: wallpaper.colors) }
        scene.nodes.append(WallpaperNode(instant.timeline.wallpaper.look(at: instant.time), variant: wallpaper.variant,
                                         colors: wallpaper.colors, size: scene.size, pattern: pattern))
    }
}

extension SceneTag {
    public static let wallpaper = SceneTag("wallpaper", help: "The chat's gradient wallpaper.")
}
