import CallshadeCore
import CallshadeSystem
import Foundation

/// Raw frames on standard output, one after another with no header, for the
/// user's own pipeline: RGBA (4 bytes a pixel) or planar YUV 4:2:0 (BT.709,
/// limited range; 1.5 bytes a pixel).
public final class RawStreamSink: FrameSink {
    private let format: PixelFormat
    private let descriptor: FileDescriptor

    public init(format: PixelFormat, descriptor: FileDescriptor = .standardOutput) {
        self.format = format
        self.descriptor = descriptor
    }

    public var takes: PixelFormat { format }

    public func write(_ frame: RenderedFrame, index: Int) throws {
        switch frame {
        case .rgba(let image):
            try image.pixels.withUnsafeBytes { try descriptor.writeAll($0) }
        case .yuv420p(let planes):
            try planes.withUnsafeBytes { try descriptor.writeAll($0) }
        }
    }

    public func finish() throws {}
    public func abandon() {}
}
