import CallshadeCore
import Foundation

/// A round video's capture before its send (`chat-types.md` section 4,
/// rule 2, ours after Telegram's): white at 0.4 over the frame above the
/// input panel (no blur); the video at t - at + D in a 240-pt circle centred
/// at (W / 2, max(H / 3 - 20, 181)); a 4-pt #007AFF ring 260 across with
/// round caps, from 12 o'clock clockwise over (t - at + D) / 60 of a turn.
/// After the send the cover fades out over 0.22 s easeInOut (rule 3) under
/// the flying circle. The input row's dot, timer and disc are the panel's,
/// drawn after it: the recording disc lies over the cover.
public struct VideoCaptureElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.input] }

    public func texts(for scenario: ChatScenario) -> [TextStyle: [String]] { [:] }

    static let coverAlpha = 0.4
    static let ringDiameter = 260.0
    static let ringWidth = 4.0
    /// A whole turn of the ring: Telegram's 60 s.
    static let ringTurn = 60.0

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        guard let text = instant.text else { return }
        let motion = MessagesElement.motion(at: instant, text: text, frame: scene.size)
        let scale = Double(scene.size.width) / 390
        let height = Double(scene.size.height) / scale
        let panelTop = motion.panelTop(height: height)
        func cover(_ alpha: Double) {
            guard alpha > 0 else { return }
            scene.nodes.append(MarksNode(atlas: text.atlas, marks: [Mark(x: 0, y: 0, width: Double(scene.size.width), height: panelTop * scale,
                                                                         kind: .roundedRectangle(cornerRadius: 0), color: .white,
                                                                         alpha: Self.coverAlpha * alpha)]))
        }
        if let recording = motion.recording, !recording.sent, let path = recording.video {
            cover(1)
            let flight = RoundVideoFlight(animation: instant.scenario.animation, screen: (390, height))
            let centre = flight.captureCentre
            if let file = instant.videos[path], let picture = instant.videoPictures.picture(path, at: recording.elapsed) {
                scene.nodes.append(RoundVideoParts.video(picture, input: file.source.input, centre: centre, diameter: RoundVideoFlight.captureDiameter,
                                                         inset: 0, alpha: 1, scale: scale))
            }
            let sweep = 2 * Double.pi * min(recording.elapsed / Self.ringTurn, 1)
            let ring = ShapeArc(centre: Vec2(0, 0), radius: Self.ringDiameter / 2, start: -Double.pi / 2, sweep: sweep)
            scene.nodes.append(ShapesNode(shapes: [PlacedShape(geometry: .lines([], arc: ring), stroke: Self.ringWidth / 2,
                                                               centre: Vec2(centre.x * scale, centre.y * scale), scale: scale, rotation: 0,
                                                               color: InputPanelElement.discColor, alpha: 1)]))
        }
        for flight in motion.flights where flight.flying && flight.kind == .roundVideo {
            cover(1 - flight.progress.bubbleLook)
        }
    }
}
