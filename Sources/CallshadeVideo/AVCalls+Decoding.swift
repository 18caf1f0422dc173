import CAVCodec

/// The decoding half of the calls layer (see `AVCalls`): libavcodec's
/// decoder, its frames, and libswscale's conversion to 8-bit 4:2:0.
extension AVCalls {
    /// Three tightly packed 8-bit planes: luma `width` x `height`, each
    /// chroma plane half that, rounded up.
    struct Planes {
        let luma: [UInt8]
        let cb: [UInt8]
        let cr: [UInt8]
    }

    /// What a decoder gave when asked for a frame.
    enum Received {
        /// A frame is in the `Frame` passed.
        case frame
        /// It needs the next packet first.
        case needsInput
        /// Everything sent has come out, after `sendEnd`.
        case finished
    }

    /// A stream's decoder: single-threaded (frames out in the same order,
    /// holding only what the codec itself needs), asked to be bit-exact, and
    /// refusing pictures of more than `maximumPixels`.
    final class Decoder {
        private var context: UnsafeMutablePointer<AVCodecContext>?

        init(demuxer: Demuxer, stream: Int, maximumPixels: Int) throws(Failure) {
            guard let parameters = demuxer.context.pointee.streams[stream]?.pointee.codecpar,
                  let timeBase = demuxer.context.pointee.streams[stream]?.pointee.time_base else {
                throw Failure(call: "avcodec_parameters_to_context", code: callshade_averror_invalid_data)
            }
            guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
                throw Failure(call: "avcodec_find_decoder", code: callshade_averror_decoder_not_found)
            }
            guard let context = avcodec_alloc_context3(codec) else {
                throw Failure(call: "avcodec_alloc_context3", code: callshade_averror_no_memory)
            }
            self.context = context
            try check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context")
            context.pointee.thread_count = 1
            context.pointee.flags |= AV_CODEC_FLAG_BITEXACT
            context.pointee.max_pixels = Int64(maximumPixels)
            context.pointee.pkt_timebase = timeBase
            try check(avcodec_open2(context, codec, nil), "avcodec_open2")
        }

        deinit {
            avcodec_free_context(&context)   // returns nothing
        }

        /// Hands the decoder `packet` (call `receive` until it needs input first).
        func send(_ packet: Packet) throws(Failure) {
            try check(avcodec_send_packet(context, packet.pointer), "avcodec_send_packet")
        }

        /// Tells the decoder no more packets come, so it gives out what it holds.
        func sendEnd() throws(Failure) {
            let result = avcodec_send_packet(context, nil)
            // Said twice (an end already sent), it is not an error worth failing on.
            if result == callshade_averror_eof { return }
            try check(result, "avcodec_send_packet")
        }

        /// The next frame, in presentation order, into `frame`.
        func receive(into frame: Frame) throws(Failure) -> Received {
            frame.clear()
            let result = avcodec_receive_frame(context, frame.pointer)
            if result == callshade_averror_again { return .needsInput }
            if result == callshade_averror_eof { return .finished }
            try check(result, "avcodec_receive_frame")
            return .frame
        }

