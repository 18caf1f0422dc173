import CallshadeCore

/// The contest editor's animation settings (chat, section 4): per block
/// (a kind of message, or the background) a duration of 30, 45 or 60
/// frames and a window with a bezier per property; the background block also
/// has the wallpaper's colours. Blocks and properties come in a fixed order
/// (`ChatAnimationSettings.defaults`'), the order export writes them in.
public struct ChatAnimationSettings: Equatable, Sendable {
    /// One block: its name, its duration in frames, its properties' windows in order, and (the background's) colours.
    public struct Block: Equatable, Sendable {
        public let name: String
        public var duration: Int
        public var properties: [(name: String, window: AnimationWindow)]
        /// Only the background block has colours.
        public var colors: [RGB]?

        public init(name: String, duration: Int, properties: [(name: String, window: AnimationWindow)], colors: [RGB]? = nil) {
            self.name = name
            self.duration = duration
            self.properties = properties
            self.colors = colors
        }

        /// The window of the property called `name` (the default's when the block has none such).
        public func window(_ name: String) -> AnimationWindow {
            properties.first { $0.name == name }?.window ?? AnimationWindow(start: 0, end: duration, x1: 0.33, x2: 0)
        }

        public static func == (a: Block, b: Block) -> Bool {
            a.name == b.name && a.duration == b.duration && a.colors == b.colors
                && a.properties.map(\.name) == b.properties.map(\.name) && a.properties.map(\.window) == b.properties.map(\.window)
        }
    }

    public var blocks: [Block]

    public init(blocks: [Block]) {
        self.blocks = blocks
    }

    /// The block called `name` (every settings value has every block).
    public func block(_ name: String) -> Block {
        blocks.first { $0.name == name } ?? Self.defaults.blocks.first { $0.name == name } ?? Block(name: name, duration: 30, properties: [])
    }

    /// The file's format name, version and frame rate (chat, section 4.2).
    public static let format = "callshade-chat-animation"
    public static let version = 1
    public static let fps = 60
    /// The durations a block may have, in frames.
    public static let durations = [30, 45, 60]

    /// The defaults (chat, section 4.2, ours): curve (0.33, 0, 0, 1), x2 0.67 for colorChange and timeAppears.
    public static let defaults: ChatAnimationSettings = {
        func window(_ start: Int, _ end: Int, _ x2: Double = 0) -> AnimationWindow { AnimationWindow(start: start, end: end, x1: 0.33, x2: x2) }
        func message(_ name: String, _ duration: Int, _ ends: [Int]) -> Block {
            Block(name: name, duration: duration, properties: [
                ("yPosition", window(0, ends[0])), ("xPosition", window(0, ends[1])), ("bubbleShape", window(0, ends[2])),
                ("textPosition", window(0, ends[3])), ("colorChange", window(0, ends[4], 0.67)), ("timeAppears", window(0, ends[5], 0.67)),
            ])
        }
        return ChatAnimationSettings(blocks: [
            message("smallMessage", 30, [30, 15, 10, 10, 15, 15]),
            message("bigMessage", 45, [45, 22, 15, 15, 22, 22]),
            Block(name: "singleEmoji", duration: 30, properties: [
                ("yPosition", window(0, 30)), ("xPosition", window(0, 15)), ("emojiScale", window(5, 15)), ("timeAppears", window(5, 15, 0.67)),
            ]),
            Block(name: "background", duration: 60, properties: [("position", window(0, 60))], colors: ChatWallpaper.contestColors),
            message("linkPreview", 30, [30, 30, 30, 30, 30, 30]),
            Block(name: "sticker", duration: 30, properties: [
                ("xPosition", window(0, 30)), ("yPosition", window(0, 30)), ("stickerScale", window(0, 30)), ("timeAppears", window(0, 30, 0.67)),
            ]),
            Block(name: "voiceMessage", duration: 30, properties: [("xPosition", window(0, 30)), ("yPosition", window(0, 30))]),
            Block(name: "videoMessage", duration: 30, properties: [
                ("xPosition", window(0, 30)), ("yPosition", window(0, 30)), ("timeAppears", window(0, 30, 0.67)),
            ]),
        ])
    }()

    /// The blocks that no send draws yet: checked, exported and plotted (chat, section 4.2).
    public static let unrenderedBlocks = ["linkPreview"]
}
