/// What glass shows over a full-screen video instead of the toned gradient
/// (video-call, section 7): the video's blurred copy (`VideoBlurredCopy`)
/// stretched over the video's rectangle inside its frame, toned
/// (brightness 0.7, saturation 1.3, white overlay 0.2), over #1A1A1A where
/// the video does not reach; mixed over the usual toned gradient by the
/// video's alpha, so that the copy follows the video as it comes and goes.
/// The glass then blurs and masks it as it does the gradient.
public struct GlassVideo: Equatable, Sendable {
    public var picture: SourcePicture
    public var rotation: VideoRotation
    public var mirrored: Bool
    /// The full-screen video's frame and rectangle, as its `VideoNode` has them.
    public var clip: RoundedRectangle
    public var content: RoundedRectangle
    /// 0...1: how much of the glass's picture is the video's rather than the gradient's.
    public var alpha: Double

    public static let tone = Tone(brightness: 0.7, saturation: 1.3, overlay: .white, overlayAlpha: 0.2)
    /// Where the video does not reach (its bars).
    public static let bars = RGB(26.0 / 255, 26.0 / 255, 26.0 / 255)

    public init(picture: SourcePicture, rotation: VideoRotation, mirrored: Bool, clip: RoundedRectangle, content: RoundedRectangle,
                alpha: Double) {
        self.picture = picture
        self.rotation = rotation
        self.mirrored = mirrored
        self.clip = clip
        self.content = content
        self.alpha = alpha
    }

    /// The video node whose frame and mapping it shares.
    public var frame: VideoNode {
        VideoNode(picture: picture, rotation: rotation, mirrored: mirrored, clip: clip, content: content)
    }
}

extension GlassVideo {
    /// What glass shows at a point (frame pixels) before its blur, given the
    /// toned gradient there: the reference's rule (`ReferenceGlass.overVideo`),
    /// for the GPU renderer's lattice, at its many points with the video's
    /// node made once rather than at each.
    public var shownAtPoints: ShownAtPoints { ShownAtPoints(video: self, frame: frame) }

    public struct ShownAtPoints: Sendable {
        let video: GlassVideo
        let frame: VideoNode

        /// `surelyCovered`: `point` lies in `surelyCovered(atRow:)` of its row, so the frame's coverage there is 1.
        public func callAsFunction(over gradient: RGB, at point: Vec2, copy: VideoBlurredCopy, surelyCovered: Bool = false) -> RGB {
            ReferenceGlass.overVideo(gradient, at: point, video: video, frame: frame, copy: copy, coverage: surelyCovered ? 1 : nil)
        }

        /// Along the row at `y` (frame pixels), the x where the video's frame
        /// surely covers a point wholly: inside both its clip's and its
        /// content's `surelyCoveredRun`, at full opacity (its coverage there is exactly 1).
        public func surelyCovered(atRow y: Double) -> ClosedRange<Double>? {
            guard frame.isVisible, frame.opacity >= 1, let clip = frame.clip.surelyCoveredRun(atRow: y),
                  let content = frame.content.surelyCoveredRun(atRow: y) else { return nil }
            let (low, high) = (max(clip.lowerBound, content.lowerBound), min(clip.upperBound, content.upperBound))
            return low <= high ? low...high : nil
        }
    }
}
