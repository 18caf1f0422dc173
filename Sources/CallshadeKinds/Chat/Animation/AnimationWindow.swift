import CallshadeCore

/// One property's timing in the contest editor's model (chat, section 4.1):
/// a window [start, end] in whole frames at 60 fps from the send's instant,
/// and a bezier from (0, 0) through (x1, 0) and (x2, 1) to (1, 1). Its
/// progress is 0 before the window, 1 after it, else the curve's y at the
/// window's fraction.
public struct AnimationWindow: Equatable, Sendable {
    public var start: Int
    public var end: Int
    public var x1: Double
    public var x2: Double

    /// The editor's frame rate.
    public static let fps = 60.0

    public init(start: Int, end: Int, x1: Double, x2: Double) {
        self.start = start
        self.end = end
        self.x1 = x1
        self.x2 = x2
    }

    /// The curve through the handles.
    public var curve: CubicBezierEasing { CubicBezierEasing(x1, 0, x2, 1) }

    /// The progress `seconds` after the send's instant.
    public func progress(_ seconds: Double) -> Double {
        let frame = seconds * Self.fps
        if frame <= Double(start) { return 0 }
        if frame >= Double(end) { return 1 }
        return curve.value((frame - Double(start)) / Double(end - start))
    }

    /// When the window ends, in seconds from the send.
    public var endSeconds: Double { Double(end) / Self.fps }
}
