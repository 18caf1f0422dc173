import CallshadeSystem
import CallshadeCore
import CallshadePNG

/// A picture source for the call screen: a video file FFmpeg can decode, or
/// a PNG still. Opening checks everything it can before the first frame
/// (see `VideoError`); `picture(at:)` then gives the source's picture at
/// any source time, exactly and in any order. Not thread-safe: one source per
/// thread that reads it.
public final class VideoSource {
    /// The largest width and height accepted, in pixels.
    public static let maximumSide = 8192
    /// The most frames a video may have (its index takes 8 bytes a frame).
    public static let maximumFrames = 1_000_000
    /// The most decoded pictures kept in memory, whatever the video's length.
    public static let picturesKept = 4

    public let path: String
    /// The picture's size as decoded (before `rotation`).
    public let width: Int
    public let height: Int
    /// How to turn the pictures for display; they are handed out unturned.
    public let rotation: VideoRotation
    /// The video's matrix and range (a still's pixels are RGB: nil).
    public let matrix: VideoMatrix?
    public let range: VideoRange?
    /// Frames in one pass of the source (a still: 1).
    public let frameCount: Int
    /// How long one pass lasts, in seconds: the last frame's time plus its
    /// duration, from the first frame's. Nil for a still.
    public let loopDuration: Double?

    private enum Content {
        case still(RGBAImage)
        case video(VideoStream)
    }

    private let content: Content

    /// Opens `path`: a missing file, a folder, a FIFO or a device is refused
    /// before anything reads it; a PNG (by its signature) is read whole as a
    /// still; anything else goes to FFmpeg.
    public init(path: String) throws(VideoError) {
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch let failure as InputFile.Failure {
            throw VideoError.input(failure)
        } catch {
            throw VideoError.cannotDecode(path: path, reason: "\(error)")
        }
        self.path = path
        if try Self.isPNG(input, path: path) {
            let image = try Self.still(path: path)
            content = .still(image)
            (width, height, rotation, matrix, range, frameCount, loopDuration) = (image.width, image.height, .none, nil, nil, 1, nil)
            return
        }
        let video = try VideoStream(input: input, path: path, maximumSide: Self.maximumSide,
                                    frameLimit: Self.maximumFrames, capacity: Self.picturesKept)
        content = .video(video)
        width = video.stream.width
        height = video.stream.height
        rotation = video.stream.displayRotation.map { VideoRotation(counterClockwiseDegrees: $0) } ?? .none
        matrix = video.colour.matrix
        range = video.colour.range
        frameCount = video.index.count
        loopDuration = video.index.loopDuration
    }

    /// The frame shown at `sourceTime` seconds: the last whose presentation
    /// time is at or before it, looping every `loopDuration`; negative times
    /// give the first frame. A still has one frame, 0.
    public func frame(at sourceTime: Double) -> Int {
        switch content {
        case .still: return 0
        case .video(let video): return video.index.frame(at: sourceTime)
        }
    }

    /// The picture at `sourceTime` seconds (see `frame(at:)`): the same bytes
    /// however it is reached. Fails only when the video's data cannot be
    /// decoded from there on; damaged data that can be skipped is noted
    /// instead (`takeWarning`).
    public func picture(at sourceTime: Double) throws(VideoError) -> SourcePicture {
        switch content {
        case .still(let image): return .rgba(image)
        case .video(let video): return .ycbcr(try video.decoder.picture(of: video.index.frame(at: sourceTime)))
        }
    }

    /// The first damaged data met while decoding, the first time it is asked
    /// for after it was met, then nil: for the caller to say once.
    public func takeWarning() -> VideoWarning? {
        switch content {
        case .still: return nil
        case .video(let video): return video.decoder.takeWarning()
        }
    }

    /// Decoded pictures held in memory now, at most `picturesKept`.
    public var picturesHeld: Int {
        switch content {
        case .still: return 0
        case .video(let video): return video.decoder.picturesHeld
        }
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func isPNG(_ input: InputFile, path: String) throws(VideoError) -> Bool {
        var head = [UInt8](repeating: 0, count: pngSignature.count)
        let read = head.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try input.descriptor.read(into: buffer, at: 0) }
        }
        do {
            return try read.get() == pngSignature.count && head == pngSignature
        } catch {
            throw VideoError.input(.system(path, error))
        }
    }

    private static func still(path: String) throws(VideoError) -> RGBAImage {
        let image: RGBAImage
        do {
            image = try PNGFile.read(path: path)
        } catch let failure as PNGError {
            throw VideoError.still(failure)
        } catch {
            throw VideoError.cannotDecode(path: path, reason: "\(error)")
        }
        guard image.width <= maximumSide, image.height <= maximumSide else {
            throw VideoError.tooLarge(path: path, width: image.width, height: image.height, limit: maximumSide)
        }
        return image
    }
}
