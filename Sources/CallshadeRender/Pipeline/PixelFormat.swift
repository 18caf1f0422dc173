import CallshadeCore

/// The pixels of a frame as a sink takes them (and as `--pix-fmt` names them).
public enum PixelFormat: String, CaseIterable, Sendable {
    /// 4 bytes a pixel, rows top to bottom.
    case rgba
    /// I420 planes, BT.709 limited range: 1.5 bytes a pixel.
    case yuv420p

    /// Refuses a frame size this format cannot hold: I420 needs an even
    /// width and height (`YUV420.OddSize`); RGBA takes any.
    public func check(_ size: FrameSize) throws {
        if self == .yuv420p { try YUV420.checkSize(width: size.width, height: size.height) }
    }
}

/// One rendered frame, in the format its sink takes.
public enum RenderedFrame: Sendable {
    case rgba(RGBAImage)
    case yuv420p([UInt8])
}
