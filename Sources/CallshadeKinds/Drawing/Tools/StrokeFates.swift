import CallshadeCore

/// What becomes of a drawing's strokes after they are drawn
/// (`drawing-tools.md` sections 1 and 3): the strokes an object eraser
/// touches, each with its contact instant, and the strokes held still that
/// turn into shapes. Found once from the whole session, as closed forms of
/// its samples; a frame then asks each stroke's `StrokeLook`.
public struct StrokeFates: Equatable, Sendable {
    /// A stroke touched by an object eraser: which one, and when (tau).
    public struct Erasure: Equatable, Sendable {
        public let eraser: Int
        public let at: Double
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

    /// By stroke index.
    public let erasures: [Int: Erasure]
    public let conversions: [Int: Conversion]

    public init(strokes: [Stroke], canvas: DrawingCanvas) {
        let longer = canvas.longerSide, pointPixels = Double(canvas.size.width) / 390
        var conversions: [Int: Conversion] = [:]
        for (index, stroke) in strokes.enumerated() where Self.isDrawnStroke(stroke) && !stroke.arrow {
            guard let found = HoldToShape.conversion(stroke.samples, pointPixels: pointPixels),
                  let shape = HoldToShape.shape(found.match.name, samples: Array(stroke.samples[...found.sample]),
                                                width: stroke.chosenWidth(longerSide: longer), colour: stroke.colour, at: found.at)
            else { continue }
            conversions[index] = Conversion(heldSample: found.sample, at: found.at, match: found.match, shape: shape)
        }
        // Object erasers in the order they start (then in file order); a stroke one of them removes is no target of the next.
        var erasures: [Int: Erasure] = [:]
        let erasers = strokes.indices.filter { strokes[$0].erasesObjects }.sorted { (strokes[$0].startTime, $0) < (strokes[$1].startTime, $1) }
        // Each target's path made ready once (a converted stroke keeps the samples up to its hold), with its width.
        var targets: [Int: (path: ObjectEraserContact.Target, width: Double)] = [:]
        if !erasers.isEmpty {
            for (index, target) in strokes.enumerated() where Self.isDrawnStroke(target) {
                let samples = conversions[index].map { Array(target.samples(drawnBy: $0.at)) } ?? target.samples
                targets[index] = (ObjectEraserContact.Target(samples.map(\.position)), target.chosenWidth(longerSide: longer))
            }
        }
        for eraserIndex in erasers {
            let eraser = strokes[eraserIndex], eraserWidth = eraser.chosenWidth(longerSide: longer)
            let reach = ObjectEraserContact.Extent(eraser.samples.map(\.position))
            for (index, target) in strokes.enumerated() where erasures[index] == nil && target.endTime <= eraser.startTime {
                guard let ready = targets[index] else { continue }
                let distance = (eraserWidth + ready.width) / 2
                guard ready.path.mayMeet(reach, distance: distance),
                      let tau = ready.path.contact(eraser: eraser.samples, distance: distance) else { continue }
                erasures[index] = Erasure(eraser: eraserIndex, at: tau)
            }
        }
        self.erasures = erasures
        self.conversions = conversions
    }

    /// The strokes that draw on the canvas: pen, marker, neon and pencil (targets and shapes come only from them).
    static func isDrawnStroke(_ stroke: Stroke) -> Bool {
        switch stroke.tool {
        case .pen, .marker, .neon, .pencil: true
        case .eraser, .blur: false
        }
    }
}
