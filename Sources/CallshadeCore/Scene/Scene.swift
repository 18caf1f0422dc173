/// One frame's picture: its size, the background, the nodes drawn over it
/// from the bottom up, and the dither. `CallScreen` alone decides what a
/// scene of the call holds; a frame is a pure function of this value, and
/// two renders of it are identical.
public struct Scene: Equatable, Sendable {
    public var size: FrameSize
    /// The gradient; nil when the tag filter leaves the background out, and
    /// the frame is transparent wherever no node draws.
    public var background: GradientParameters?
    /// Bottom to top.
    public var nodes: [any SceneNode]
    /// Whether to add the ordered dither before 8-bit quantisation.
    public var dither = false

    public init(size: FrameSize, background: GradientParameters?, nodes: [any SceneNode] = []) {
        self.size = size
        self.background = background
        self.nodes = nodes
    }

    /// The first node of a type, if the scene has one.
    public func node<Node: SceneNode>(_ type: Node.Type) -> Node? {
        nodes.lazy.compactMap { $0 as? Node }.first
    }

    /// Changes every node of a type (tests and overrides).
    public mutating func update<Node: SceneNode>(_ type: Node.Type, _ change: (inout Node) throws -> Void) rethrows {
        for index in nodes.indices {
            guard var node = nodes[index] as? Node else { continue }
            try change(&node)
            nodes[index] = node
        }
    }

    public static func == (a: Scene, b: Scene) -> Bool {
        a.size == b.size && a.background == b.background && a.dither == b.dither
            && a.nodes.count == b.nodes.count && zip(a.nodes, b.nodes).allSatisfy { $0.isEqual(to: $1) }
    }
}

/// Something drawn over the background: a value that says everything about
/// its look at one instant. Each node type has its reference shading in
/// this module and its node renderer in the GL module.
public protocol SceneNode: Sendable {
    /// Whether `other` is the same node.
    func isEqual(to other: any SceneNode) -> Bool
}

extension SceneNode where Self: Equatable {
    public func isEqual(to other: any SceneNode) -> Bool {
        (other as? Self) == self
    }
}

/// Something that turns a scene into pixels: the GPU renderer or the CPU reference.
public protocol FrameRenderer {
    func render(_ scene: Scene) throws -> RGBAImage

    /// The frame as I420 planes (BT.709, limited range; even sizes only) in `output`.
    func renderYUV420(_ scene: Scene, into output: inout [UInt8]) throws

    /// Whether `renderYUV420` does better than rendering RGBA and converting
    /// on the CPU (which a frame writer can do on its own thread).
    var convertsToYUVItself: Bool { get }
}

extension FrameRenderer {
    /// Renders RGBA and converts on the CPU.
    public func renderYUV420(_ scene: Scene, into output: inout [UInt8]) throws {
        try YUV420.convertFast(try render(scene), into: &output)
    }

    public var convertsToYUVItself: Bool { false }
}
