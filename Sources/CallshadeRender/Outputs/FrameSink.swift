/// Where a render's frames go. A sink states the one pixel format it takes
/// and gets every frame in it (`FramePipeline` sees to that). It writes
/// nothing at its target path until `finish`; `abandon` removes whatever it
/// wrote so far. A new output format is a new sink.
public protocol FrameSink: AnyObject {
    /// The pixel format of the frames `write` gets.
    var takes: PixelFormat { get }
    func write(_ frame: RenderedFrame, index: Int) throws
    func finish() throws
    func abandon()
}

/// A sink was handed a frame in a format it does not take (a state the
/// pipeline never reaches: it hands each sink what the sink says it takes).
public struct WrongFrameFormat: Error, CustomStringConvertible {
    public let sink: String
    public let takes: PixelFormat
    public var description: String { "\(sink) need \(takes == .rgba ? "RGBA" : "I420")" }
}
