import CallshadeCore

/// What becomes of a drawing's strokes after they are drawn
/// (`drawing-tools.md` sections 1 and 3, `editor.md` section 0): the
/// strokes an object eraser touches, each with its contact instant; the
/// strokes held still that turn into shapes; and the strokes and entities
/// the editor's Undo and Clear All remove. Found once from the whole
/// session, in time order (an eraser's targets are the strokes not removed
/// when it starts; an undo removes the last finished stroke not removed,
/// and undoing an object eraser brings its targets back), as closed forms
/// of its samples; a frame then asks each stroke's `StrokeLook`.
public struct StrokeFates: Equatable, Sendable {
    /// A stroke touched by an object eraser: which one, and when (tau); and
    /// when an undo of that eraser brought it back, if one did.
    public struct Erasure: Equatable, Sendable {
        public let eraser: Int
        public let at: Double
        public var restored: Double?
        /// From then on it is gone.
        public var gone: Double { at + ObjectEraserContact.fadeSeconds }
    }

    /// A stroke turned into a shape: the held sample j, the hold's instant
    /// th, the recogniser's match and the shape.
    public struct Conversion: Equatable, Sendable {
        public let heldSample: Int
        public let at: Double
        public let match: UnistrokeRecognizer.Match
        public let shape: ShapeEntity
        /// From then on it is the shape alone.
        public var settled: Double { at + HoldToShape.crossFadeSeconds }
    }

    /// What an undo or a clear did.
    public enum EditOutcome: Equatable, Sendable {
        /// Removed this stroke (and brought back these, an object eraser's targets).
        case undid(Int, restoring: [Int])
        case cleared(strokes: [Int], entities: [Int])
    }

    /// By stroke id (a file's stroke by its index, a lasso's copy after
    /// them, `copies`), in time order.
    public let erasures: [Int: [Erasure]]
    public let conversions: [Int: Conversion]
    /// The instant each stroke an undo, a clear or a lasso's delete removed is removed, by stroke id.
    public let removals: [Int: Double]
    /// The instant each entity a clear removed is removed, by its place in the file's `entities`.
    public let entityRemovals: [Int: Double]
    /// What each undo and clear did, by its place in the editor's events.
    public let edits: [Int: EditOutcome]
    /// The instant each stroke is finished, seconds, by id: its last sample, an
    /// arrow's once drawn in, a converted stroke's once it is the shape alone, a copy's once made.
    public let finishTimes: [Double]
    /// The lasso's copies, in the order made: copy k is id `strokeCount + k` (`drawing-tools.md` section 2 rule 6).
    public let copies: [LassoCopy]
    /// The ids bottom to top: the file's strokes in its order, each copy after the stroke it is drawn after.
    public let order: [Int]
    /// The file's strokes.
    public let strokeCount: Int
    /// Each moved stroke's offset, by id (rule 5).
    public let offsets: [Int: OffsetTrack]
    /// What each lasso selected, by the lasso's stroke index (none: it selected nothing).
    public let selections: [Int: LassoSelection]
    /// What each lasso event did, by its place in the editor's events.
    public let lassoEdits: [Int: LassoOutcome]

    /// The first lasso refused (`checked` throws it): an event with no live
    /// selection, past the events' work limit or (a duplicate) past the
    /// strokes' limit, which did nothing; a lasso past the inside tests'
    /// budget, which selected nothing.
    public let refusal: LassoRefusal?