        /// Forgets every packet sent and every frame held, as after a seek.
        func reset() {
            avcodec_flush_buffers(context)   // returns nothing
        }
    }

    /// A decoded picture, reused from frame to frame.
    final class Frame {
        fileprivate let pointer: UnsafeMutablePointer<AVFrame>

        init() throws(Failure) {
            guard let pointer = av_frame_alloc() else { throw Failure(call: "av_frame_alloc", code: callshade_averror_no_memory) }
            self.pointer = pointer
        }

        deinit {
            var pointer: UnsafeMutablePointer<AVFrame>? = pointer
            av_frame_free(&pointer)   // returns nothing
        }

        func clear() {
            av_frame_unref(pointer)   // returns nothing
        }

        /// Its presentation time in the stream's time base (the decoder's best
        /// effort: the packet's, or guessed from its neighbours').
        var timestamp: Int64? {
            let time = pointer.pointee.best_effort_timestamp
            return time == callshade_av_nopts_value ? nil : time
        }

        /// The decoder met damaged data making it (its picture is concealed, not what was coded).
        var isCorrupt: Bool {
            pointer.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 || pointer.pointee.decode_error_flags != 0
        }

        var width: Int { Int(pointer.pointee.width) }
        var height: Int { Int(pointer.pointee.height) }

        /// 8-bit planar 4:2:0, limited or full range: its planes can be copied as they are.
        var isYUV420Planar8: Bool {
            let format = AVPixelFormat(rawValue: pointer.pointee.format)
            return format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P
        }

        /// Its three planes, copied tightly packed (it must be 8-bit 4:2:0, `isYUV420Planar8`).
        func planes() -> Planes {
            let chromaWidth = (width + 1) / 2
            let chromaHeight = (height + 1) / 2
            return Planes(luma: copy(plane: 0, width: width, height: height),
                          cb: copy(plane: 1, width: chromaWidth, height: chromaHeight),
                          cr: copy(plane: 2, width: chromaWidth, height: chromaHeight))
        }

        private func copy(plane: Int, width: Int, height: Int) -> [UInt8] {
            let stride = Int(withUnsafeBytes(of: pointer.pointee.linesize) { $0.load(fromByteOffset: plane * 4, as: Int32.self) })
            let start = withUnsafeBytes(of: pointer.pointee.data) {
                $0.load(fromByteOffset: plane * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
                        as: UnsafeMutablePointer<UInt8>?.self)
            }
            guard let start else { return [UInt8](repeating: 0, count: width * height) }
            return [UInt8](unsafeUninitializedCapacity: width * height) { buffer, initialised in
                guard let base = buffer.baseAddress else { return }
                // Row by row (the frame's rows are `stride` apart), each copied whole.
                for row in 0..<height { (base + row * width).initialize(from: start + row * stride, count: width) }
                initialised = width * height
            }
        }
    }

    /// libswscale's conversion of any decoded frame to 8-bit 4:2:0 at the
    /// stream's size, bit-exact (the same bytes on every CPU). Its context
    /// is made again only when the frames' format or size changes.
    final class Scaler {
        private var context: OpaquePointer?
        private let target: Frame

        init() throws(Failure) {
            target = try Frame()
        }

        deinit {
            sws_freeContext(context)   // returns nothing
        }

        /// `frame` as 8-bit 4:2:0 planes `width` x `height`. A Y'CbCr source
        /// keeps its matrix and range (`matrix`, `fullRange`): only the
        /// sampling and depth change. An RGB or grey source is converted with
        /// `matrix` to `fullRange`.
        func convert(_ frame: Frame, width: Int, height: Int, matrix: ColourSpaceTag, fullRange: Bool) throws(Failure) -> Planes {
            let source = frame.pointer
            let flags = SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT
            guard let context = sws_getCachedContext(context, source.pointee.width, source.pointee.height,
                                                      AVPixelFormat(rawValue: source.pointee.format),
                                                      Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
                                                      Int32(flags), nil, nil, nil) else {
                throw Failure(call: "sws_getCachedContext", code: callshade_averror_invalid_data)
            }
            self.context = context
            let coefficients = sws_getCoefficients(Self.swscaleSpace(matrix))
            let range: Int32 = fullRange ? 1 : 0
            try check(sws_setColorspaceDetails(context, coefficients, range, coefficients, range, 0, 1 << 16, 1 << 16),
                      "sws_setColorspaceDetails")
            target.clear()
            target.pointer.pointee.width = Int32(width)
            target.pointer.pointee.height = Int32(height)
            target.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
            try check(av_frame_get_buffer(target.pointer, 0), "av_frame_get_buffer")
            let sourceData = withUnsafeBytes(of: source.pointee.data) { Array($0.bindMemory(to: UnsafePointer<UInt8>?.self)) }
            let sourceStrides = withUnsafeBytes(of: source.pointee.linesize) { Array($0.bindMemory(to: Int32.self)) }
            let targetData = withUnsafeBytes(of: target.pointer.pointee.data) {
                Array($0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self))
            }
            let targetStrides = withUnsafeBytes(of: target.pointer.pointee.linesize) { Array($0.bindMemory(to: Int32.self)) }
            let rows = sws_scale(context, sourceData, sourceStrides, 0, source.pointee.height, targetData, targetStrides)
            guard rows == Int32(height) else { throw Failure(call: "sws_scale", code: rows < 0 ? rows : callshade_averror_invalid_data) }
            return target.planes()
        }

        private static func swscaleSpace(_ matrix: ColourSpaceTag) -> Int32 {
            switch matrix {
            case .bt709: return SWS_CS_ITU709
            case .bt2020: return SWS_CS_BT2020
            case .bt601, .unspecified, .other: return SWS_CS_ITU601
            }
        }
    }
}
