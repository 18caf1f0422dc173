import CallshadeCore

/// Where the chat's messages go (chat, sections 2.4 to 2.8), in points on
/// the screen (y down), from their texts' widths: each message's lines
/// (broken at spaces, an overlong word by grapheme), its frame, body,
/// corners and tail, its text's lines and its status box; the list
/// bottom-anchored above the empty input panel. An emoji message (one emoji
/// grapheme, `ChatMessage.isEmoji`) has no bubble: its glyph in a 96-pt box
/// whose outer edge is 11 pt from the screen's (right edge 379 outgoing,
/// mirrored incoming, ours), its time in an 18-pt pill at the box's
/// bottom-right (section 2.9); it never merges with a neighbour.
public struct ChatMessageLayout: Equatable, Sendable {
    /// One message laid out.
    public struct Placed: Equatable, Sendable {
        public let message: ChatMessage
        /// The frame and the body (x, y, width, height in points).
        public let frame: Box
        public let body: Box
        /// The body's corner radii (top-left, top-right, bottom-right, bottom-left), in points.
        public let radii: [Double]
        public let hasTail: Bool
        /// Each line's text and its top (points).
        public let lines: [(text: String, top: Double)]
        /// The text's left edge (points).
        public let textLeft: Double
        /// The status box (time and checks).
        public let status: Box
        /// An emoji message's time pill (nil for a bubble).
        public let pill: Box?

        /// Whether it is drawn as an emoji without a bubble.
        public var isEmoji: Bool { message.isEmoji }

        public static func == (a: Placed, b: Placed) -> Bool {
            a.message == b.message && a.frame == b.frame && a.body == b.body && a.radii == b.radii && a.hasTail == b.hasTail
                && a.lines.map(\.text) == b.lines.map(\.text) && a.lines.map(\.top) == b.lines.map(\.top) && a.status == b.status && a.pill == b.pill
        }
    }

    public typealias Box = CallshadeCore.Box

    /// The spec's numbers (points).
    public static let wrap = 316.0
    public static let newestBottom = 765.0 - 4 - 7.0 / 3
    public static let mergedGap = 2.0
    public static let gap = 14.0 / 3
    public static let pitch = 21.0
    public static let textTop = 6.0 + 1.0 / 3
    public static let baseline = 16.5
    public static let textStyle = TextStyle(.regular, 17)
    public static let timeStyle = TextStyle(.regular, 11)
    /// An emoji message's glyph box and pill (section 2.9), and its box's distance from the screen's edge (ours: 390 - 379).
    public static let emojiBox = 96.0
    public static let emojiPillHeight = 18.0
    public static let emojiMargin = 11.0
    /// An animated emoji's box (chat-types section 2, rule 3).
    public static let animatedEmojiBox = 135.0

    public let placed: [Placed]
    /// The newest frame's bottom on this screen (points).
    public let newestBottom: Double

    /// The spec's screen height (points): on a frame of another aspect the
    /// list and the input panel keep their distance from its bottom (ours).
    public static let screenHeight = 844.0

