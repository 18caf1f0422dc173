import CallshadeCore

/// What the gallery shows at any instant (`gallery.md` sections 0 to 2):
/// where it starts, then each event from the grid it meets: a scroll from
/// the offset it meets; a pinch from the grid at rest there (stopping a
/// fling) to the grid it settles on; a tap that stops a fling, hits
/// nothing, is ignored while a pinch or a tap zoom runs, or over 5 columns
/// zooms in. Laid out for one frame size; closed form in time.
public struct GalleryTimeline: Sendable {
    /// One stretch of the timeline, from an instant to the next one's.
    enum Span: Sendable {
        case scroll(GalleryScroll.Segment, GalleryLayout)
        case rest(GalleryRest)
        case pinch(GalleryPinch)
        case tapZoom(GalleryTapZoom)
        case viewer(GalleryViewer)
    }

    /// What each event did, for `validate` and the studio: its kind, its
    /// instant, when what it started comes to rest (or the next event takes
    /// it), and a line.
    public struct Outcome: Sendable {
        public let event: GalleryEvent
        public var until: Double
        public var text: String
        /// Whether it opened the viewer (`until`: its close's end, or the scenario's).
        public var opensViewer = false
    }

    /// The grid before any event, and its offset (pixels, not rounded).
    public let start: GalleryLayout
    public let startOffset: Double
    /// That grid at rest (its offset drawn rounded).
    let startRest: GalleryRest
    let spans: [(at: Double, span: Span)]
    let starts: [Double]
    public let outcomes: [Outcome]

