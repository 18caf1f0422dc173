import CallshadeSystem
import CallshadeCore

/// A video file opened through FFmpeg and checked before its first frame:
/// its video stream chosen, its size within the limit, every packet indexed
/// (`FrameScan`) and its first frame decoded.
struct VideoStream {
    let stream: AVCalls.StreamFacts
    let index: FrameIndex
    let colour: StreamColour
    let decoder: FrameDecoder

    init(input: InputFile, path: String, maximumSide: Int, frameLimit: Int, capacity: Int) throws(VideoError) {
        guard input.size > 0 else { throw VideoError.notVideo(path: path, reason: "it is empty") }
        let demuxer: AVCalls.Demuxer
        do {
            demuxer = try AVCalls.Demuxer(input: input, name: path)
        } catch where error.isInvalidData || error.isEndOfFile {
            throw VideoError.notVideo(path: path, reason: "FFmpeg finds no format it can read in it (\(error.reason))")
        } catch {
            throw VideoError.cannotDecode(path: path, reason: error.description)
        }
        // The tty demuxer shows a text file (ANSI art) as a video.
        guard demuxer.formatName != "tty" else { throw VideoError.notVideo(path: path, reason: "it is text") }
        stream = try Self.videoStream(of: demuxer.streams, path: path)
        guard stream.width > 0, stream.height > 0 else {
            throw VideoError.notVideo(path: path, reason: "its video stream has no picture size")
        }
        guard stream.width <= maximumSide, stream.height <= maximumSide else {
            throw VideoError.tooLarge(path: path, width: stream.width, height: stream.height, limit: maximumSide)
        }
        guard stream.timeBase.numerator > 0, stream.timeBase.denominator > 0 else {
            throw VideoError.cannotDecode(path: path, reason: "its stream has no time base")
        }
        demuxer.keepOnly(stream: stream.index)
        index = try FrameScan(path: path, stream: stream, frameLimit: frameLimit).index(reading: demuxer)
        colour = StreamColour(stream: stream)
        do {
            decoder = try FrameDecoder(path: path, stream: stream, index: index, colour: colour, demuxer: demuxer,
                                       maximumPixels: maximumSide * maximumSide, capacity: capacity)
        } catch {
            throw VideoError.cannotDecode(path: path, reason: "\(stream.codecName): \(error.description)")
        }
        _ = try decoder.picture(of: 0)
    }

    /// The first video stream that is not a cover picture.
    private static func videoStream(of streams: [AVCalls.StreamFacts], path: String) throws(VideoError) -> AVCalls.StreamFacts {
        if let video = streams.first(where: { $0.isVideo && !$0.isAttachedPicture }) { return video }
        if streams.contains(where: \.isAudio) {
            throw VideoError.notVideo(path: path, reason: "it has no video stream, only audio")
        }
        if streams.contains(where: \.isVideo) {
            throw VideoError.notVideo(path: path, reason: "it holds only a cover picture, no video stream")
        }
        throw VideoError.notVideo(path: path, reason: "it has no video stream")
    }
}
