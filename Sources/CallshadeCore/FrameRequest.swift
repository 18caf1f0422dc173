/// One frame to render: its size, which layers, and the state of each layer.
/// A frame is a pure function of this value; two renders of it are identical.
public struct FrameRequest: Hashable, Sendable {
    public var size: FrameSize
    public var layers: Set<Layer>
    public var background: GradientParameters

    public init(size: FrameSize, layers: Set<Layer> = [.background], background: GradientParameters) {
        self.size = size
        self.layers = layers
        self.background = background
    }
}

/// Something that turns a frame request into pixels: the GPU renderer or the CPU reference.
public protocol FrameRenderer {
    func render(_ request: FrameRequest) throws -> RGBAImage
}
