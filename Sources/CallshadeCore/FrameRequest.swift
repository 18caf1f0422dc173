/// One frame to render: its size, which layers, and the state of each layer.
/// A frame is a pure function of this value; two renders of it are identical.
public struct FrameRequest: Equatable, Sendable {
    public var size: FrameSize
    public var layers: Set<Layer>
    public var background: GradientParameters
    /// The waves and the avatar; nil draws neither.
    public var foreground: Foreground?
    /// Whether to add the ordered dither before 8-bit quantisation.
    public var dither = false

    public init(size: FrameSize, layers: Set<Layer> = [.background], background: GradientParameters,
                foreground: Foreground? = nil) {
        self.size = size
        self.layers = layers
        self.background = background
        self.foreground = foreground
    }

    /// Whether the frame has the waves or the avatar to draw.
    public var drawsForeground: Bool {
        foreground != nil && (layers.contains(.waves) || layers.contains(.avatar))
    }
}

/// Something that turns a frame request into pixels: the GPU renderer or the CPU reference.
public protocol FrameRenderer {
    func render(_ request: FrameRequest) throws -> RGBAImage

    /// The frame as I420 planes (BT.709, limited range; even sizes only) in `output`.
    func renderYUV420(_ request: FrameRequest, into output: inout [UInt8]) throws

    /// Whether `renderYUV420` does better than rendering RGBA and converting
    /// on the CPU (which a frame writer can do on its own thread).
    var convertsToYUVItself: Bool { get }
}

extension FrameRenderer {
    /// Renders RGBA and converts on the CPU.
    public func renderYUV420(_ request: FrameRequest, into output: inout [UInt8]) throws {
        try YUV420.convertFast(try render(request), into: &output)
    }

    public var convertsToYUVItself: Bool { false }
}
