import CallshadeCore
import CallshadeSystem

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

/// PNG files through libpng's simplified `png_image` API (`PNGCalls`): every
/// failure comes back as a message, turned here into a `PNGError`.
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
                try Self.write(encoded, to: descriptor, path: path)
            }
        } catch let failure as AtomicFile.Failure {
            throw PNGError.output(failure)
        }
    }

    /// Writes encoded bytes to an open descriptor; a failure names `path`.
    static func write(_ bytes: [UInt8], to descriptor: FileDescriptor, path: String) throws {
        let written = bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try descriptor.writeAll(buffer) } }
        do {
            try written.get()
        } catch {
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
        var capacity = max(firstCapacity ?? sizeBound(bytes: pixels.count, rows: image.height), 1)
        for _ in 0..<2 {
            let encoded: PNGCalls.Encoded
            do {
                encoded = try PNGCalls.encode(pixels, width: width, height: height, alpha: !opaque, capacity: capacity)
            } catch {
                throw PNGError.cannotWrite(path: path, reason: error.message)
            }
            switch encoded {
            case .bytes(let bytes): return bytes
            case .needs(let bytes): capacity = bytes
            }
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
        let stream: CStream
        do {
            stream = try CStream(reading: input.descriptor)
        } catch {
            throw PNGError.cannotRead(path: path, reason: error.reason)
        }
        let decoded = Result { try decode(from: stream, path: path, pixelLimit: pixelLimit) }
        let closed = Result { () throws(SystemError) in try stream.close() }
        let image = try decoded.get()
        do {
            try closed.get()
        } catch {
            throw PNGError.cannotRead(path: path, reason: error.reason)
        }
        return image
    }

    /// Reads the header, checks the size against the limit, then decodes the pixels.
    private static func decode(from stream: CStream, path: String, pixelLimit: Int) throws -> RGBAImage {
        let decoded: (width: Int, height: Int, pixels: [UInt8])
        do {
            decoded = try PNGCalls.decode(from: stream.pointer) { width, height in
                guard width > 0, height > 0, width <= FrameSize.maximumSide * 4, height <= FrameSize.maximumSide * 4,
                      width * height <= pixelLimit else {
                    throw PNGError.tooLarge(path: path, width: width, height: height, limit: pixelLimit)
                }
            }
        } catch let failure as PNGCalls.Failure {
            throw PNGError.cannotRead(path: path, reason: failure.message)
        }
        guard let image = RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels) else {
            throw PNGError.cannotRead(path: path, reason: "unexpected image size")
        }
        return image
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
