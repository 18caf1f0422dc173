import CallshadeCore
import CPNG
import Foundation

/// Errors of reading and writing PNG files; each names the path and says why.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// The path is not a regular file that can be opened (missing, a folder, a FIFO, a device...).
    case input(InputFile.Failure)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// The output path may not be written (see `AtomicFile`).
    case output(AtomicFile.Failure)
    case tooLarge(path: String, width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .input(let failure): return failure.description
        case .output(let failure): return failure.description
        case .cannotRead(let path, let reason): return "cannot read PNG '\(path)': \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write PNG '\(path)': \(reason)"
        case .tooLarge(let path, let width, let height, let limit):
            return "PNG '\(path)' declares \(width)x\(height) pixels, more than the \(limit) accepted"
        }
    }
}

/// PNG files through libpng's simplified `png_image` API, which keeps its
/// setjmp/longjmp error handling inside libpng: every failure comes back as a
/// return code and a message, turned here into a `PNGError`.
public enum PNGFile {
    /// The largest image `read` accepts, in pixels (a guard against decompression bombs).
    public static let defaultPixelLimit = 64 * 1024 * 1024

    /// Writes `image` as an 8-bit PNG with an sRGB chunk: RGB when every pixel
    /// is opaque, RGBA otherwise. The file appears at `path` only when
    /// complete. The PNG is encoded in memory and written with `write(2)`,
    /// so a failure says what the system said ("no space left on device (ENOSPC)").
    /// With `cleanup`, a stop by a signal removes the staged file.
    public static func write(_ image: RGBAImage, to path: String, cleanup: StopCleanup? = nil) throws {
        let encoded = try encode(image, path: path)
        do {
            try AtomicFile(path: path).write(cleanup: cleanup) { descriptor, _ in
                try write(encoded, to: descriptor, path: path)
            }
        } catch let failure as AtomicFile.Failure {
            throw PNGError.output(failure)
        }
    }

    /// Writes encoded bytes to an open descriptor; a failure names `path`.
    static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        do {
            try bytes.withUnsafeBytes { try DescriptorOutput.writeAll($0, to: descriptor) }
        } catch let error as SystemError {
            throw PNGError.cannotWrite(path: path, reason: error.reason)
        }
    }

    /// The PNG file's bytes for `image`, compressed once: into a buffer of
    /// `sizeBound` bytes (allocated, not filled, so only the pages the PNG
    /// takes are touched), or, should libpng say it needs more, once more
    /// into a buffer of the size it said. (Asking libpng for the size first
    /// would compress every image twice.) `firstCapacity` replaces the bound, for tests.
    static func encode(_ image: RGBAImage, path: String, firstCapacity: Int? = nil) throws -> [UInt8] {
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height) else {
            throw PNGError.cannotWrite(path: path, reason: "\(image.width)x\(image.height) is too large for a PNG")
        }
        let opaque = image.isOpaque
        let pixels = opaque ? rgbBytes(of: image) : image.pixels
        var png = newImage()
        png.width = width
        png.height = height
        png.format = opaque ? PNG_FORMAT_FLAG_COLOR : (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var capacity = max(firstCapacity ?? sizeBound(bytes: pixels.count, rows: image.height), 1)
        for _ in 0..<2 {
            // Each call frees libpng's state when it ends; the fields set above stay for the next.
            var written: png_alloc_size_t = capacity
            var succeeded = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialised in
                let result = pixels.withUnsafeBytes { source in
                    png_image_write_to_memory(&png, buffer.baseAddress, &written, 0, source.baseAddress, 0, nil)
                }
                succeeded = result != 0 && written > 0 && written <= capacity
                initialised = succeeded ? written : 0
            }
            png_image_free(&png)
            if succeeded { return bytes }
            // Out of room: libpng fails but says how many bytes it needs.
            guard written > capacity else { throw PNGError.cannotWrite(path: path, reason: messageText(of: &png)) }
            capacity = written
        }
        throw PNGError.cannotWrite(path: path, reason: "libpng kept needing more room than it asked for")
    }

    /// More than libpng can need for `bytes` bytes of pixels in `rows` rows
    /// (after png.h's PNG_IMAGE_PNG_SIZE_MAX): zlib's worst case for the rows
    /// with their filter bytes, a header per 8 KiB IDAT chunk, and the other chunks.
    static func sizeBound(bytes: Int, rows: Int) -> Int {
        let filtered = bytes + rows
        let compressed = filtered + (filtered + 7) / 8 + (filtered + 63) / 64 + 11
        return compressed + 12 * (compressed / 8192 + 1) + 1024
    }

    /// Reads any PNG libpng can expand (palette, grey, 16-bit, interlaced) as
    /// 8-bit RGBA, row 0 at the top. `path` must be a regular file (a FIFO or
    /// a device is refused at once, see `InputFile`), of at most `pixelLimit`
    /// pixels, checked from its header before anything is decoded. The whole
    /// image is decoded into memory: 4 bytes a pixel.
    public static func read(path: String, pixelLimit: Int = defaultPixelLimit) throws -> RGBAImage {
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch let failure as InputFile.Failure {
            throw PNGError.input(failure)
        }
        let stream = try stream(reading: input)
        var png = newImage()
        let decoded = Result { try decode(&png, from: stream, path: path, pixelLimit: pixelLimit) }
        png_image_free(&png)
        let closeError = fclose(stream) == 0 ? nil : SystemError.last("fclose")
        let image = try decoded.get()
        if let closeError { throw PNGError.cannotRead(path: path, reason: closeError.reason) }
        return image
    }

    /// A stdio stream on a duplicate of the input's descriptor (closed on
    /// exec, like the original), for libpng; closing it leaves `input` open.
    private static func stream(reading input: InputFile) throws -> UnsafeMutablePointer<FILE> {
        let duplicate = fcntl(input.descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { throw PNGError.cannotRead(path: input.path, reason: SystemError.last("dup").reason) }
        guard let stream = fdopen(duplicate, "rb") else {
            let error = SystemError.last("fdopen")
            close(duplicate)
            throw PNGError.cannotRead(path: input.path, reason: error.reason)
        }
        return stream
    }

    /// Reads the header, checks the size against the limit, then decodes the pixels.
    private static func decode(_ png: inout png_image, from stream: UnsafeMutablePointer<FILE>, path: String,
                               pixelLimit: Int) throws -> RGBAImage {
        guard png_image_begin_read_from_stdio(&png, stream) != 0 else {
            throw PNGError.cannotRead(path: path, reason: messageText(of: &png))
        }
        let width = Int(png.width)
        let height = Int(png.height)
        guard width > 0, height > 0, width <= FrameSize.maximumSide * 4, height <= FrameSize.maximumSide * 4,
              width * height <= pixelLimit else {
            throw PNGError.tooLarge(path: path, width: width, height: height, limit: pixelLimit)
        }
        png.format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&png, nil, buffer.baseAddress, 0, nil)
        }
        guard finished != 0 else {
            throw PNGError.cannotRead(path: path, reason: messageText(of: &png))
        }
        guard let image = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw PNGError.cannotRead(path: path, reason: "unexpected image size")
        }
        return image
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

    private static func rgbBytes(of image: RGBAImage) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { buffer, initialised in
            image.pixels.withUnsafeBufferPointer { source in
                for index in 0..<count {
                    buffer[index * 3] = source[index * 4]
                    buffer[index * 3 + 1] = source[index * 4 + 1]
                    buffer[index * 3 + 2] = source[index * 4 + 2]
                }
            }
            initialised = count * 3
        }
    }
}
