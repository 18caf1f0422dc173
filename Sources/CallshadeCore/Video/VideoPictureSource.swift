/// A source of pictures by source time: a video or a still (a video call's
/// camera; what reads files is CallshadeRender's `VideoFileSource`). Reading
/// it must give the same picture for the same source time, whatever was read before.
public protocol VideoPictureSource: Sendable {
    /// Its size as decoded and its turn for display.
    var input: VideoInput { get }

    /// The picture shown `sourceTime` seconds into the source (after a camera came on).
    func picture(at sourceTime: Double) throws -> SourcePicture
}

/// What a screen needs to know of a video source to place its pictures
/// (video-call, sections 2 and 5): its size as decoded and its turn for
/// display. Without one, a camera's picture is taken for a 720x1280 portrait one.
public struct VideoInput: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let rotation: VideoRotation

    public init(width: Int, height: Int, rotation: VideoRotation = .none) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.rotation = rotation
    }

    /// A phone camera's portrait picture: what a source without an input is taken for.
    public static let portrait = VideoInput(width: 720, height: 1280)

    /// Width over height as displayed (turned).
    public var aspect: Double {
        rotation.swapsSides ? Double(height) / Double(width) : Double(width) / Double(height)
    }
}

