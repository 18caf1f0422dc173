/// One of the drawing's text entities at an instant (`drawing.md` section
/// 5): its picture sampled where each frame pixel lies in its units, its
/// layers painted and source-over what is below.
public struct TextEntityNode: SceneNode, Equatable, Sendable {
    public var text: PlacedText

    public init(text: PlacedText) {
        self.text = text
    }

    var drawn: Bool { text.alpha > 0 && text.scale > 0 }

    public func bounds(in size: FrameSize) -> PixelRect {
        guard drawn else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let box = text.box
        return PixelRect(covering: box.left, box.top, box.right, box.bottom, within: size)
    }

    /// An edge tile wherever its box reaches; never opaque.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let box = text.box, drawn = self.drawn
        return SceneTiles.coverages(in: region) { tile in
            drawn && tile.x.upperBound >= box.left && tile.x.lowerBound <= box.right && tile.y.upperBound >= box.top
                && tile.y.lowerBound <= box.bottom ? .edge : .outside
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceTextEntity(node: self)
    }
}
