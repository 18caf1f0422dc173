import CallshadeCore

/// A chat scenario (the chat kind's, `ChatKind`; chat, section 0): the
/// conversation on screen at 0, the wallpaper, and the events that send
/// messages, step the wallpaper and mark sent messages read.
public struct ChatScenario: SettingsBackedScenario, Equatable {
    public let settings: ScenarioSettings
    /// The contact's name in the navigation bar.
    public let name: String
    /// The contact's picture (an absolute path), or nil for the placeholder with initials.
    public let avatarPath: String?
    /// The line under the name ("online" by default).
    public let subtitle: String
    /// The date pill's label ("Today" by default).
    public let date: String
    /// The time shown on messages sent by events without their own ("12:41" by default).
    public let now: String
    public let wallpaper: ChatWallpaper
    /// The messages on screen at 0, oldest first.
    public let messages: [ChatMessage]
    public let animation: ChatAnimationPreset
    /// In file order.
    public let events: [ChatEvent]
    /// The emoji the scenario animates: each emoji (without U+FE0F) to its TGS file (an absolute path).
    public let animatedEmoji: [String: String]

    public static let defaultName = "Emma Walker"
    public static let defaultSubtitle = "online"
    public static let defaultDate = "Today"
    public static let defaultNow = "12:41"

    public init(settings: ScenarioSettings, name: String = ChatScenario.defaultName, avatarPath: String? = nil,
                subtitle: String = ChatScenario.defaultSubtitle, date: String = ChatScenario.defaultDate,
                now: String = ChatScenario.defaultNow, wallpaper: ChatWallpaper = ChatWallpaper(), messages: [ChatMessage] = [],
                animation: ChatAnimationPreset = .shipped, events: [ChatEvent] = [], animatedEmoji: [String: String] = [:]) {
        self.animatedEmoji = animatedEmoji
        self.settings = settings
        self.name = name
        self.avatarPath = avatarPath
        self.subtitle = subtitle
        self.date = date
        self.now = now
        self.wallpaper = wallpaper
        self.messages = messages
        self.animation = animation
        self.events = events
    }

    public var scene: String { ChatKind.name }
}

/// One message of the conversation (chat, section 0).
public struct ChatMessage: Equatable, Sendable {
    public enum Side: String, CaseIterable, Sendable {
        case incoming, outgoing
    }

    /// An outgoing message's checks: one (sent) or two (read).
    public enum Status: String, CaseIterable, Sendable {
        case sent, read
    }

    public let side: Side
    /// The text; for media, what a reply quotes ("Sticker").
    public let text: String
    public let time: String
    /// Nil for incoming messages.
    public let status: Status?
    /// What it shows instead of text (a sticker), if anything.
    public let media: ChatMedia?

    public init(side: Side, text: String, time: String, status: Status? = nil, media: ChatMedia? = nil) {
        self.side = side
        self.text = text
        self.time = time
        self.status = side == .outgoing ? status ?? .read : nil
        self.media = media
    }

    /// Whether it is drawn as an emoji, without a bubble (chat, section 2.9): its text is one emoji grapheme.
    public var isEmoji: Bool { media == nil && SendKind.isSingleEmoji(text) }

    /// Whether it stands on its own without a bubble: a sticker, an animated emoji or a round video (chat-types sections 2 and 4).
    public var isStandalone: Bool { media?.lottie != nil || roundVideo != nil }

    /// The sticker it shows, if it is one.
    public var sticker: ChatMedia.LottieSend? {
        if case .sticker(let sticker) = media { return sticker }
        return nil
    }

    /// The animated emoji it shows, if it is one.
    public var animatedEmoji: ChatMedia.LottieSend? {
        if case .animatedEmoji(let emoji) = media { return emoji }
        return nil
    }

    /// The voice message it plays, if it is one.
    public var voice: ChatMedia.RecordedSend? {
        if case .voice(let voice) = media { return voice }
        return nil
    }

    /// The round video it plays, if it is one.
    public var roundVideo: ChatMedia.RecordedSend? {
        if case .roundVideo(let video) = media { return video }
        return nil
    }
}

/// What a send shows instead of text (`chat-types.md` section 0).
public enum ChatMedia: Equatable, Sendable {
    /// A Lottie sent: a sticker from the panel, or an emoji the scenario animates (section 2).
    public struct LottieSend: Equatable, Sendable {
        /// The TGS file (an absolute path).
        public let path: String
        /// Where its flight starts (points), or nil for the field's centre.
        public let from: Vec2?
        /// The send's instant (seconds), from which it plays: set by the timeline for a message it sends.
        public var sentAt: Double