    /// The timeline of `scenario` in a frame of `size`; an event that cannot
    /// happen then (a scroll or a pinch while something runs, an `open` off
    /// screen, a `close` with no viewer) is refused, naming it.
    public init(_ scenario: GalleryScenario, size: FrameSize, file: String = "") throws {
        let layout = scenario.layout(size: size)
        start = layout
        switch scenario.start {
        case .top: startOffset = 0
        case .bottom: startOffset = Double(layout.maximumOffset)
        case .points(let points): startOffset = layout.clamped(points * layout.scale)
        }
        startRest = GalleryRest(layout: layout, offset: Int(startOffset.rounded()))
        var spans: [(at: Double, span: Span)] = []
        var outcomes: [Outcome] = []
        let scale = layout.scale
        for event in scenario.events {
            let now = Self.state(of: spans.last, at: event.at, start: startRest, startOffset: startOffset)
            // What runs now: the last scroll is interrupted here, a running zoom ignores a tap.
            if let last = outcomes.indices.last, outcomes[last].until > event.at, case .scroll = spans.last?.span {
                outcomes[last].until = event.at
                let lead = outcomes[last].text.components(separatedBy: "; settles at").first ?? outcomes[last].text
                outcomes[last].text = lead + "; at \(Self.points(now.offset, scale)) pt when events[\(event.index)] takes it at \(ShownNumber.text(event.at)) s"
            }
            let busy: Bool
            switch spans.last?.span {
            case .pinch(let pinch): busy = event.at < pinch.end
            case .tapZoom(let zoom): busy = event.at < zoom.end
            default: busy = false
            }
            // The viewer up now.
            var viewer: GalleryViewer?
            if case .viewer(let up) = spans.last?.span, up.isUp(at: event.at) { viewer = up }
            func refuseWhileViewerIsUp() throws {
                guard let viewer else { return }
                throw Self.refusal(file, event, "starts while the viewer that events[\(viewer.openedBy)] opened on item \(viewer.item) is up (\(viewer.end.map { "to \(ShownNumber.text($0)) s" } ?? "never closed"))")
            }
            /// Opens the viewer on `item` over the grid at rest now.
            func openViewer(_ item: Int, lead: String) {
                spans.append((event.at, .viewer(GalleryViewer(at: event.at, item: item, openedBy: event.index, rest: now.rest))))
                outcomes.append(Outcome(event: event, until: scenario.duration, text: "\(lead)opens item \(item) by \(ShownNumber.text(event.at + GalleryViewer.duration)) s",
                                        opensViewer: true))
            }
            switch event.action {
            case .scroll(let gesture):
                guard !busy else { throw Self.refusal(file, event, "starts while the zoom before it runs") }
                try refuseWhileViewerIsUp()
                let segment = GalleryScroll.Segment(at: event.at, from: now.offset, gesture: gesture, layout: now.layout)
                let settles = segment.settles(layout: now.layout)
                let what = gesture.samples.isEmpty ? "fling at \(ShownNumber.text(gesture.velocity)) pt/s"
                    : "drag of \(gesture.samples.count) samples over \(ShownNumber.text(gesture.dragDuration)) s, then fling at \(ShownNumber.text((gesture.velocity * 10).rounded() / 10)) pt/s"
                spans.append((event.at, .scroll(segment, now.layout)))
                outcomes.append(Outcome(event: event, until: settles, text: "scroll: \(what); settles at \(ShownNumber.text((settles * 1000).rounded() / 1000)) s on \(Self.points(GalleryScroll.offset(segment, at: settles, layout: now.layout), scale)) pt"))
            case .pinch(let gesture):
                guard !busy else { throw Self.refusal(file, event, "starts while the zoom before it runs") }
                try refuseWhileViewerIsUp()
                let pinch = GalleryPinch(at: event.at, start: now.rest, gesture: gesture, levels: scenario.levels)
                spans.append((event.at, .pinch(pinch)))
                let passes = pinch.passes, settled = pinch.settled
                let text = passes.count == 1 ? "pinch: nothing to zoom to; stays at \(now.layout.columns) across"
                    : "pinch: \(passes.map(String.init).joined(separator: " -> ")) across; settles at \(ShownNumber.text((pinch.end * 1000).rounded() / 1000)) s on \(settled.layout.columns) across at \(Self.points(Double(settled.offset), scale)) pt"
                outcomes.append(Outcome(event: event, until: pinch.end, text: text))
            case .tap(let x, let y):
                let point = Vec2(x * scale, y * scale)
                if busy || viewer != nil {
                    outcomes.append(Outcome(event: event, until: event.at, text: "tap: ignored while the \(busy ? "zoom runs" : "viewer is up")"))
                    continue
                }
                if case .scroll(let segment, let layout) = spans.last?.span, segment.settles(layout: layout) > event.at {
                    spans.append((event.at, .rest(now.rest)))
                    outcomes.append(Outcome(event: event, until: event.at, text: "tap: stops the scroll at \(Self.points(Double(now.rest.offset), scale)) pt"))
                    continue
                }
                guard let item = now.layout.hit(point, offset: now.rest.offset) else {
                    outcomes.append(Outcome(event: event, until: event.at, text: "tap: hits no tile"))
                    continue
                }
                guard now.layout.columns > GalleryTapZoom.opensAtMost,
                      let columns = scenario.levels.last(where: { $0 <= GalleryTapZoom.opensAtMost }) else {
                    openViewer(item, lead: "tap: ")
                    continue
                }
                let zoom = GalleryTapZoom(at: event.at, morph: GalleryMorph(from: now.rest, to: columns, about: point, item: item))
                spans.append((event.at, .tapZoom(zoom)))
                outcomes.append(Outcome(event: event, until: zoom.end,
                                        text: "tap: item \(item); zooms \(now.layout.columns) -> \(columns) across by \(ShownNumber.text(zoom.end)) s"))
            case .open(let item):
                guard !busy else { throw Self.refusal(file, event, "starts while the zoom before it runs") }
                try refuseWhileViewerIsUp()
                let tile = now.layout.tile(item, offset: now.rest.offset)
                guard tile.y + tile.height > 0, tile.y < now.layout.size.height else {
                    let rows = now.layout.heldRows(offset: now.rest.offset).map { "items \($0.lowerBound * now.layout.columns) to \(min(($0.upperBound + 1) * now.layout.columns, now.layout.count) - 1)" } ?? "none"
                    throw Self.refusal(file, event, "item \(item)'s tile is off the screen at \(ShownNumber.text(event.at)) s (the screen holds \(rows))")
                }
                openViewer(item, lead: "open: ")
            case .close:
                guard var up = viewer, let opener = outcomes.lastIndex(where: { $0.event.index == viewer?.openedBy }) else {
                    throw Self.refusal(file, event, "no viewer is open at \(ShownNumber.text(event.at)) s")
                }
                guard up.close == nil else {
                    throw Self.refusal(file, event, "the viewer is already closing (from \(ShownNumber.text(up.close?.at ?? 0)) s)")
                }
                up.close = GalleryViewer.Close(at: event.at, from: up.progress(at: event.at))
                spans[spans.count - 1].span = .viewer(up)
                let end = up.end ?? event.at
                outcomes[opener].until = end
                outcomes.append(Outcome(event: event, until: event.at, text: "close: item \(up.item)'s viewer closes by \(ShownNumber.text(end)) s"))
            }
        }
        self.spans = spans
        starts = spans.map(\.at)
        self.outcomes = outcomes
    }

