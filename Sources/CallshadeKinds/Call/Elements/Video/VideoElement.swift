import CallshadeCore

/// The video call's pictures (video-call, sections 1 to 5), above the
/// avatar and below the glass: the black backdrop, the full-screen video
/// and its shadows (tag `video`), then the picture in picture (`pip`).
/// The pictures come frame by frame from its provider (`pictures`, whose
/// assets are `VideoFramePictures`); a picture the frame lacks is not drawn.
public struct VideoElement: CallElement {
    /// Each source's size and turn.
    public let inputs: VideoInputs
    /// Where the pictures come from; nil draws the backdrop and shadows alone.
    public let pictures: CallVideoPictures?

    public init(inputs: VideoInputs = VideoInputs(), pictures: CallVideoPictures? = nil) {
        self.inputs = inputs
        self.pictures = pictures
    }

    /// The element drawing `pictures`, placed by their sources' inputs.
    public init(pictures: CallVideoPictures) {
        self.init(inputs: pictures.inputs, pictures: pictures)
    }

    public var tags: [SceneTag] { [.video, .pip] }

    /// The narrowest picture drawn, in pixels.
    static let thinnest = 1.0 / 1024

    public var frameAssets: (any FrameAssetProvider)? { pictures }

    private func geometry(at instant: CallInstant) -> VideoGeometry {
        let video = instant.state.video
        return VideoGeometry(layout: instant.layout, inputs: inputs, controlsHidden: video.controlsHidden, pipPosition: video.pipPosition,
                             notices: instant.state.notices)
    }

    /// What glass shows at `instant` over the full-screen video (video-call,
    /// section 7): the most opaque full-screen picture, at the video's
    /// presence; nil without one (or without its picture).
    public func glassVideo(at instant: CallInstant) -> GlassVideo? {
        let video = instant.state.video
        guard video.presence > 0,
              let shown = video.pictures.filter({ $0.layer == .fullScreen }).max(by: { $0.alpha < $1.alpha }),
              let picture = instant.assets[VideoFramePictures.self]?.picture(for: shown) else { return nil }
        let (clip, content) = geometry(at: instant).frame(of: shown)
        return GlassVideo(picture: picture, rotation: inputs[shown.feed].rotation, mirrored: shown.mirrored, clip: clip, content: content,
                          alpha: video.presence)
    }

    public func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        let video = instant.state.video
        guard video.presence != 0 || !video.pictures.isEmpty else { return }
        let geometry = geometry(at: instant)
        let frame = instant.assets[VideoFramePictures.self]
        func pictureNodes(_ layer: VideoLayer) -> [any SceneNode] {
            video.pictures.filter { $0.layer == layer }.compactMap { shown in
                guard let picture = frame?.picture(for: shown) else { return nil }
                let (clip, content) = geometry.frame(of: shown)
                // A picture turned nearly edge on (a flip) is thinner than a
                // pixel, where the coverage rule would still give its middle
                // column half: it shows by its width instead, and not at all
                // once under 1/1024 of a pixel (exactly edge on, halfway).
                let thin = min(clip.width, 1)
                guard thin >= Self.thinnest else { return nil }
                let node = VideoNode(picture: picture, rotation: inputs[shown.feed].rotation, mirrored: shown.mirrored, clip: clip,
                                     content: content, opacity: shown.alpha * thin)
                return node.isVisible ? node : nil
            }
        }
        if showing.contains(.video) {
            if video.presence > 0 {
                // The backdrop grows from the avatar's circle with the presence, and fades in; so do the phone's corners.
                scene.nodes.append(ShadeNode(parts: [.inside(geometry.backdrop(presence: video.presence), alpha: video.presence),
                                                     .outside(geometry.screen, alpha: video.presence)]))
            }
            scene.nodes += pictureNodes(.fullScreen)
            let shadows = video.presence * (1 - video.controlsHidden)
            if shadows > 0 {
                let depth = VideoGeometry.shadowPoints * instant.layout.scale, bottom = Double(instant.layout.size.height)
                scene.nodes.append(ShadeNode(parts: [.shadow(edge: 0, depth: depth, downward: true, alpha: shadows),
                                                     .shadow(edge: bottom, depth: depth, downward: false, alpha: shadows)]))
            }
        }
        if showing.contains(.pip) { scene.nodes += pictureNodes(.pip) }
    }
}

extension SceneTag {
    public static let video = SceneTag("video", help: "The video call's black backdrop, full-screen video and its shadows.")
    public static let pip = SceneTag("pip", help: "The video call's picture in picture.")
}
