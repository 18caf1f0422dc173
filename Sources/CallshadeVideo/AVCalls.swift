import CallshadeSystem
import CAVCodec
import CallshadeCore

/// The thin layer between Swift and FFmpeg's libraries (libavformat,
/// libavcodec, libavutil, libswscale): with `AVCalls+Decoding.swift`, their
/// only caller. Every call's result is checked; a failure comes back as an
/// `AVCalls.Failure` naming the call and FFmpeg's error. Above it, nothing
/// sees a C type: the demuxer, the decoder, frames and the scaler are Swift
/// classes that own their C objects and free them on deinit.
enum AVCalls {
    /// A call that failed: its name and FFmpeg's error code.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let call: String
        let code: Int32

        /// FFmpeg's text for the code, starting lower case ("invalid data found when processing input").
        var reason: String {
            var buffer = [CChar](repeating: 0, count: 128)
            // av_strerror fills in a generic text for a code it does not know and says so; either text does.
            _ = av_strerror(code, &buffer, buffer.count)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return text.prefix(1).lowercased() + text.dropFirst()
        }

        var description: String { "\(call) failed: \(reason)" }

        /// The input ended.
        var isEndOfFile: Bool { code == callshade_averror_eof }
        /// The data is damaged or not what the demuxer or decoder expected.
        var isInvalidData: Bool { code == callshade_averror_invalid_data }
    }

    /// `result` when it is not negative; else a failure of `call`.
    @discardableResult
    static func check(_ result: Int32, _ call: String) throws(Failure) -> Int32 {
        guard result >= 0 else { throw Failure(call: call, code: result) }
        return result
    }

    /// FFmpeg's own log would print to standard error from inside the
    /// libraries; callshade reports through its errors and warnings instead,
    /// so the log is set to quiet (FFmpeg's one process-wide setting, always
    /// set to the same value; nothing else in the process uses FFmpeg's libraries).
    static func silenceLog() {
        av_log_set_level(AV_LOG_QUIET)   // returns nothing
    }
}

/// The bytes FFmpeg reads: an open input file, read at an offset of this
/// reader's own, through the callbacks of a custom `AVIOContext`. FFmpeg
/// never opens a path itself. The reader keeps the file open.
final class DescriptorReader {
    private let input: InputFile
    /// The file's size when it was opened: reads stop there.
    let size: Int64
    private var position: Int64 = 0
    /// The first read that failed, for the error that follows.
    private(set) var failure: SystemError?

    init(input: InputFile) {
        self.input = input
        size = input.size
    }

    /// Fills up to `buffer.count` bytes; the count, or FFmpeg's end-of-file or I/O error.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int32 {
        let wanted = Int(min(Int64(buffer.count), max(size - position, 0)))
        guard wanted > 0 else { return callshade_averror_eof }
        do {
            let count = try input.descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]), at: position)
            guard count > 0 else { return callshade_averror_eof }
            position += Int64(count)
            return Int32(count)
        } catch {
            failure = failure ?? error
            return callshade_averror_io
        }
    }

    /// Moves the offset (`whence` as in lseek), or answers the size (AVSEEK_SIZE).
    func seek(to offset: Int64, whence: Int32) -> Int64 {
        let base: Int64
        switch whence & ~Int32(AVSEEK_FORCE) {
        case Int32(AVSEEK_SIZE): return size
        case callshade_seek_set: base = 0
        case callshade_seek_current: base = position
        case callshade_seek_end: base = size
        default: return Int64(callshade_averror_invalid_data)
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0 else { return Int64(callshade_averror_invalid_data) }
        position = target
        return target
    }
}

extension AVCalls {
    /// What the demuxer says about one stream.
    /// A fraction of two of FFmpeg's ints: a time base, a frame rate.
    struct Rational: Equatable {
        let numerator: Int32
        let denominator: Int32
    }

    struct StreamFacts {
        let index: Int
        let isVideo: Bool
        let isAudio: Bool
        /// A cover picture (an MP3's or an M4A's artwork), not a video.
        let isAttachedPicture: Bool
        let codecName: String
        let width: Int
        let height: Int
        let timeBase: Rational
        /// The display matrix's rotation, in degrees counter-clockwise, when the stream has one.
        let displayRotation: Double?
        let colourSpace: ColourSpaceTag
        let colourRange: ColourRangeTag
        let pixelFormat: PixelFormatFacts
        /// How many frames the decoder may hold back to reorder them (B-frames).
        let reorderDelay: Int
        /// The frame count the container declares, when it does.
        let declaredFrameCount: Int64?
        /// The frame rate the container states, frames a second (0/0 or 0/1 when it states none).
        let averageFrameRate: Rational
    }

    /// The stream's colour matrix, as tagged.
    enum ColourSpaceTag: Equatable {
        case bt601, bt709, bt2020, unspecified, other
    }

    /// The stream's range, as tagged.
    enum ColourRangeTag: Equatable {
        case limited, full, unspecified
    }

