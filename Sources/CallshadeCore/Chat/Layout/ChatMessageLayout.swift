/// Where the chat's messages go (chat, sections 2.4 to 2.8), in points on
/// the screen (y down), from their texts' widths: each message's lines
/// (broken at spaces, an overlong word by grapheme), its frame, body,
/// corners and tail, its text's lines and its status box; the list
/// bottom-anchored above the empty input panel.
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

        public static func == (a: Placed, b: Placed) -> Bool {
            a.message == b.message && a.frame == b.frame && a.body == b.body && a.radii == b.radii && a.hasTail == b.hasTail
                && a.lines.map(\.text) == b.lines.map(\.text) && a.lines.map(\.top) == b.lines.map(\.top) && a.status == b.status
        }
    }

    public struct Box: Equatable, Sendable {
        public let x: Double, y: Double, width: Double, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
        public var right: Double { x + width }
        public var bottom: Double { y + height }
    }

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

    public let placed: [Placed]

    /// Lays out `messages` (oldest first); `width` gives a text's width in points in a style.
    public init(_ messages: [ChatMessage], width: (String, TextStyle) -> Double) {
        var sized: [(message: ChatMessage, lines: [String], lastShares: Bool, frameWidth: Double, frameHeight: Double, statusWidth: Double)] = []
        for message in messages {
            let lines = Self.lines(message.text, width: { width($0, Self.textStyle) })
            let widths = lines.map { width($0, Self.textStyle) }
            let statusWidth = 10 + width(message.time, Self.timeStyle) + (message.side == .outgoing ? 13 : 0)
            let last = widths.last ?? 0
            let shares = last + statusWidth <= Self.wrap
            let content = max(widths.max() ?? 0, statusWidth, shares ? last + statusWidth : 0)
            let height = max(35, 12 + Self.pitch * Double(lines.count) + (shares ? 0 : 13))
            sized.append((message, lines, shares, 30 + content, height, statusWidth))
        }
        var placed: [Placed] = []
        var bottom = Self.newestBottom
        for index in sized.indices.reversed() {
            let item = sized[index]
            let side = item.message.side
            let mergedAbove = index > 0 && sized[index - 1].message.side == side
            let mergedBelow = index + 1 < sized.count && sized[index + 1].message.side == side
            let frame = Box(x: side == .outgoing ? 386 - item.frameWidth : 4, y: bottom - item.frameHeight,
                            width: item.frameWidth, height: item.frameHeight)
            let body = side == .outgoing
                ? Box(x: frame.x + 1, y: frame.y + 1, width: frame.width - 8, height: frame.height - 2)
                : Box(x: frame.x + 7, y: frame.y + 1, width: frame.width - 8, height: frame.height - 2)
            let (top, low) = (mergedAbove ? 8.0 : 16.0, mergedBelow ? 8.0 : 16.0)
            let radii = side == .outgoing ? [16, top, low, 16] : [top, 16, 16, low]
            let lines = item.lines.enumerated().map { ($0.element, frame.y + Self.textTop + Self.pitch * Double($0.offset)) }
            let lastBottom = frame.y + Self.textTop + Self.pitch * Double(item.lines.count)
            let statusTop = item.lastShares ? lastBottom - 13 : lastBottom
            let status = Box(x: body.right - 11 - item.statusWidth, y: statusTop, width: item.statusWidth, height: 13)
            placed.append(Placed(message: item.message, frame: frame, body: body, radii: radii, hasTail: !mergedBelow, lines: lines,
                                 textLeft: body.x + 11, status: status))
            let gapAbove = mergedAbove ? Self.mergedGap : Self.gap
            bottom = frame.y - gapAbove
        }
        self.placed = placed.reversed()
    }

    /// `text` broken into lines no wider than `wrap` points: at spaces (and
    /// newlines), a word wider than a line by grapheme.
    public static func lines(_ text: String, width: (String) -> Double) -> [String] {
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