    static func refusal(_ file: String, _ event: GalleryEvent, _ message: String) -> ScenarioError {
        ScenarioError(file: file, location: "events[\(event.index)].\(event.actionKey)", message)
    }

    static func points(_ pixels: Double, _ scale: Double) -> String { ShownNumber.text((pixels / scale * 100).rounded() / 100) }

    /// The grid at `time` under `span`: its layout, its offset (pixels, not rounded) and the grid at rest there.
    static func state(of span: (at: Double, span: Span)?, at time: Double, start: GalleryRest, startOffset: Double)
        -> (layout: GalleryLayout, offset: Double, rest: GalleryRest) {
        func rest(_ rest: GalleryRest) -> (GalleryLayout, Double, GalleryRest) { (rest.layout, Double(rest.offset), rest) }
        switch span?.span {
        case nil: return (start.layout, startOffset, GalleryRest(layout: start.layout, offset: Int(startOffset.rounded())))
        case .scroll(let segment, let layout)?:
            let offset = GalleryScroll.offset(segment, at: time, layout: layout)
            return (layout, offset, GalleryRest(layout: layout, offset: Int(offset.rounded())))
        case .rest(let value)?: return rest(value)
        case .pinch(let pinch)?: return rest(pinch.settled)
        case .tapZoom(let zoom)?: return rest(zoom.morph.to)
        case .viewer(let viewer)?: return rest(viewer.rest)
        }
    }

    /// The grids shown at `time`, the old first.
    public func shown(at time: Double) -> [GalleryShownGrid] {
        let index = SortedTimes.lastIndex(in: starts, atOrBefore: time)
        let span = index.map { spans[$0] }
        switch span?.span {
        case .pinch(let pinch)?: return pinch.shown(at: time)
        case .tapZoom(let zoom)?: return zoom.shown(at: time)
        default:
            let state = Self.state(of: span, at: time, start: startRest, startOffset: startOffset)
            return [GalleryShownGrid(rest: state.rest)]
        }
    }

    /// The viewer at `time`, if it is up then.
    public func viewer(at time: Double) -> GalleryViewerShown? {
        guard let index = SortedTimes.lastIndex(in: starts, atOrBefore: time), case .viewer(let viewer) = spans[index].span else { return nil }
        return viewer.shown(at: time)
    }

    /// The offset at `time` (pixels, not rounded) of the grid at rest then (a morph's: its old grid's).
    public func offset(at time: Double) -> Double {
        let index = SortedTimes.lastIndex(in: starts, atOrBefore: time)
        return Self.state(of: index.map { spans[$0] }, at: time, start: startRest, startOffset: startOffset).offset
    }
}