    /// The pixel format, as far as conversion cares.
    struct PixelFormatFacts: Equatable {
        /// 8-bit planar 4:2:0 (`yuv420p`, or `yuvj420p`, its full-range name): planes copied as they are.
        let isYUV420Planar8: Bool
        /// A `yuvj` format: full range by its name.
        let isFullRangeByName: Bool
        /// RGB, grey or a palette: no Y'CbCr matrix of its own.
        let isRGBOrGrey: Bool
        let name: String
    }

    /// One demuxed packet's timing and flags.
    struct PacketFacts: Equatable {
        let streamIndex: Int
        let presentationTime: Int64?
        let decodeTime: Int64?
        let duration: Int64
        let isKeyframe: Bool
        /// The demuxer read less than the packet should hold (a truncated file) or knows it is damaged.
        let isCorrupt: Bool
        /// Decoded, but not shown (an edit list's pre-roll).
        let isDiscarded: Bool
    }
}

extension AVCalls {
    /// A packet buffer, reused from read to read.
    final class Packet {
        /// For the calls layer's other file (the decoder sends it).
        let pointer: UnsafeMutablePointer<AVPacket>

        init() throws(Failure) {
            guard let pointer = av_packet_alloc() else { throw Failure(call: "av_packet_alloc", code: callshade_averror_no_memory) }
            self.pointer = pointer
        }

        deinit {
            var pointer: UnsafeMutablePointer<AVPacket>? = pointer
            av_packet_free(&pointer)   // returns nothing
        }

        var facts: PacketFacts {
            let packet = pointer.pointee
            let flags = packet.flags
            return PacketFacts(streamIndex: Int(packet.stream_index),
                               presentationTime: packet.pts == callshade_av_nopts_value ? nil : packet.pts,
                               decodeTime: packet.dts == callshade_av_nopts_value ? nil : packet.dts,
                               duration: packet.duration,
                               isKeyframe: flags & AV_PKT_FLAG_KEY != 0,
                               isCorrupt: flags & AV_PKT_FLAG_CORRUPT != 0,
                               isDiscarded: flags & AV_PKT_FLAG_DISCARD != 0)
        }

        /// Lets go of the payload.
        func clear() {
            av_packet_unref(pointer)   // returns nothing
        }
    }

    /// An input file opened by libavformat, reading through a `DescriptorReader`.
    /// Nested inputs (a playlist's segments, a reference to another file) are
    /// refused: only the checked file is ever read.
    final class Demuxer {
        /// For the calls layer's other file (the decoder reads its stream's parameters).
        let context: UnsafeMutablePointer<AVFormatContext>
        private let reader: DescriptorReader
        private var io: UnsafeMutablePointer<AVIOContext>?

        private static let bufferSize: Int32 = 1 << 16

