import CallshadeCore

/// What a render draws its frames from, of any scene kind: the scene at an
/// instant, and the work a frame to come may start ahead (a call's videos'
/// pictures) and its end.
public protocol FrameScenes {
    /// The scene at `time` seconds.
    func scene(at time: Double) throws -> Scene
    /// Starts preparing the frame at `time`, still to come, where there is something to prepare.
    func decodeAhead(at time: Double)
    /// Waits until nothing started ahead is still running.
    func waitUntilIdle()
}

extension FrameScenes {
    public func decodeAhead(at time: Double) {}
    public func waitUntilIdle() {}
}
