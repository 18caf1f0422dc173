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
}