        /// Opens `input` (kept open while the demuxer lives), probing its
        /// format by its content and `name`, and reads the streams' parameters.
        init(input: InputFile, name: String) throws(Failure) {
            AVCalls.silenceLog()
            reader = DescriptorReader(input: input)
            guard let buffer = av_malloc(Int(Self.bufferSize)) else {
                throw Failure(call: "av_malloc", code: callshade_averror_no_memory)
            }
            let opaque = Unmanaged.passUnretained(reader).toOpaque()
            guard let io = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), Self.bufferSize, 0, opaque,
                                              Self.readCallback, nil, Self.seekCallback) else {
                var lost: UnsafeMutableRawPointer? = buffer
                av_freep(&lost)   // returns nothing
                throw Failure(call: "avio_alloc_context", code: callshade_averror_no_memory)
            }
            self.io = io
            guard let allocated = avformat_alloc_context() else {
                Self.free(io: &self.io)
                throw Failure(call: "avformat_alloc_context", code: callshade_averror_no_memory)
            }
            allocated.pointee.pb = io
            allocated.pointee.io_open = Self.refuseNestedOpen
            var opened: UnsafeMutablePointer<AVFormatContext>? = allocated
            let result = avformat_open_input(&opened, name, nil, nil)
            guard result >= 0, let opened else {
                // avformat_open_input frees the context when it fails; the I/O context is ours.
                Self.free(io: &self.io)
                throw Failure(call: "avformat_open_input", code: result)
            }
            context = opened
            do {
                try check(avformat_find_stream_info(context, nil), "avformat_find_stream_info")
            } catch {
                releaseContexts()
                throw error
            }
        }

        deinit {
            releaseContexts()
        }

        private func releaseContexts() {
            var pointer: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&pointer)   // returns nothing; leaves the custom I/O context to us
            Self.free(io: &io)
        }

        private static func free(io: inout UnsafeMutablePointer<AVIOContext>?) {
            guard let context = io else { return }
            var buffer: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(context.pointee.buffer)
            av_freep(&buffer)   // returns nothing
            avio_context_free(&io)   // returns nothing
        }

        /// The read that failed in the reader, when a failure was an I/O error.
        var readFailure: SystemError? { reader.failure }

        /// The format's short name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "tty").
        var formatName: String {
            context.pointee.iformat.map { String(cString: $0.pointee.name) } ?? ""
        }

        var streams: [StreamFacts] {
            (0..<Int(context.pointee.nb_streams)).compactMap { index in
                context.pointee.streams[index].map { Self.facts(of: $0, index: index) }
            }
        }

        /// Makes the demuxer drop every stream's packets but `index`'s.
        func keepOnly(stream index: Int) {
            for other in 0..<Int(context.pointee.nb_streams) where other != index {
                context.pointee.streams[other]?.pointee.discard = AVDISCARD_ALL
            }
        }

        /// Reads the next packet into `packet`; false at the end of the file.
        func read(into packet: Packet) throws(Failure) -> Bool {
            packet.clear()
            let result = av_read_frame(context, packet.pointer)
            if result == callshade_averror_eof { return false }
            try check(result, "av_read_frame")
            return true
        }

        /// Moves to the keyframe at or before `timestamp` (in `stream`'s time base).
        func seek(stream: Int, to timestamp: Int64) throws(Failure) {
            try check(av_seek_frame(context, Int32(stream), timestamp, AVSEEK_FLAG_BACKWARD), "av_seek_frame")
        }

        /// Back to the input's first byte: for a demuxer that cannot seek by time (a JPEG read as one frame).
        func seekToFirstByte() throws(Failure) {
            try check(av_seek_frame(context, -1, 0, AVSEEK_FLAG_BYTE), "av_seek_frame")
        }

        private static func facts(of stream: UnsafeMutablePointer<AVStream>, index: Int) -> StreamFacts {
            let parameters = stream.pointee.codecpar.pointee
            let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: parameters.format))
            let formatFlags = descriptor?.pointee.flags ?? 0
            let components = descriptor?.pointee.nb_components ?? 0
            let format = AVPixelFormat(rawValue: parameters.format)
            let pixelFormat = PixelFormatFacts(
                isYUV420Planar8: format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P,
                isFullRangeByName: [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P,
                                    AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P].contains(format),
                isRGBOrGrey: formatFlags & UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL) != 0 || components < 3,
                name: av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown")
            let codecName = avcodec_get_name(parameters.codec_id).map { String(cString: $0) } ?? "unknown"
            return StreamFacts(
                index: index,
                isVideo: parameters.codec_type == AVMEDIA_TYPE_VIDEO,
                isAudio: parameters.codec_type == AVMEDIA_TYPE_AUDIO,
                isAttachedPicture: stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0,
                codecName: codecName,
                width: Int(parameters.width),
                height: Int(parameters.height),
                timeBase: Rational(numerator: stream.pointee.time_base.num, denominator: stream.pointee.time_base.den),
                displayRotation: displayRotation(of: stream),
                colourSpace: colourSpace(parameters.color_space),
                colourRange: parameters.color_range == AVCOL_RANGE_JPEG ? .full
                    : parameters.color_range == AVCOL_RANGE_MPEG ? .limited : .unspecified,
                pixelFormat: pixelFormat,
                reorderDelay: Int(parameters.video_delay),
                declaredFrameCount: stream.pointee.nb_frames > 0 ? stream.pointee.nb_frames : nil,
                averageFrameRate: Rational(numerator: stream.pointee.avg_frame_rate.num,
                                           denominator: stream.pointee.avg_frame_rate.den))
        }

        private static func displayRotation(of stream: UnsafeMutablePointer<AVStream>) -> Double? {
            var size: Int = 0
            guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
                  size >= 9 * MemoryLayout<Int32>.size else { return nil }
            let degrees = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
            return degrees.isFinite ? degrees : nil
        }

        private static func colourSpace(_ space: AVColorSpace) -> ColourSpaceTag {
            switch space {
            case AVCOL_SPC_BT709: return .bt709
            case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: return .bt601
            case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: return .bt2020
            case AVCOL_SPC_UNSPECIFIED, AVCOL_SPC_RESERVED: return .unspecified
            default: return .other
            }
        }

        private static let readCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
            opaque, buffer, size in
            guard let opaque, let buffer, size > 0 else { return callshade_averror_invalid_data }
            let reader = Unmanaged<DescriptorReader>.fromOpaque(opaque).takeUnretainedValue()
            return reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(size)))
        }

        private static let seekCallback: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = {
            opaque, offset, whence in
            guard let opaque else { return Int64(callshade_averror_invalid_data) }
            return Unmanaged<DescriptorReader>.fromOpaque(opaque).takeUnretainedValue().seek(to: offset, whence: whence)
        }

        /// A demuxer asking to open another input (a playlist's segment, a
        /// referenced file) is refused: the user named one file.
        private static let refuseNestedOpen: @convention(c) (UnsafeMutablePointer<AVFormatContext>?,
                                                              UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?,
                                                              UnsafePointer<CChar>?, Int32,
                                                              UnsafeMutablePointer<OpaquePointer?>?) -> Int32 = { _, _, _, _, _ in
            callshade_averror_not_permitted
        }
    }
}