    /// The fates of `strokes` on `canvas`, with the editor's `events` (their
    /// undos, clears and lasso events) and each entity's first key (`entityStarts`, by its place in the file's `entities`).
    public init(strokes: [Stroke], canvas: DrawingCanvas, events: [EditorEvent] = [], entityStarts: [Double] = []) {
        let longer = canvas.longerSide, pointPixels = Double(canvas.size.width) / 390
        var conversions: [Int: Conversion] = [:]
        for (index, stroke) in strokes.enumerated() where Self.isDrawnStroke(stroke) && !stroke.arrow {
            guard let found = HoldToShape.conversion(stroke.samples, pointPixels: pointPixels),
                  let shape = HoldToShape.shape(found.match.name, samples: Array(stroke.samples[...found.sample]),
                                                width: stroke.chosenWidth(longerSide: longer), colour: stroke.colour, at: found.at)
            else { continue }
            conversions[index] = Conversion(heldSample: found.sample, at: found.at, match: found.match, shape: shape)
        }
        var finishTimes = strokes.enumerated().map { index, stroke in
            conversions[index]?.settled ?? stroke.endTime + (stroke.arrow ? ArrowHead.drawInSeconds : 0)
        }
        // Each stroke's samples as erasers and lassos take them (a converted stroke's up to its hold), made ready once.
        let hasLasso = strokes.contains { $0.tool == .lasso }
        var kept: [Int: [Vec2]] = [:]
        func keptSamples(_ index: Int) -> [Vec2] {
            if let known = kept[index] { return known }
            let stroke = strokes[index]
            let samples = (conversions[index].map { Array(stroke.samples(drawnBy: $0.at)) } ?? stroke.samples).map(\.position)
            kept[index] = samples
            return samples
        }
        var targets: [Int: (path: ObjectEraserContact.Target, width: Double)] = [:]
        if strokes.contains(where: \.erasesObjects) {
            for (index, target) in strokes.enumerated() where Self.isDrawnStroke(target) {
                targets[index] = (ObjectEraserContact.Target(keptSamples(index)), target.chosenWidth(longerSide: longer))
            }
        }
        // Releases first, then object erasers and other strokes as they start (a first sample ends a selection), undos,
        // clears and lasso events at their instants (never while a stroke is drawn); ties in file order.
        enum Happening { case release(Int), eraser(Int), start(Int), edit(Int) }
        var happenings = strokes.indices.filter { strokes[$0].erasesObjects }.map { (strokes[$0].startTime, 1, $0, Happening.eraser($0)) }
            + events.indices.filter { events[$0].changesCanvas }.map { (events[$0].at, 1, $0, Happening.edit($0)) }
        if hasLasso {
            happenings += strokes.indices.filter { strokes[$0].tool == .lasso }.map { (strokes[$0].endTime, 0, $0, Happening.release($0)) }
            happenings += strokes.indices.filter { !strokes[$0].erasesObjects }.map { (strokes[$0].startTime, 1, $0, Happening.start($0)) }
        }
        happenings.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
        var erasures: [Int: [Erasure]] = [:], removals: [Int: Double] = [:], entityRemovals: [Int: Double] = [:], edits: [Int: EditOutcome] = [:]
        var copies: [LassoCopy] = [], offsets: [Int: OffsetTrack] = [:], selections: [Int: LassoSelection] = [:], lassoEdits: [Int: LassoOutcome] = [:]
        // Whether each stroke (by id) is gone by now: removed, or erased by an eraser not undone (kept as the happenings come).
        var gone = [Bool](repeating: false, count: strokes.count)
        // The lasso whose selection lives now.
        var live: Int?
        var refusal: LassoRefusal?, lassoWork = 0
        func source(_ id: Int) -> Int { id < strokes.count ? id : copies[id - strokes.count].source }
        func offset(_ id: Int, _ time: Double) -> Vec2 { offsets[id]?.offset(at: time) ?? Vec2(0, 0) }
        func endSelection(at time: Double) {
            guard let lasso = live else { return }
            selections[lasso]?.end = time
            live = nil
        }
        for (time, _, _, happening) in happenings {
            switch happening {
            case .release(let lasso):
                endSelection(at: time)
                let polygon = LassoGeometry.Polygon(strokes[lasso].samples.map(\.position))
                let candidates = gone.indices.filter { !gone[$0] && Self.isDrawnStroke(strokes[source($0)]) && finishTimes[$0] <= time }
                let moved = candidates.map { id in keptSamples(source(id)).map { $0 + offset(id, time) } }
                let tests = moved.reduce(0) { $0 + polygon.tests(for: $1) }
                guard tests <= LassoGeometry.testBudget else {
                    if refusal == nil {
                        refusal = LassoRefusal(location: "strokes[\(lasso)]", field: "points", problem: "has \(strokes[lasso].samples.count) samples round "
                                               + "\(moved.reduce(0) { $0 + $1.count }) stroke samples: \(tests) inside tests, over the limit of "
                                               + "\(LassoGeometry.testBudget) a lasso")
                    }
                    continue
                }
                let chosen = zip(candidates, moved).filter { polygon.selects($0.1) }
                guard let reference = chosen.first?.0 else { continue }
                let selected = chosen.map(\.0)
                let width = selected.map { strokes[source($0)].chosenWidth(longerSide: longer) }.max() ?? 0
                // The hull of the selected samples at their offsets, which follows the reference's later offsets.
                let phase = LassoSelection.Phase(from: time, items: selected, hull: LassoGeometry.hull(chosen.flatMap(\.1)), reference: reference,
                                                 referenceOffset: offset(reference, time))
                selections[lasso] = LassoSelection(lasso: lasso, width: width, phases: [phase])
                live = lasso
            case .start:
                endSelection(at: time)
            case .eraser(let eraserIndex):
                endSelection(at: time)
                let eraser = strokes[eraserIndex], eraserWidth = eraser.chosenWidth(longerSide: longer)
                for id in gone.indices where !gone[id] && (id < strokes.count ? strokes[id].endTime : finishTimes[id]) <= eraser.startTime {
                    guard let ready = targets[source(id)] else { continue }
                    let distance = (eraserWidth + ready.width) / 2
                    // The target moved by its offset then: the eraser moved back by it.
                    var samples = eraser.samples
                    let shift = offset(id, eraser.startTime)
                    if shift != Vec2(0, 0) {
                        samples = samples.map { StrokeSample(x: $0.position.x - shift.x, y: $0.position.y - shift.y, time: $0.time) }
                    }
                    guard ready.path.mayMeet(ObjectEraserContact.Extent(samples.map(\.position)), distance: distance),
                          let tau = ready.path.contact(eraser: samples, distance: distance) else { continue }
                    erasures[id, default: []].append(Erasure(eraser: eraserIndex, at: tau))
                    gone[id] = true
                }
            case .edit(let eventIndex):
                switch events[eventIndex].action {
                case .lasso(let action):
                    guard let lasso = live, let selection = selections[lasso], let last = selection.phases.last else {
                        if refusal == nil {
                            refusal = LassoRefusal(location: "editor.events[\(eventIndex)]", field: "lasso",
                                                   problem: "no lasso selection lives at \(ShownNumber.text(time)) s (a lasso selects at its release; "
                                                       + "a delete, an end, an undo, a clear or the next stroke's first sample ends it)")
                        }
                        continue
                    }
                    let items = last.items
                    // Each lasso event's work is a share of its selection's strokes: bounded over the session.
                    lassoWork += items.count
                    guard lassoWork <= LassoGeometry.workLimit else {
                        if refusal == nil {
                            refusal = LassoRefusal(location: "editor.events[\(eventIndex)]", field: "lasso",
                                                   problem: "acts on \(items.count) strokes, bringing the lasso events' strokes to \(lassoWork), "
                                                       + "over the limit of \(LassoGeometry.workLimit) a session")
                        }
                        continue
                    }
                    switch action {
                    case .move(let samples):
                        for id in items { offsets[id, default: OffsetTrack()].add(samples) }
                        lassoEdits[eventIndex] = .moved(items)
                    case .duplicate:
                        guard strokes.count + copies.count + items.count <= DrawingLimits.strokes else {
                            if refusal == nil {
                                refusal = LassoRefusal(location: "editor.events[\(eventIndex)]", field: "lasso",
                                                       problem: "duplicates \(items.count) strokes, bringing the session to "
                                                           + "\(strokes.count + copies.count + items.count) with its copies, over the limit of \(DrawingLimits.strokes)")
                            }
                            continue
                        }
                        let shift = LassoGeometry.duplicateShift(canvas: canvas.size)
                        let after = strokes.indices.last { strokes[$0].startTime <= time } ?? 0
                        var made: [Int] = []
                        for id in items {
                            let copy = strokes.count + copies.count
                            copies.append(LassoCopy(of: id, source: source(id), at: time, after: after))
                            offsets[copy] = OffsetTrack(offset(id, time) + Vec2(shift, shift))
                            conversions[copy] = conversions[id]
                            finishTimes.append(max(finishTimes[id], time))
                            gone.append(false)
                            made.append(copy)
                        }
                        // The copies' hull is the selection's then, moved by the shift (each copy lies so from its stroke).
                        let moved = offset(last.reference, time) - last.referenceOffset + Vec2(shift, shift)
                        let reference = made[items.firstIndex(of: last.reference) ?? 0]
                        selections[lasso]?.phases.append(LassoSelection.Phase(from: time, items: made, hull: last.hull.map { $0 + moved },
                                                                              reference: reference, referenceOffset: offset(reference, time)))
                        lassoEdits[eventIndex] = .duplicated(items, copies: made)
                    case .delete:
                        for id in items { (removals[id], gone[id]) = (time, true) }
                        endSelection(at: time)
                        lassoEdits[eventIndex] = .deleted(items)
                    case .end:
                        endSelection(at: time)
                        lassoEdits[eventIndex] = .ended(items)
                    }
                case .undo:
                    endSelection(at: time)
                    guard let last = strokes.indices.last(where: { finishTimes[$0] <= time && !gone[$0] && strokes[$0].tool != .lasso }) else { continue }
                    removals[last] = time
                    gone[last] = true
                    var restoring: [Int] = []
                    for (target, list) in erasures {
                        guard let erasure = list.last, erasure.eraser == last, erasure.restored == nil else { continue }
                        erasures[target]?[list.count - 1].restored = time
                        restoring.append(target)
                        if removals[target] == nil { gone[target] = false }
                    }
                    edits[eventIndex] = .undid(last, restoring: restoring.sorted())
                default:
                    endSelection(at: time)
                    let cleared = gone.indices.filter { finishTimes[$0] <= time && !gone[$0] && strokes[source($0)].tool != .lasso }
                    for index in cleared { (removals[index], gone[index]) = (time, true) }
                    let entities = entityStarts.indices.filter { entityStarts[$0] <= time && entityRemovals[$0] == nil }
                    for index in entities { entityRemovals[index] = time }
                    if !cleared.isEmpty || !entities.isEmpty { edits[eventIndex] = .cleared(strokes: cleared, entities: entities) }
                }
            }
        }
        self.erasures = erasures
        self.conversions = conversions
        self.removals = removals
        self.entityRemovals = entityRemovals
        self.edits = edits
        self.finishTimes = finishTimes
        self.copies = copies
        strokeCount = strokes.count
        self.offsets = offsets
        self.selections = selections
        self.lassoEdits = lassoEdits
        self.refusal = refusal
        // Each copy after the stroke it is drawn after and the copies made before it there.
        let keys = strokes.indices.map { ($0, 0, $0) } + copies.indices.map { (copies[$0].after, 1, strokes.count + $0) }
        order = keys.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.2)
    }

    /// The same, refusing a lasso event with no live selection (`drawing-tools.md` section 5).
    public static func checked(strokes: [Stroke], canvas: DrawingCanvas, events: [EditorEvent], entityStarts: [Double]) throws -> StrokeFates {
        let fates = StrokeFates(strokes: strokes, canvas: canvas, events: events, entityStarts: entityStarts)
        if let refusal = fates.refusal { throw refusal }
        return fates
    }

    /// The file's stroke whose samples stroke `id` draws (a copy's source).
    public func source(of id: Int) -> Int { id < strokeCount ? id : copies[id - strokeCount].source }

    /// The instant stroke `id` first shows: a copy's making, else its first sample.
    func start(of id: Int, _ stroke: Stroke) -> Double { id < strokeCount ? stroke.startTime : copies[id - strokeCount].at }

    /// The selection living at `time`, if one does: its lasso's stroke
    /// index, its hull then (canvas pixels, following its moves) and Wmax.
    public func liveSelection(at time: Double) -> (lasso: Int, hull: [Vec2], width: Double)? {
        for (lasso, selection) in selections {
            guard let phase = selection.phase(at: time) else { continue }
            let shift = offset(of: phase.reference, at: time) - phase.referenceOffset
            return (lasso, phase.hull.map { $0 + shift }, selection.width)
        }
        return nil
    }

    /// Stroke `id`'s lasso offset at `time`, canvas pixels.
    public func offset(of id: Int, at time: Double) -> Vec2 { offsets[id]?.offset(at: time) ?? Vec2(0, 0) }

    /// The erasure in effect on stroke `index` at `time`: touched by then and not brought back.
    func erasure(of index: Int, at time: Double) -> Erasure? {
        erasures[index]?.last { $0.at <= time && ($0.restored ?? .infinity) > time }
    }

    /// The strokes that draw on the canvas: pen, marker, neon and pencil (targets and shapes come only from them).
    static func isDrawnStroke(_ stroke: Stroke) -> Bool {
        switch stroke.tool {
        case .pen, .marker, .neon, .pencil: true
        case .eraser, .blur, .lasso: false
        }
    }
}

extension EditorEvent {
    /// Whether it acts on the canvas's strokes (an undo, a clear, a lasso event).
    var changesCanvas: Bool {
        switch action {
        case .undo, .clear, .lasso: true
        default: false
        }
    }
}
