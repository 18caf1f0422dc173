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

        /// The same, the point's texels of the copy given: `column`, those
        /// its x gives (`pair(atX:)`), and `row`, those its y gives
        /// (`pair(atY:)`), worked out once for the points that share them
        /// (nil: a point beyond any finite one, sampled as `callAsFunction` does).
        public func callAsFunction(over gradient: RGB, column: TexelPair?, row: TexelPair?, at point: Vec2, copy: VideoBlurredCopy,
                                   surelyCovered: Bool = false) -> RGB {
            guard let column, let row else { return self(over: gradient, at: point, copy: copy, surelyCovered: surelyCovered) }
            let alpha = min(max(video.alpha, 0), 1)
            guard alpha > 0 else { return gradient }
            let (across, down) = turned ? (row, column) : (column, row)
            return ReferenceGlass.shown(gradient, sample: copy.sample(across: across, down: down),
                                        coverage: surelyCovered ? 1 : frame.coverage(at: point), alpha: alpha)
        }

        /// Whether the picture's x follows the frame's y (a quarter turn).
        private var turned: Bool { frame.rotation == .clockwise90 || frame.rotation == .clockwise270 }

        /// The copy's texels along the picture axis that a point's frame x
        /// moves it along (its x, or its y when turned): the picture's point
        /// has each of its coordinates from one of the frame's (turns are
        /// quarter turns), the same at any y. Nil where it is not finite.
        public func pair(atX x: Double) -> TexelPair? {
            let point = frame.pictureCoordinates(at: Vec2(x, 0))
            return Self.pair(turned ? point.y : point.x)
        }

        /// The same along the axis the frame's y moves it along.
        public func pair(atY y: Double) -> TexelPair? {
            let point = frame.pictureCoordinates(at: Vec2(0, y))
            return Self.pair(turned ? point.x : point.y)
        }

        private static func pair(_ value: Double) -> TexelPair? {
            value.isFinite ? TexelPair(value, extent: VideoBlurredCopy.side) : nil
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
