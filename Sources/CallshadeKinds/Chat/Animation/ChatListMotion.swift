import CallshadeCore

/// The chat's list, input panel and flying sends at one instant (chat,
/// section 3), in points on the spec's screen: the messages laid out in
/// their final places, each row's vertical shift (the list following the
/// panel's height, and the rows above a flying send rising on its Y), the
/// panel's height and its draft, and each send still flying with its
/// progress, its place in the field at its instant (P) and, for a merged
/// neighbour, that neighbour's look before it (its tail fading). A pure
/// function of the scenario, the instant and the texts' widths.
public struct ChatListMotion: Sendable {
    /// A send that has not landed yet, or whose neighbour's tail is still fading.
    public struct Flight: Sendable {
        /// Its row in `layout`.
        public let index: Int
        public let kind: SendKind
        public let progress: SendProgress
        /// Whether the message itself still flies (false: only the neighbour's tail fades on).
        public let flying: Bool
        /// The field at the send's instant (P), moved up with everything above
        /// each later send by that send's rise so far (chat-types section 7:
        /// R_k = lerp(P_k, B_k, p_k) - sum_j D_j V_j, every lerp from P moved alike).
        public let field: ChatMessageLayout.Box
        /// How far the later sends have raised it so far (points, up negative): the field's move, for starts given apart from it.
        public let risen: Double
        /// The lines the field showed (the last 5).
        public let fieldLines: [String]
        /// The merged previous bubble's look before the send (its tail), placed in its row as `layout` places it, if it merges with it.
        public let neighbourBefore: ChatMessageLayout.Placed?

        /// The same flight with its start `dy` points lower.
        func raised(by dy: Double) -> Flight {
            Flight(index: index, kind: kind, progress: progress, flying: flying, field: field.shifted(by: dy), risen: risen + dy,
                   fieldLines: fieldLines, neighbourBefore: neighbourBefore)
        }
    }

    /// The field's draft before a send.
    public struct Draft: Sendable {
        public let text: String
        /// The lines shown (the last 5, broken at 280 pt).
        public let lines: [String]
        /// How far the panel has grown for it (0 -> 1 over 0.15 s ease-in-out): the draft's text and the send disc fade in on it.
        public let shown: Double
    }

    /// A voice message being recorded, or a round video captured, before its send, or just sent (chat-types sections 3 and 4).
    public struct Recording: Sendable {
        /// The round video captured (its file), or nil for a voice message.
        public let video: String?
        /// The seconds recorded so far, t - at + D (D once sent).
        public let elapsed: Double
        /// The dot and timer's opacity: 1 while recording, fading out over 0.15 s after the send (ours).
        public let shown: Double
        /// Whether the send has come (the recording disc flies with the play disc).
        public let sent: Bool
    }

    public let layout: ChatMessageLayout
    public let states: [(message: ChatMessage, readAt: Double?)]
    /// Each row's vertical shift from its place in `layout` (points, y down).
    public let shifts: [Double]
    public let flights: [Flight]
    /// The input panel's height (45 empty) and its draft, if one shows.
    public let panelHeight: Double
    public let draft: Draft?
    public let recording: Recording?
    /// The shift of the whole list with the panel (points; the date row over an empty list).
    public let listShift: Double

    /// The field's wrap and the most lines it shows (chat, sections 0 and 3.1).
    public static let fieldWrap = 280.0
    public static let fieldMostLines = 5
    /// The panel's growth with a draft (ours: 0.15 s ease-in-out).
    public static let panelGrowth = 0.15
    /// The empty panel's height.
    public static let emptyPanel = 45.0