        public init(path: String, from: Vec2? = nil, sentAt: Double = 0) {
            self.path = path
            self.from = from
            self.sentAt = sentAt
        }
    }

    /// A voice message recorded before its send (section 3), or a round video captured before it (section 4).
    public struct RecordedSend: Equatable, Sendable {
        /// The audio or video file (an absolute path).
        public let path: String
        /// The send's instant (seconds): set by the timeline for a message it sends.
        public var sentAt: Double

        public init(path: String, sentAt: Double = 0) {
            self.path = path
            self.sentAt = sentAt
        }
    }

    case sticker(LottieSend)
    /// A one-emoji text send that `animatedEmoji` names (section 0, rule 3; section 2, rule 3).
    case animatedEmoji(LottieSend)
    case voice(RecordedSend)
    case roundVideo(RecordedSend)

    /// The Lottie it plays, and whether it loops (a sticker) or plays once (an animated emoji); nil for a voice message.
    public var lottie: (send: LottieSend, loops: Bool)? {
        switch self {
        case .sticker(let sticker): return (sticker, true)
        case .animatedEmoji(let emoji): return (emoji, false)
        case .voice, .roundVideo: return nil
        }
    }

    /// The file it shows or plays.
    public var path: String {
        switch self {
        case .sticker(let send), .animatedEmoji(let send): return send.path
        case .voice(let voice), .roundVideo(let voice): return voice.path
        }
    }

    /// Whether it is typed in the field (an animated emoji: a draft shows it) rather than picked from a panel (a sticker: no draft).
    public var isTyped: Bool {
        if case .animatedEmoji = self { return true }
        return false
    }

    /// The same media sent at `at`.
    public func sent(at: Double) -> ChatMedia {
        switch self {
        case .sticker(var sticker):
            sticker.sentAt = at
            return .sticker(sticker)
        case .animatedEmoji(var emoji):
            emoji.sentAt = at
            return .animatedEmoji(emoji)
        case .voice(var voice):
            voice.sentAt = at
            return .voice(voice)
        case .roundVideo(var video):
            video.sentAt = at
            return .roundVideo(video)
        }
    }

    /// Its file's name, as listings show it.
    public var shownName: String {
        UserText.shown(String(path.split(separator: "/").last ?? ""), limit: 48)
    }

    /// What a reply quotes for a sticker and a voice message (section 6, rule 1), and their messages' text.
    public static let stickerQuote = "Sticker"
    public static let voiceQuote = "Voice Message"
    public static let videoQuote = "Video Message"

    /// `text` as the animated emoji's keys are compared (U+FE0F left out, as Telegram's lookup).
    public static func emojiKey(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value != 0xFE0F }))
    }
}

/// What a chat event does (chat, section 0).
public enum ChatChange: Equatable, Sendable {
    /// A message sent from the input field or a panel: its text (for
    /// media, what a reply quotes), its kind when the scenario names one,
    /// its time when it gives one (else the scenario's `now`), and its media.
    case send(text: String, kind: SendKind?, time: String?, media: ChatMedia? = nil)
    /// The wallpaper moves one step without a message.
    case wallpaperStep
    /// The sent messages show their second check.
    case read
}

/// How a sent message flies (chat, section 3); the kind of a send that
/// names none follows from its text.
public enum SendKind: String, CaseIterable, Sendable {
    case small, large, emoji, sticker, animatedEmoji, voice, roundVideo
}

public struct ChatEvent: Equatable, Sendable {
    public let at: Double
    public let change: ChatChange
    /// Its place in the file's list, for messages.
    public let index: Int

    public init(at: Double, change: ChatChange, index: Int) {
        self.at = at
        self.change = change
        self.index = index
    }
}

/// Which animation settings the sends and steps follow (chat, sections 0,
/// 3 and 4): the app's curves, or the contest editor's model with its
/// settings (`"contest"`: the defaults; a settings file or an inline object).
public enum ChatAnimationPreset: Equatable, Sendable {
    /// The app's (section 3.2).
    case shipped
    /// The contest editor's model with these settings (section 4).
    case editor(ChatAnimationSettings)

    /// The contest editor's defaults (section 4.2).
    public static let contest = ChatAnimationPreset.editor(.defaults)
    /// The two named presets.
    public static let allCases: [ChatAnimationPreset] = [.shipped, .contest]

    /// The settings of the editor's model (nil: shipped).
    public var settings: ChatAnimationSettings? {
        if case .editor(let settings) = self { return settings }
        return nil
    }
}
