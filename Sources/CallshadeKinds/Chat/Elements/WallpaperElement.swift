import CallshadeCore

/// The chat's wallpaper (chat, section 1): the raster of the scenario's
/// variant at the instant's pose, stretched over the frame, and the
/// pattern's mask over it at the scenario's intensity. The pattern is a
/// layer of its own (`--layers pattern`); without the wallpaper's layer its
/// shapes lie over black.
public struct WallpaperElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.wallpaper, .pattern] }

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        var node = Self.node(at: instant, size: scene.size)
        if !showing.contains(.pattern) { node.pattern = nil }
        if !showing.contains(.wallpaper) {
            node = WallpaperNode(raster: RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255)), pattern: node.pattern)
        }
        scene.nodes.append(node)
    }

    /// The wallpaper with its pattern at `instant` in a frame of `size`: what the chat's glass shows a blurred copy of.
    /// `reuse`, when given, keeps the rasters made (a screen's, from frame to frame).
    public static func node(at instant: ChatInstant, size: FrameSize, reuse: ReuseStore? = nil) -> WallpaperNode {
        // Made once a frame by `ChatScreen` for its frame (the instant is that frame's).
        if let made = instant.wallpaper { return made }
        let wallpaper = instant.scenario.wallpaper
        let pattern = instant.pattern.map { PatternOverlay(mask: $0, intensity: wallpaper.intensity, colors: wallpaper.colors) }
        return WallpaperNode(instant.timeline.wallpaper.look(at: instant.time), variant: wallpaper.variant,
                             colors: wallpaper.colors, size: size, pattern: pattern, reuse: reuse)
    }
}

extension SceneTag {
    public static let wallpaper = SceneTag("wallpaper", help: "The chat's gradient wallpaper.")
    public static let pattern = SceneTag("pattern", help: "The wallpaper's pattern (over black without the wallpaper).")
}
