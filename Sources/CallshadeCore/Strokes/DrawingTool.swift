/// The drawing tools of `drawing.md` section 0, and the lasso
/// (`drawing-tools.md` section 2), which draws nothing on the canvas.
public enum DrawingTool: String, CaseIterable, Equatable, Sendable {
    case pen, marker, neon, pencil, eraser, blur, lasso
}

/// What an eraser stroke takes away (`drawing-tools.md` section 0): the
/// pixels under it, or every stroke it touches.
public enum EraserMode: String, CaseIterable, Equatable, Sendable {
    case pixel, object
}

/// The limits on a drawing session (`drawing.md`, issue 34): beyond them a
/// session is refused with an error naming the stroke and field.
public enum DrawingLimits {
    /// Strokes in one session.
    public static let strokes = 10_000
    /// Points over all the strokes of a session.
    public static let points = 1_000_000
    /// A stroke's path along its points, canvas pixels (ours: the stamp
    /// brushes put a stamp every pixel or two along it).
    public static let strokeLength = 200_000.0
    /// The paths of all the strokes of a session, canvas pixels (ours).
    public static let sessionLength = 2_000_000.0
    /// The largest canvas zoom a stroke may have been drawn at (ours).
    public static let zoom = 100.0
    /// The fewest samples a lasso has (`drawing-tools.md` section 5).
    public static let lassoSamples = 3
}

/// Bad stroke input: the stroke's index, the field and what is wrong.
public struct StrokeError: Error, Equatable, CustomStringConvertible, Sendable {
    public var strokeIndex: Int
    public var field: String
    public var problem: String

    public init(strokeIndex: Int, field: String, problem: String) {
        self.strokeIndex = strokeIndex
        self.field = field
        self.problem = problem
    }

    public var description: String { "strokes[\(strokeIndex)].\(field): \(problem)" }
}
