import CZlib

/// The one calls layer for zlib: a gzip stream inflated whole, refused when
/// it is damaged or would inflate past a limit. Every result is checked.
enum GzipCalls {
    /// Why a gzip stream was refused.
    enum Failure: Error, Equatable {
        /// zlib's message (or its code) for a stream it cannot inflate.
        case damaged(String)
        /// The stream inflates to more than `limit` bytes.
        case tooLarge(limit: Int)
        /// The stream ends before its end of stream.
        case truncated
    }

    /// Whether `bytes` start as a gzip stream does (1F 8B).
    static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B }

    /// The bytes `gzip` inflates to, at most `limit` of them.
    static func inflate(_ gzip: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        let started = callshade_inflate_init_gzip(&stream)
        guard started == Z_OK else { throw .damaged("inflateInit2 failed (\(started))") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = gzip
        let outcome: Result<Void, Failure> = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (code, made) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    let code = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (code, buffer.count - Int(stream.avail_out))
                }
                guard output.count + made <= limit else { return .failure(.tooLarge(limit: limit)) }
                output.append(contentsOf: chunk.prefix(made))
                switch code {
                case Z_STREAM_END:
                    return .success(())
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return .failure(.truncated)
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "inflate failed (\(code))"
                    return .failure(.damaged(message))
                }
            }
        }
        try outcome.get()
        return output
    }
}
