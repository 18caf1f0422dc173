import CallshadeCore

/// The canvas's background (`drawing.md` section 0): its colour over the
/// whole frame, or its PNG aspect-filled to the frame.
public struct CanvasElement: DrawingElement {
    public init() {}

    public var tags: [SceneTag] { [.canvas] }

    public func add(to scene: inout Scene, at instant: DrawingInstant, showing: Set<SceneTag>) {
        if let picture = instant.backgroundPicture {
            scene.nodes.append(PictureNode(.picture(picture)))
        } else if case .colour(let colour) = instant.scenario.canvas.background {
            scene.nodes.append(PictureNode(.colour(colour)))
        }
    }
}

extension SceneTag {
    public static let canvas = SceneTag("canvas", help: "The drawing canvas's background: its colour or picture.")
}
