import Foundation

/// One frame's picture: its size, the background, the nodes drawn over it
/// from the bottom up, and the dither. A kind's elements decide what its
/// scenes hold (the call's: `CallKind.elements`, drawn by `CallScreen`); a
/// frame is a pure function of this value, and two renders of it are
/// identical.
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

    /// Adds `marks` over everything the scene holds: onto its top node when
    /// that is a marks node of the same atlas with no clip (drawn first to
    /// last, one node draws as two in a row would; the host route then mixes
    /// the chroma blocks their marks share pixel by pixel, which it does not
    /// across nodes), else as a node of their own.
    public mutating func addMarks(_ marks: [Mark], atlas: GlyphAtlas?) {
        if var top = nodes.last as? MarksNode, top.clip == nil, top.atlas === atlas {
            top.marks += marks.filter(\.isVisible)
            nodes[nodes.count - 1] = top
        } else {
            nodes.append(MarksNode(atlas: atlas, marks: marks))
        }
    }

    public static func == (a: Scene, b: Scene) -> Bool {
        a.size == b.size && a.background == b.background && a.dither == b.dither
            && a.nodes.count == b.nodes.count && zip(a.nodes, b.nodes).allSatisfy { $0.isEqual(to: $1) }
    }
}

/// Something drawn over the background: a value that says everything about
/// its look at one instant. Each node type states here, in Core, where it
/// can draw (`bounds`), what it does over each 8x8 tile (`tileCoverage`,
/// exact: the tile compositor relies on it), and how it shades a pixel for
/// the CPU reference (`referenceShader`); the GL module has its node
/// renderer and its GLSL file.
public protocol SceneNode: Sendable {
    /// Whether `other` is the same node.
    func isEqual(to other: any SceneNode) -> Bool

    /// The pixels it may change in a frame of `size` (clipped to it; empty when none).
    func bounds(in size: FrameSize) -> PixelRect

    /// What it does over each 8x8 tile of `region` (frame pixels, its
    /// corner on multiples of 8; tiles at its right and bottom edges may be
    /// smaller), row by row.
    func tileCoverage(in region: PixelRect) -> [TileCoverage]

    /// Its shading for the CPU reference, prepared for a frame of `scene`.
    func referenceShader(in scene: Scene) -> any ReferenceNodeShader

    /// The same, asked only at the pixels of `area` (a stamp brush then
    /// works out its layer only there); by default the whole shading.
    func referenceShader(in scene: Scene, within area: PixelRect) -> any ReferenceNodeShader

    /// The pixels of the frame below it that its look reads beyond each
    /// pixel's own (a frosted glass's blur: `FrostedGlassNode`), within the
    /// frame; nil for a node that reads only the pixel it draws (every
    /// other). The routes draw such a node once everything below it is
    /// drawn there.
    func pixelsRead(in size: FrameSize) -> PixelRect?

    /// Its shading for the CPU reference given `below`, the scene of the
    /// nodes under it: asked in place of `referenceShader(in:)` of a node
    /// that reads pixels around it (`pixelsRead`).
    func referenceShader(in scene: Scene, below: Scene) -> any ReferenceNodeShader
}

extension SceneNode {
    public func referenceShader(in scene: Scene, within area: PixelRect) -> any ReferenceNodeShader { referenceShader(in: scene) }

    public func pixelsRead(in size: FrameSize) -> PixelRect? { nil }

    public func referenceShader(in scene: Scene, below: Scene) -> any ReferenceNodeShader { referenceShader(in: scene) }
}

extension SceneNode where Self: Equatable {
    public func isEqual(to other: any SceneNode) -> Bool {
        (other as? Self) == self
    }
}

/// What a node does over all the pixels of a tile.
public enum TileCoverage: Equatable, Sendable {
    /// Nothing: every pixel is left as it was.
    case outside
    /// Every pixel is covered by an opaque colour: nothing below shows.
    case opaque
    /// Every pixel is covered alike, and the result depends only on the
    /// background there (the waves at a constant coverage, the inside of
    /// glass): the host can fill it from the background's grid.
    case backdrop
    /// Anything else: the node's program must run at every pixel.
    case edge
}

/// A node's shading in the CPU reference: the colour of one pixel.
public protocol ReferenceNodeShader: Sendable {
    /// The straight-alpha colour of the pixel whose centre is `pixel`
    /// (frame pixels, y down), given what is below it and the background
    /// there (nil without the background).
    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel
}

/// A colour with straight alpha.
public struct ShadedPixel: Equatable, Sendable {
    public var color: RGB
    public var alpha: Double

    public init(color: RGB, alpha: Double) {
        self.color = color
        self.alpha = alpha
    }

    public static let transparent = ShadedPixel(color: .black, alpha: 0)
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
    /// Renders RGBA and converts on the CPU (the CPU reference's way: not a
    /// speed path, so the cores are asked of the system each frame).
    public func renderYUV420(_ scene: Scene, into output: inout [UInt8]) throws {
        try YUV420.convertFast(try render(scene), into: &output, cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    public var convertsToYUVItself: Bool { false }
}
