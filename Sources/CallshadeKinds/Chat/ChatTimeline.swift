import CallshadeCore
import Foundation

/// A chat scenario over time, in closed form (chat, section 5): the
/// wallpaper's steps, the sends and the reads follow from the events alone.
public struct ChatTimeline: Equatable, Sendable {
    public let scenario: ChatScenario
    public let wallpaper: WallpaperTrack

    public init(_ scenario: ChatScenario) {
        self.scenario = scenario
        wallpaper = WallpaperTrack(scenario)
    }

    /// The messages on screen at `time`, oldest first: the scenario's, then
    /// each send at or before it (outgoing, its time or the scenario's
    /// `now`, sent); a read at or before `time` marks every outgoing message
    /// sent before it read.
    public func messages(at time: Double) -> [ChatMessage] {
        messageStates(at: time).map(\.message)
    }

    /// The same, each with the instant a read turned it read (nil when none did: not read, or read from the start).
    public func messageStates(at time: Double) -> [(message: ChatMessage, readAt: Double?)] {
        let events = scenario.events.sorted { ($0.at, $0.index) < ($1.at, $1.index) }.filter { $0.at <= time }
        let reads = events.filter { $0.change == .read }.map(\.at)
        var states = scenario.messages.map { message -> (message: ChatMessage, readAt: Double?) in
            guard message.side == .outgoing, message.status == .sent, let first = reads.first else { return (message, nil) }
            return (ChatMessage(side: .outgoing, text: message.text, time: message.time, status: .read), first)
        }
        for event in events {
            guard case .send(let text, _, let sentTime, let media) = event.change else { continue }
            let readAt = reads.first { $0 >= event.at }
            states.append((ChatMessage(side: .outgoing, text: text, time: sentTime ?? scenario.now, status: readAt == nil ? .sent : .read,
                                       media: media?.sent(at: event.at)), readAt))
        }
        return states
    }

    /// The second check's pop after a read (chat, section 0): its scale 1.3 falling to 1 over 0.1 s (linear, ours).
    public static func readPop(since readAt: Double?, at time: Double) -> Double {
        guard let readAt else { return 1 }
        return 1.3 - 0.3 * min(max((time - readAt) / 0.1, 0), 1)
    }

    /// How long a draft shows before its send (chat, section 3.1).
    public static let draftLead = 0.8

    /// Where what comes before a send at `at` starts, `lead` seconds before it
    /// (a draft's 0.8 s, a recording's or a capture's D): never before the
    /// previous send, nor before 0.
    public static func leadStart(sendAt at: Double, lead: Double, previousSend: Double) -> Double {
        max(at - lead, previousSend, 0)
    }

    /// One line of `validate`'s listing.
    public struct Milestone: Equatable, Sendable {
        public let time: Double
        public let text: String
    }

    /// The notable moments, in time order: each draft's window, each send
    /// (its kind and the wallpaper step it starts), each step without a
    /// message and each read.
    public var milestones: [Milestone] {
        var lines: [Milestone] = []
        let duration = wallpaper.stepDuration
        let sendTimes = scenario.events.compactMap { event -> Double? in
            if case .send = event.change { return event.at }
            return nil
        }.sorted()
        let curve = "\(scenario.wallpaper.step.rawValue)\(scenario.wallpaper.iosKeyframes ? ", keyframes" : "")"
        for event in scenario.events.sorted(by: { ($0.at, $0.index) < ($1.at, $1.index) }) {
            switch event.change {
            case .send(let text, let kind, let time, let media):
                let previous = sendTimes.last { $0 < event.at } ?? 0
                let draft = Self.leadStart(sendAt: event.at, lead: Self.draftLead, previousSend: previous)
                if draft < event.at, media?.isTyped ?? true {
                    lines.append(Milestone(time: draft, text: "draft \"\(UserText.shown(text, limit: 24))\" until \(ShownNumber.text(event.at))"))
                }
                let kindName = kind == .animatedEmoji ? "animated emoji" : kind?.rawValue ?? (SendKind.isSingleEmoji(text) ? "emoji" : "auto")
                // The flight's window: its last track's end (an automatic kind as small; large when the draft needs over 5 lines).
                let flight = SendMotion(kind: kind ?? (SendKind.isSingleEmoji(text) ? .emoji : .small), animation: scenario.animation).flight
                let fps = Double(scenario.fps ?? 60)
                let what = media.map { media in media.isTyped ? "\"\(text)\" (\(media.shownName))" : media.shownName }
                    ?? "\"\(UserText.shown(text, limit: 24))\""
                lines.append(Milestone(time: event.at, text: "send (\(kindName)) \(what) at \(time ?? scenario.now); "
                                       + "flies until \(ShownNumber.text(event.at + flight)) (frame \(Int(((event.at + flight) * fps - 1e-9).rounded(.up)))); "
                                       + "wallpaper steps until \(ShownNumber.text(event.at + duration)) (\(curve))"))
            case .wallpaperStep:
                lines.append(Milestone(time: event.at, text: "wallpaper step until \(ShownNumber.text(event.at + duration)) (\(curve))"))
            case .read:
                lines.append(Milestone(time: event.at, text: "read: sent messages show two checks"))
            }
        }
        return lines.sorted { $0.time < $1.time }
    }
}
