import CallshadeCore

/// One notable moment of a timeline, for `callshade validate`.
public struct Milestone: Equatable, Sendable {
    public let time: Double
    public let text: String
}

extension CallTimeline {
    /// State changes, palette changes, taps, idle pauses and resumes, the
    /// waves' stops, freezes and visibility changes, the words, and the key,
    /// its tooltip, its panel and the notices, the rating, and the video
    /// call's cameras, swaps, flips, picture-in-picture moves and controls, in time order.
    public var milestones: [Milestone] {
        var items: [(Double, Int, String)] = []
        func add(_ time: Double, _ text: String) { items.append((time, items.count, text)) }

        var previous = CallStatus()
        for (time, state) in zip(status.times, status.statuses) {
            if state.state != previous.state { add(time, "call \(state.state.rawValue)") }
            if state.signal != previous.signal { add(time, "signal \(ShownNumber.text(state.signal))" + (state.state == .active ? "" : " (applies once active)")) }
            if state.wavesShown != previous.wavesShown {
                var reasons: [String] = []
                if state.remoteMuted { reasons.append("remote muted") }
                if state.energySaving { reasons.append("energy saving") }
                if state.state == .ended { reasons.append("call ended") }
                add(time, state.wavesShown ? "waves shown" : "waves hidden (\(reasons.joined(separator: ", ")))")
            }
            previous = state
        }
        for change in paletteChanges {
            add(change.time, "palette \(change.palette.name), crossfade \(ShownNumber.text(Self.crossfadeSeconds)) s")
        }
        for event in scenario.events {
            if case .tap(let target) = event.change { add(event.at, "tap on the \(target.rawValue)") }
        }
        for settle in phase.settles {
            if settle.rested {
                add(settle.trigger, "idle: background settles on phase \(ShownNumber.text(settle.restPhase))")
                add(settle.until, "background paused at phase \(ShownNumber.text(settle.restPhase))")
            } else {
                add(settle.trigger, "idle: background settling (a tap comes first)")
            }
        }
        for segment in phase.segments.dropFirst() where segment.running {
            add(segment.start, "background resumes from phase \(ShownNumber.text(segment.phase))")
        }
        for stop in waves.idleStops {
            add(stop.start, "idle: waves ease out")
            if stop.end.isFinite { add(stop.end, "waves come back") }
        }
        for freeze in waves.freezes where freeze.end > freeze.start {
            add(freeze.start, "waves frozen (proximity near)")
            if freeze.end.isFinite { add(freeze.end, "waves move again") }
        }
        if let activation = status.activation { add(activation, "voice level bump (+2 for 0.2 s)") }
        for (time, text) in wordsMilestones { add(time, text) }
        for (time, text) in keyMilestones { add(time, text) }
        for (time, text) in videoMilestones where time <= scenario.duration { add(time, text) }
        // (What the rating sets off past the scenario's end is not seen.)
        for (time, text) in RatingTrack(scenario).milestones where time <= scenario.duration { add(time, text) }
        return items.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { Milestone(time: $0.0, text: $0.2) }
    }

    /// What the title, the status line and the pill say, and when they change.
    var wordsMilestones: [(Double, String)] {
        var items: [(Double, String)] = []
        // What shows from the start, unless a change at 0 replaces it.
        if words.titles.first?.time != 0 { items.append((0, "title \"\(words.name)\"")) }
        if words.lines.first?.time != 0 { items.append((0, "status \"Requesting\" with dots")) }
        for title in words.titles { items.append((title.time, "title \"\(title.text)\" (crossfade 0.15 s)")) }
        for line in words.lines {
            let text: String
            switch line.kind {
            case .waiting(let state): text = "status \"\(WordsTrack.label(of: state))\" with dots"
            case .active: text = "status: call timer from 0:00 and signal bars"
            case .ended:
                if let activation = status.activation, activation < line.time {
                    text = "status: final time \(WordsTrack.timer(line.time - activation))"
                } else {
                    text = "status: blank (the call never became active)"
                }
            }
            items.append((line.time, text))
        }
        for change in words.pillChanges {
            items.append((change.time, change.shows ? "pill \"\(WordsTrack.pillText)\" in" : "pill \"\(WordsTrack.pillText)\" out"))
        }
        return items
    }

    /// When the emoji key, its tooltip, its panel and each notice appear and go.
    var keyMilestones: [(Double, String)] {
        var items: [(Double, String)] = []
        let emoji = scenario.key.joined()
        for change in key.keyChanges { items.append((change.time, change.shown ? "key \(emoji) in (fade 0.3 s)" : "key out")) }
        for change in key.tooltipChanges {
            items.append((change.time, change.shown ? "tooltip \"\(KeyTrack.tooltipText)\" in"
                                                    : "tooltip out (\(change.exit?.rawValue ?? "gone"))"))
        }
        for change in key.panelChanges { items.append((change.time, change.open ? "key expanded: panel opens" : "panel closes")) }
        for change in key.noticeChanges {
            items.append((change.time, "notice \"\(change.notice.text(name: scenario.name))\" \(change.shown ? "in" : "out")"))
        }
        return items
    }

    /// When each camera comes on and goes off, each swap, flip and move of
    /// the picture in picture, and each time the controls hide or show.
    var videoMilestones: [(Double, String)] {
        video.notes.map { ($0.time, $0.text) }
            + video.controls.changes.map { ($0.time, "controls \($0.hidden ? "hide" : "show") (\($0.cause.rawValue))") }
    }
}
