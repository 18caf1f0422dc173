import CallshadeCore

/// A number over time that moves to each new target from the value shown
/// when the change comes, on the change's curve (progress 0 to 1 over its
/// own time): the editor's toggles (focus, buttons shown, the mode's pill).
public struct CurveTrack: Sendable {
    struct Change: Sendable {
        let start: Double
        let from: Double
        let to: Double
        let curve: @Sendable (Double) -> Double
    }

    public let initial: Double
    private var changes: [Change] = []

    public init(_ initial: Double) {
        self.initial = initial
    }

    /// The target the last change set.
    public var target: Double { changes.last?.to ?? initial }

    /// Moves to `value` from `time` on `curve` (changes come in time order; one to the current target is left out).
    public mutating func move(to value: Double, at time: Double, curve: @escaping @Sendable (Double) -> Double) {
        guard value != target else { return }
        changes.append(Change(start: time, from: self.value(at: time), to: value, curve: curve))
    }

    /// Moves to `value` eased in and out over `seconds`.
    public mutating func ease(to value: Double, at time: Double, over seconds: Double) {
        move(to: value, at: time) { fadeProgress($0, over: seconds) }
    }

    public func value(at time: Double) -> Double {
        guard let change = changes.last(where: { $0.start <= time }) else { return initial }
        return change.from + (change.to - change.from) * change.curve(time - change.start)
    }
}

/// The editor screen's toggles over a session (`editor.md` section 3):
/// focus (the control's morph on S(0.4), the knob's alpha and Cancel's
/// strokes), the colour button and Add shown, the mode's pill, the screen
/// in (entry) and out (exit), Zoom Out shown, Undo and Clear All enabled,
/// and the size preview.
public struct EditorChromeTracks: Sendable {
    public static let showSeconds = 0.2, entrySeconds = 0.3, cancelSeconds = 0.5, morph = Spring.standard(0.4)

    /// 0 unfocused to 1 focused: the wedge and the pill-to-knob morph (S(0.4)).
    public var morph: CurveTrack
    /// The knob's alpha and the labels' hiding (0.2 s).
    public var knob: CurveTrack
    /// Cancel's "x" (0) to "<" (1), 0.5 s eased.
    public var cancel: CurveTrack
    public var colourButton: CurveTrack
    public var add: CurveTrack
    /// 0 Draw, 1 Text.
    public var pill: CurveTrack
    /// The screen in (1) or out (0): entry and exit.
    public var screen: CurveTrack
    public var zoomOut: CurveTrack
    public var enabled: CurveTrack
    /// The size preview's alpha.
    public var preview: CurveTrack

    init(editor: DrawingEditor, timeline: StrokeShowing, zoom: CanvasZoom?, strokes: [Stroke]) {
        let morphCurve: @Sendable (Double) -> Double = { EditorChromeTracks.morph.progress($0) }
        var state = EditorState(editor)
        let spans = StrokeSpans(strokes)
        func buttonShown(_ state: EditorState) -> Double { !state.focused && state.selected.hasColour ? 1 : 0 }
        morph = CurveTrack(0)
        knob = CurveTrack(0)
        cancel = CurveTrack(0)
        colourButton = CurveTrack(buttonShown(state))
        add = CurveTrack(1)
        pill = CurveTrack(editor.mode == .text ? 1 : 0)
        screen = CurveTrack(editor.enters ? 0 : 1)
        if editor.enters { screen.ease(to: 1, at: 0, over: Self.entrySeconds) }
        zoomOut = CurveTrack(0)
        // Before any stroke's first sample none shows: Undo and Clear All start disabled.
        enabled = CurveTrack(0)
        preview = CurveTrack(0)
        for event in editor.events {
            let before = state
            _ = try? state.apply(event, strokes: strokes, spans: spans)
            let at = event.at
            if state.focused != before.focused {
                let focus = state.focused ? 1.0 : 0.0
                morph.move(to: focus, at: at, curve: morphCurve)
                knob.ease(to: focus, at: at, over: Self.showSeconds)
                cancel.ease(to: focus, at: at, over: Self.cancelSeconds)
                add.ease(to: 1 - focus, at: at, over: Self.showSeconds)
            }
            colourButton.ease(to: buttonShown(state), at: at, over: Self.showSeconds)
            pill.ease(to: state.mode == .text ? 1 : 0, at: at, over: Self.showSeconds)
            if state.exited && !before.exited { screen.ease(to: 0, at: at, over: Self.entrySeconds) }
            if case .size(let samples) = event.action, let last = samples.last {
                preview.ease(to: 1, at: at, over: Self.showSeconds)
                preview.ease(to: 0, at: last.time, over: Self.showSeconds)
            }
        }
        // Zoom Out shows while the zoom is over 1: it changes only where a stretch of the zoom starts or ends.
        if let zoom {
            for time in zoom.pieces.flatMap({ [$0.start, $0.end] }).sorted() {
                let zoomed = zoom.view(at: time).scale > 1 || zoom.view(at: time + 1e-9).scale > 1
                zoomOut.ease(to: zoomed ? 1 : 0, at: time, over: Self.showSeconds)
            }
        }
        for time in timeline.changes {
            enabled.ease(to: timeline.anyShown(at: time) ? 1 : 0, at: time, over: Self.showSeconds)
        }
    }
}

/// Whether any stroke shows at an instant, and the instants that can change it (Undo's and Clear All's enabled state).
struct StrokeShowing: Sendable {
    let strokes: [Stroke]
    let fates: StrokeFates

    func anyShown(at time: Double) -> Bool {
        strokes.indices.contains { StrokeLook.of($0, strokes[$0], fates: fates, at: time) != .absent }
    }

    /// Each stroke's start, each removal, each erasure's end and its undoing, in order.
    var changes: [Double] {
        let times = strokes.map(\.startTime) + Array(fates.removals.values)
            + fates.erasures.values.flatMap { $0.flatMap { [$0.gone] + ($0.restored.map { [$0] } ?? []) } }
        return Array(Set(times)).sorted()
    }
}
