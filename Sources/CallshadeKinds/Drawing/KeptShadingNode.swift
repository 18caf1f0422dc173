import CallshadeCore

/// A finished stroke's node as the strokes' layer draws it, its reference
/// shading kept in the reuse store (`KeptShadingKey`): a fade's frames draw
/// the strokes over the fading one again, clipped, and a marker's or a
/// pencil's coverage then comes from the kept shading instead of being
/// worked out again. The shading is the node's whole one; a pixel's value
/// is the same from it as from the shading asked only where it is drawn.
/// Used only inside `FinishedStrokeLayer`, never handed to a renderer.
struct KeptShadingNode: SceneNode {
    let node: any SceneNode
    let key: KeptShadingKey
    let reuse: ReuseStore

    func isEqual(to other: any SceneNode) -> Bool {
        guard let other = other as? KeptShadingNode else { return false }
        return other.key == key && other.node.isEqual(to: node)
    }

    func bounds(in size: FrameSize) -> PixelRect { node.bounds(in: size) }
    func tileCoverage(in region: PixelRect) -> [TileCoverage] { node.tileCoverage(in: region) }
    func referenceShader(in scene: Scene) -> any ReferenceNodeShader { shading(in: scene) }
    func referenceShader(in scene: Scene, within area: PixelRect) -> any ReferenceNodeShader { shading(in: scene) }

    private func shading(in scene: Scene) -> any ReferenceNodeShader {
        reuse.value(key) {
            let bounds = node.bounds(in: scene.size)
            // About what the shading holds: a value or two a pixel of the node's bounds.
            return (node.referenceShader(in: scene), bounds.width * bounds.height * 2 * MemoryLayout<Double>.stride)
        }
    }
}

/// A finished stroke's reference shading: the screen, the stroke and its
/// look, the frame's size and the canvas's placement in it say everything it depends on.
struct KeptShadingKey: ReuseKey {
    typealias Value = any ReferenceNodeShader
    static let shelf = "finished strokes' shading"
    let owner: ReuseIdentity<ReuseOwner>
    let index: Int
    let look: StrokeLook
    let size: FrameSize
    let placement: CanvasPlacement
}
