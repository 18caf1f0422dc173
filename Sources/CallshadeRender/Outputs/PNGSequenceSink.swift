import CallshadePNG
import CallshadeSystem

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

    public var takes: PixelFormat { .rgba }

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
