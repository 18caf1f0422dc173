import CallshadeCore

/// How far each selectable button's selected look has come (section 5):
/// a selection change runs 0.16 s, linear, from wherever the previous one
/// had got to. Closed-form in time: each change's start is worked out once.
struct ButtonsTrack: Sendable {
    static let selectionSeconds = 0.16

    /// One button's changes: when, which way, and the look's progress then.
    private struct Changes: Sendable {
        var times: [Double] = []
        var turningOn: [Bool] = []
        var starts: [Double] = []

        mutating func append(_ time: Double, on: Bool) {
            let start = progress(at: time)
            times.append(time)
            turningOn.append(on)
            starts.append(start)
        }

        func progress(at time: Double) -> Double {
            guard let index = SortedTimes.lastIndex(in: times, atOrBefore: time) else { return 0 }
            let moved = (time - times[index]) / ButtonsTrack.selectionSeconds
            return min(max(starts[index] + (turningOn[index] ? moved : -moved), 0), 1)
        }
    }

    /// Speaker, video, mute (the end button is never selected).
    private let buttons: [Changes]

    /// The buttons of `status`'s calls; `speakerForced` says whether a
    /// video call forces the loudspeaker at an instant with events (video-call, section 8).
    init(_ status: StatusTrack, speakerForced: (Double) -> Bool = { _ in false }) {
        var buttons = [Changes](repeating: Changes(), count: 3)
        var previous = [false, false, false]
        for (time, status) in zip(status.times, status.statuses) {
            let selected = [status.speaker || speakerForced(time), status.video, status.muted]
            for index in selected.indices where selected[index] != previous[index] {
                buttons[index].append(time, on: selected[index])
            }
            previous = selected
        }
        self.buttons = buttons
    }

    /// Each button's selected look, 0 (normal) to 1 (selected), left to right.
    func selection(at time: Double) -> [Double] {
        buttons.map { $0.progress(at: time) } + [0]
    }
}