    /// Lays out `messages` (oldest first) on a screen `height` points tall;
    /// `width` gives a text's width in points in a style, `canvas` a
    /// sticker's Lottie canvas (its aspect sizes its row; square when unknown),
    /// `voice` a voice message's sound (its length sizes its bubble; 0 when unknown).
    public init(_ messages: [ChatMessage], height: Double = ChatMessageLayout.screenHeight, width: (String, TextStyle) -> Double,
                canvas: (String) -> (width: Double, height: Double)? = { _ in nil }, voice: (String) -> VoiceClip? = { _ in nil }) {
        var sized: [(message: ChatMessage, lines: [String], lastShares: Bool, frameWidth: Double, frameHeight: Double, statusWidth: Double)] = []
        for message in messages {
            let statusWidth = 10 + width(message.time, Self.timeStyle) + (message.side == .outgoing ? 13 : 0)
            if message.isStandalone {
                // A sticker's or an animated emoji's frame follows from its row's bottom (`lottieRow`).
                sized.append((message, [], false, 0, 0, statusWidth))
                continue
            }
            if message.isEmoji {
                sized.append((message, [message.text], false, Self.emojiBox, Self.emojiBox, statusWidth))
                continue
            }
            if let send = message.voice {
                // A voice message's bubble (chat-types section 3, rule 2): W + 27 wide, 68 high.
                let clip = voice(send.path)
                let bubble = VoiceBubbleLayout(duration: clip?.duration ?? 0, durationWidth: width(clip?.shownDuration ?? "0:00", Self.timeStyle),
                                               statusWidth: statusWidth, right: 0, bottom: 0)
                sized.append((message, [], false, bubble.frameWidth, VoiceBubbleLayout.height, statusWidth))
                continue
            }
            let lines = Self.lines(message.text, width: { width($0, Self.textStyle) })
            let widths = lines.map { width($0, Self.textStyle) }
            let last = widths.last ?? 0
            let shares = last + statusWidth <= Self.wrap
            let content = max(widths.max() ?? 0, statusWidth, shares ? last + statusWidth : 0)
            let height = max(35, 12 + Self.pitch * Double(lines.count) + (shares ? 0 : 13))
            sized.append((message, lines, shares, 30 + content, height, statusWidth))
        }
        var placed: [Placed] = []
        // (The shift first: 0 exactly on the spec's screen, so its places stay those of the spec's sums.)
        newestBottom = Self.newestBottom + (height - Self.screenHeight)
        var bottom = newestBottom
        for index in sized.indices.reversed() {
            let item = sized[index]
            let side = item.message.side
            let emoji = item.message.isEmoji
            // A sticker's row (chat-types section 1, rule 1; section 2, rule 1): its insets 1 pt toward a same-side neighbour, else 7/3.
            if let lottie = item.message.media?.lottie {
                let (frame, rowHeight) = Self.lottieRow(lottie, canvas: canvas(lottie.send.path), rowBottom: bottom)
                let pillWidth = item.statusWidth + (side == .outgoing ? 4 : 0)
                let corner = Vec2(frame.right - 4, frame.bottom - 4)
                let pill = Box(x: corner.x - pillWidth, y: corner.y - Self.emojiPillHeight, width: pillWidth, height: Self.emojiPillHeight)
                let status = Box(x: pill.x, y: pill.y + (Self.emojiPillHeight - 13) / 2, width: item.statusWidth, height: 13)
                placed.append(Placed(message: item.message, frame: frame, body: frame, radii: [0, 0, 0, 0], hasTail: false, lines: [],
                                     textLeft: frame.x, status: status, pill: pill))
                let sameSideAbove = index > 0 && sized[index - 1].message.side == side
                bottom = bottom - rowHeight - (sameSideAbove ? Self.mergedGap : Self.gap)
                continue
            }
            if item.message.roundVideo != nil {
                // A round video's circle (chat-types section 1, rule 1; section 4, rule 1): its insets 4 pt both sides, where a
                // neighbour's row takes 1 toward it on its side, else 7/3 (as `bottom` took it for the row below).
                let diameter = RoundVideoFlight(animation: .shipped, screen: (390, height)).diameter
                let sameSideBelow = index + 1 < sized.count && sized[index + 1].message.side == side
                let frameBottom = bottom + (sameSideBelow ? Self.mergedGap / 2 : Self.gap / 2) - RoundVideoFlight.inset
                let frame = Box(x: StickerFlight.rightEdge - diameter, y: frameBottom - diameter, width: diameter, height: diameter)
                let pillWidth = item.statusWidth + (side == .outgoing ? 4 : 0)
                let pill = Box(x: min(frame.x + diameter / 2 + RoundVideoFlight.pillsApart, frame.right - 4 - pillWidth),
                               y: frame.bottom - Self.emojiPillHeight, width: pillWidth, height: Self.emojiPillHeight)
                let status = Box(x: pill.x, y: pill.y + (Self.emojiPillHeight - 13) / 2, width: item.statusWidth, height: 13)
                placed.append(Placed(message: item.message, frame: frame, body: frame, radii: [0, 0, 0, 0], hasTail: false, lines: [],
                                     textLeft: frame.x, status: status, pill: pill))
                let sameSideAbove = index > 0 && sized[index - 1].message.side == side
                bottom = frame.y - RoundVideoFlight.inset - (sameSideAbove ? Self.mergedGap / 2 : Self.gap / 2)
                continue
            }
            let lottieBelow = index + 1 < sized.count && sized[index + 1].message.isStandalone
            // Under a sticker, an animated emoji or a round video of its side, 1 pt each way.
            let lottieAbove = index > 0 && sized[index - 1].message.isStandalone && sized[index - 1].message.side == side
            // Bubbles of one side in a row merge (a voice message's too); an emoji merges with nothing.
            let mergedAbove = !emoji && index > 0 && sized[index - 1].message.side == side && !sized[index - 1].message.isEmoji
                && !sized[index - 1].message.isStandalone
            let mergedBelow = !emoji && !lottieBelow && index + 1 < sized.count && sized[index + 1].message.side == side
                && !sized[index + 1].message.isEmoji
            if emoji {
                let frame = Box(x: side == .outgoing ? 390 - Self.emojiMargin - Self.emojiBox : Self.emojiMargin, y: bottom - Self.emojiBox,
                                width: Self.emojiBox, height: Self.emojiBox)
                // The pill: the status box and, with checks, 4 pt more (the second check reaches 2 pt past the box; ours).
                let pillWidth = item.statusWidth + (side == .outgoing ? 4 : 0)
                let pill = Box(x: frame.right - pillWidth, y: frame.bottom - Self.emojiPillHeight, width: pillWidth,
                               height: Self.emojiPillHeight)
                let status = Box(x: pill.x, y: pill.y + (Self.emojiPillHeight - 13) / 2, width: item.statusWidth, height: 13)
                placed.append(Placed(message: item.message, frame: frame, body: frame, radii: [16, 16, 16, 16], hasTail: false,
                                     lines: [(item.message.text, frame.y)], textLeft: frame.x, status: status, pill: pill))
                bottom = frame.y - (lottieAbove ? Self.mergedGap : Self.gap)
                continue
            }
            let frame = Box(x: side == .outgoing ? 386 - item.frameWidth : 4, y: bottom - item.frameHeight,
                            width: item.frameWidth, height: item.frameHeight)
            let body = side == .outgoing
                ? Box(x: frame.x + 1, y: frame.y + 1, width: frame.width - 8, height: frame.height - 2)
                : Box(x: frame.x + 7, y: frame.y + 1, width: frame.width - 8, height: frame.height - 2)
            // Where the tail attaches (no merged neighbour below), the body's bottom tail-side corner is square:
            // body and tail are one shape, its bottom edge straight into the tip (section 2.6).
            let (top, low) = (mergedAbove ? 8.0 : 16.0, mergedBelow ? 8.0 : 0)
            let radii = side == .outgoing ? [16, top, low, 16] : [top, 16, 16, low]
            let lines = item.lines.enumerated().map { ($0.element, frame.y + Self.textTop + Self.pitch * Double($0.offset)) }
            let lastBottom = frame.y + Self.textTop + Self.pitch * Double(item.lines.count)
            // A voice message's status box: its top 50 below the frame's (chat-types section 3, rule 2).
            let statusTop = item.message.voice != nil ? frame.y + 50 : item.lastShares ? lastBottom - 13 : lastBottom
            let status = Box(x: body.right - 11 - item.statusWidth, y: statusTop, width: item.statusWidth, height: 13)
            placed.append(Placed(message: item.message, frame: frame, body: body, radii: radii, hasTail: !mergedBelow, lines: lines,
                                 textLeft: body.x + 11, status: status, pill: nil))
            let gapAbove = mergedAbove || lottieAbove ? Self.mergedGap : Self.gap
            bottom = frame.y - gapAbove
        }
        self.placed = placed.reversed()
    }

