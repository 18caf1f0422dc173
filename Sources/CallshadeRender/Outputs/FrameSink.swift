import CallshadeCore
import CallshadePNG
import CallshadeSystem
import Foundation

/// The pixels of a frame as a sink takes them (and as `--pix-fmt` names them).
public enum PixelFormat: String, CaseIterable {
    /// 4 bytes a pixel, rows top to bottom.
    case rgba
    /// I420 planes, BT.709 limited range: 1.5 bytes a pixel.
    case yuv420p
}

/// One rendered frame, in the layout its sink asked for.
public enum RenderedFrame: Sendable {
    case rgba(RGBAImage)
    case yuv420p([UInt8])
}

/// A sink was handed a frame in a format it does not take (a state the
/// pipeline never reaches: it hands each sink what the sink says it takes).
public struct WrongFrameFormat: Error, CustomStringConvertible {
    public let sink: String
    public let takes: PixelFormat
    public var description: String { "\(sink) need \(takes == .rgba ? "RGBA" : "I420")" }
}

/// Where a render's frames go. A sink writes nothing at its target path until
/// `finish`; `abandon` removes whatever it wrote so far.
public protocol FrameSink: AnyObject {
    var layout: PixelFormat { get }
    func write(_ frame: RenderedFrame, index: Int) throws
    func finish() throws
    func abandon()
}

extension FrameRenderer {
    /// Renders a frame for a sink taking `layout`: I420 straight from the
    /// renderer when it converts well itself (a GPU, or the host composition),
    /// else RGBA, which the frame writer converts on its own thread. I420 goes
    /// into `buffer` (reused from an earlier frame, or empty), which is
    /// consumed: no other reference may make writing to it copy it first.
    public func render(_ scene: Scene, for layout: PixelFormat, reusing buffer: consuming [UInt8] = []) throws -> RenderedFrame {
        guard layout == .yuv420p, convertsToYUVItself else { return .rgba(try render(scene)) }
        var planes = consume buffer
        try renderYUV420(scene, into: &planes)
        return .yuv420p(planes)
    }
}

/// PNG files `frame_000000.png`, ... in a folder that appears when the render is complete.
public final class PNGSequenceSink: FrameSink {
    private let folder: StagedFolder

    /// With `cleanup`, a stop removes the staged folder.
    public init(folder path: String, cleanup: StopCleanup?) throws {
        folder = try StagedFolder(target: path, cleanup: cleanup)
    }

    public static func fileName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    public var layout: PixelFormat { .rgba }

    public func write(_ frame: RenderedFrame, index: Int) throws {
        guard case .rgba(let image) = frame else { throw WrongFrameFormat(sink: "PNG frames", takes: .rgba) }
        try PNGFile.write(image, to: folder.path + "/" + Self.fileName(index))
    }

    public func finish() throws {
        try folder.commit()
    }

    public func abandon() {
        folder.discard()
    }
}
