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

    /// By stroke index, in time order.
    public let erasures: [Int: [Erasure]]
    public let conversions: [Int: Conversion]
    /// The instant each stroke an undo or a clear removed is removed, by stroke index.
    public let removals: [Int: Double]
    /// The instant each entity a clear removed is removed, by its place in the file's `entities`.
    public let entityRemovals: [Int: Double]
    /// What each undo and clear did, by its place in the editor's events.
    public let edits: [Int: EditOutcome]
    /// The instant each stroke is finished, seconds: its last sample, an
    /// arrow's once drawn in, a converted stroke's once it is the shape alone.
    public let finishTimes: [Double]

    /// The fates of `strokes` on `canvas`, with the editor's `events` (their
    /// undos and clears) and each entity's first key (`entityStarts`, by its place in the file's `entities`).
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
        let finishTimes = strokes.enumerated().map { index, stroke in
            conversions[index]?.settled ?? stroke.endTime + (stroke.arrow ? ArrowHead.drawInSeconds : 0)
        }
        // Each target's path made ready once (a converted stroke keeps the samples up to its hold), with its width.
        var targets: [Int: (path: ObjectEraserContact.Target, width: Double)] = [:]
        if strokes.contains(where: \.erasesObjects) {
            for (index, target) in strokes.enumerated() where Self.isDrawnStroke(target) {
                let samples = conversions[index].map { Array(target.samples(drawnBy: $0.at)) } ?? target.samples
                targets[index] = (ObjectEraserContact.Target(samples.map(\.position)), target.chosenWidth(longerSide: longer))
            }
        }
        // Object erasers as they start (then in file order), undos and clears at their instants (never while a stroke is drawn).
        enum Happening { case eraser(Int), edit(Int) }
        let happenings = (strokes.indices.filter { strokes[$0].erasesObjects }.map { (strokes[$0].startTime, $0, Happening.eraser($0)) }
            + events.indices.filter { events[$0].action == .undo || events[$0].action == .clear }.map { (events[$0].at, $0, Happening.edit($0)) })
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        var erasures: [Int: [Erasure]] = [:], removals: [Int: Double] = [:], entityRemovals: [Int: Double] = [:], edits: [Int: EditOutcome] = [:]
        // Whether each stroke is gone by now: removed, or erased by an eraser not undone (kept as the happenings come).
        var gone = [Bool](repeating: false, count: strokes.count)
        for (time, _, happening) in happenings {
            switch happening {
            case .eraser(let eraserIndex):
                let eraser = strokes[eraserIndex], eraserWidth = eraser.chosenWidth(longerSide: longer)
                let reach = ObjectEraserContact.Extent(eraser.samples.map(\.position))
                for (index, target) in strokes.enumerated() where !gone[index] && target.endTime <= eraser.startTime {
                    guard let ready = targets[index] else { continue }
                    let distance = (eraserWidth + ready.width) / 2
                    guard ready.path.mayMeet(reach, distance: distance),
                          let tau = ready.path.contact(eraser: eraser.samples, distance: distance) else { continue }
                    erasures[index, default: []].append(Erasure(eraser: eraserIndex, at: tau))
                    gone[index] = true
                }
            case .edit(let eventIndex) where events[eventIndex].action == .undo:
                guard let last = strokes.indices.last(where: { finishTimes[$0] <= time && !gone[$0] }) else { continue }
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
            case .edit(let eventIndex):
                let cleared = strokes.indices.filter { finishTimes[$0] <= time && !gone[$0] }
                for index in cleared { (removals[index], gone[index]) = (time, true) }
                let entities = entityStarts.indices.filter { entityStarts[$0] <= time && entityRemovals[$0] == nil }
                for index in entities { entityRemovals[index] = time }
                if !cleared.isEmpty || !entities.isEmpty { edits[eventIndex] = .cleared(strokes: cleared, entities: entities) }
            }
        }
        self.erasures = erasures
        self.conversions = conversions
        self.removals = removals
        self.entityRemovals = entityRemovals
        self.edits = edits
        self.finishTimes = finishTimes
    }

    /// The erasure in effect on stroke `index` at `time`: touched by then and not brought back.
    func erasure(of index: Int, at time: Double) -> Erasure? {
        erasures[index]?.last { $0.at <= time && ($0.restored ?? .infinity) > time }
    }

    /// The strokes that draw on the canvas: pen, marker, neon and pencil (targets and shapes come only from them).
    static func isDrawnStroke(_ stroke: Stroke) -> Bool {
        switch stroke.tool {
        case .pen, .marker, .neon, .pencil: true
        case .eraser, .blur: false
        }
    }
}