    /// A sticker's or an animated emoji's frame and its row's height on a row whose bottom is at `bottom`:
    /// a sticker's by `StickerFlight` (its canvas's aspect, square when unknown); an animated emoji's box is
    /// its frame, 135 x 135 with its right edge at 380, its row 135 (chat-types section 2, rules 1 and 3).
    static func lottieRow(_ lottie: (send: ChatMedia.LottieSend, loops: Bool), canvas: (width: Double, height: Double)?,
                          rowBottom bottom: Double) -> (frame: Box, rowHeight: Double) {
        guard lottie.loops else {
            let side = animatedEmojiBox
            return (Box(x: StickerFlight.rightEdge - side, y: bottom - side, width: side, height: side), side)
        }
        let flight = StickerFlight(animation: .shipped, canvas: canvas ?? (1, 1))
        return (flight.frame(rowBottom: bottom), flight.rowHeight)
    }

    /// `text` broken into lines no wider than `wrap` points: at spaces (and
    /// newlines), a word wider than a line by grapheme.
    public static func lines(_ text: String, wrap: Double = ChatMessageLayout.wrap, width: (String) -> Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if width(candidate) <= wrap {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                var piece = ""
                for character in word {
                    if !piece.isEmpty, width(piece + String(character)) > wrap {
                        lines.append(piece)
                        piece = ""
                    }
                    piece.append(character)
                }
                line = piece
            }
            lines.append(line)
        }
        return lines
    }
}