    /// The rows at `time`, the text's widths in points by `width`, on a screen `height` points tall.
    public init(_ timeline: ChatTimeline, at time: Double, height: Double, width: @escaping (String, TextStyle) -> Double,
                canvas: (String) -> (width: Double, height: Double)? = { _ in nil }, voice: (String) -> VoiceClip? = { _ in nil },
                videoDuration: (String) -> Double? = { _ in nil }) {
        let scenario = timeline.scenario
        states = timeline.messageStates(at: time)
        layout = ChatMessageLayout(states.map(\.message), height: height, width: width, canvas: canvas, voice: voice)
        let sends = scenario.events.sorted { ($0.at, $0.index) < ($1.at, $1.index) }.compactMap { event -> (at: Double, text: String, kind: SendKind?, media: ChatMedia?)? in
            if case .send(let text, let kind, _, let media) = event.change { return (event.at, text, kind, media) }
            return nil
        }
        func fieldLines(_ text: String) -> [String] {
            ChatMessageLayout.lines(text, wrap: Self.fieldWrap) { width($0, ChatMessageLayout.textStyle) }
        }
        func draftHeight(_ lines: Int) -> Double { 24 + 21 * Double(min(max(lines, 1), Self.fieldMostLines)) }
        // The panel: the next send's draft growing it, each sent draft's height returning on its Y.
        var panel = Self.emptyPanel
        var draft: Draft?
        var recording: Recording?
        var flights: [Flight] = []
        var shifts = [Double](repeating: 0, count: layout.placed.count)
        let bottom = 810.0 + (height - ChatMessageLayout.screenHeight)
        for (rank, send) in sends.enumerated() {
            let previous = rank > 0 ? sends[rank - 1].at : 0
            let draftStart = ChatTimeline.leadStart(sendAt: send.at, lead: ChatTimeline.draftLead, previousSend: previous)
            // Media come from a panel (not drawn): no draft in the field, which stays empty.
            let typed = send.media?.isTyped ?? true
            // A voice message is recorded, a round video captured, during [max(at - D, previous send, 0), at) (chat-types
            // section 3, rule 3; section 4, rule 2); its dot and timer fade out after.
            let recorded: (video: String?, duration: Double)? = switch send.media {
            case .voice(let sent)?: voice(sent.path).map { (nil, $0.duration) }
            case .roundVideo(let sent)?: videoDuration(sent.path).map { (sent.path, $0) }
            default: nil
            }
            if let recorded {
                if time >= ChatTimeline.leadStart(sendAt: send.at, lead: recorded.duration, previousSend: previous), time < send.at {
                    recording = Recording(video: recorded.video, elapsed: time - send.at + recorded.duration, shown: 1, sent: false)
                } else if time >= send.at, time < send.at + VoiceSendFlight.recordingFade {
                    let gone = SendMotion.eased(SendMotion.easeInOut, time - send.at, over: VoiceSendFlight.recordingFade)
                    recording = Recording(video: recorded.video, elapsed: recorded.duration, shown: 1 - gone, sent: true)
                }
            }
            let lines = typed ? fieldLines(send.text) : []
            let grownAt = typed ? CubicBezierEasing.easeInOut.value((send.at - draftStart) / Self.panelGrowth) : 0
            let heightAt = Self.emptyPanel + (draftHeight(lines.count) - Self.emptyPanel) * grownAt
            if typed, time >= draftStart, time < send.at {
                let grown = CubicBezierEasing.easeInOut.value((time - draftStart) / Self.panelGrowth)
                panel += (draftHeight(lines.count) - Self.emptyPanel) * grown
                draft = Draft(text: send.text, lines: Array(lines.suffix(Self.fieldMostLines)), shown: grown)
                continue
            }
            guard time >= send.at else { continue }
            let kind = send.kind ?? (SendKind.isSingleEmoji(send.text) ? .emoji : lines.count > Self.fieldMostLines ? .large : .small)
            let motion = SendMotion(kind: kind, animation: scenario.animation)
            let elapsed = time - send.at
            let progress = motion.progress(elapsed)
            panel += (heightAt - Self.emptyPanel) * (1 - progress.rows)
            guard elapsed < max(motion.flight, SendMotion.tailFade) else { continue }
            let index = scenario.messages.count + rank
            guard index < layout.placed.count else { continue }
            // The rows above rise from where they were without it.
            let without = ChatMessageLayout(states.enumerated().filter { $0.offset != index }.map(\.element.message), height: height,
                                            width: width, canvas: canvas, voice: voice)
            if index > 0 {
                let rise = without.placed[index - 1].frame.y - layout.placed[index - 1].frame.y
                for row in 0..<index { shifts[row] += rise * (1 - progress.rows) }
                // Sends still flying above it rise with the list: their starts move by D V (section 7).
                flights = flights.map { $0.index < index ? $0.raised(by: -rise * progress.rows) : $0 }
            }
            // The neighbour's look before the send, in its row's place (its tail fades there, section 3.4).
            let neighbour = index > 0 && layout.placed[index - 1].hasTail != without.placed[index - 1].hasTail
                ? without.placed[index - 1].shifted(by: layout.placed[index - 1].frame.y - without.placed[index - 1].frame.y) : nil
            let field = ChatMessageLayout.Box(x: 42, y: bottom - heightAt + 6, width: 306, height: heightAt - 12)
            flights.append(Flight(index: index, kind: kind, progress: progress, flying: elapsed < motion.flight, field: field, risen: 0,
                                  fieldLines: Array(lines.suffix(Self.fieldMostLines)), neighbourBefore: neighbour))
        }
        panelHeight = panel
        self.draft = draft
        self.recording = recording
        let listShift = -(panel - Self.emptyPanel)
        self.listShift = listShift
        self.shifts = shifts.map { $0 + listShift }
        self.flights = flights
    }

    /// Whether row `index` is drawn by its flight rather than in the list.
    public func isFlying(_ index: Int) -> Bool {
        flights.contains { $0.index == index && $0.flying }
    }

    /// The input panel's top (points) on a screen `height` points tall.
    public func panelTop(height: Double) -> Double {
        810.0 + (height - ChatMessageLayout.screenHeight) - panelHeight
    }
}
