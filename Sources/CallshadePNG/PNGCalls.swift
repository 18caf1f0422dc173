import CPNG

/// The thin layer between Swift and libpng: the only caller of libpng, through
/// its simplified `png_image` API, which keeps its setjmp/longjmp error
/// handling inside libpng. Every call's result is checked; a failure comes
/// back as libpng's message.
enum PNGCalls {
    /// libpng refused: its message.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// What one attempt at encoding gave.
    enum Encoded: Equatable {
        case bytes([UInt8])
        /// The buffer was too small: libpng needs this many bytes.
        case needs(Int)
    }

    /// Encodes 8-bit pixels, RGB or with `alpha` RGBA, `width` x `height`
    /// with an sRGB chunk, into a buffer of `capacity` bytes (allocated, not
    /// filled, so only the pages the PNG takes are touched).
    static func encode(_ pixels: [UInt8], width: UInt32, height: UInt32, alpha: Bool,
                       capacity: Int) throws(Failure) -> Encoded {
        var png = newImage()
        png.width = width
        png.height = height
        png.format = alpha ? (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA) : PNG_FORMAT_FLAG_COLOR
        var written: png_alloc_size_t = capacity
        var succeeded = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialised in
            let result = pixels.withUnsafeBytes { source in
                png_image_write_to_memory(&png, buffer.baseAddress, &written, 0, source.baseAddress, 0, nil)
            }
            succeeded = result != 0 && written > 0 && written <= capacity
            initialised = succeeded ? written : 0
        }
        let message = messageText(of: &png)
        png_image_free(&png)   // returns nothing; frees what the write left
        if succeeded { return .bytes(bytes) }
        // Out of room: libpng fails but says how many bytes it needs.
        guard written > capacity else { throw Failure(message: message) }
        return .needs(written)
    }

    /// Reads a PNG from `stream` as 8-bit RGBA, row 0 at the top: its header
    /// first, which `check` sees (width, height) and may refuse by
    /// throwing, then its pixels. libpng's failures throw `Failure`.
    static func decode(from stream: UnsafeMutablePointer<FILE>,
                       check: (_ width: Int, _ height: Int) throws -> Void) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        var png = newImage()
        defer { png_image_free(&png) }   // returns nothing; frees what the read left
        guard png_image_begin_read_from_stdio(&png, stream) != 0 else { throw Failure(message: messageText(of: &png)) }
        let width = Int(png.width)
        let height = Int(png.height)
        try check(width, height)
        png.format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&png, nil, buffer.baseAddress, 0, nil)
        }
        guard finished != 0 else { throw Failure(message: messageText(of: &png)) }
        return (width, height, pixels)
    }

    private static func newImage() -> png_image {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        return png
    }

    private static func messageText(of png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng gave no reason" : text
        }
    }
}
