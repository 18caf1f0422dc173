import CallshadeCore
import CPNG
import Foundation

/// Errors of reading and writing PNG files; each carries the path and libpng's message.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case tooLarge(path: String, width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
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
    /// is opaque, RGBA otherwise. The file appears at `path` only when complete.
    public static func write(_ image: RGBAImage, to path: String) throws {
        let opaque = image.isOpaque
        let bytes = opaque ? rgbBytes(of: image) : image.pixels
        do {
            try AtomicFile(path: path).write { descriptor, _ in
                guard let stream = fdopen(dup(descriptor), "wb") else {
                    throw PNGError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
                }
                var png = newImage()
                png.width = UInt32(image.width)
                png.height = UInt32(image.height)
                png.format = opaque ? PNG_FORMAT_FLAG_COLOR : (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
                let written = bytes.withUnsafeBytes { buffer in
                    png_image_write_to_stdio(&png, stream, 0, buffer.baseAddress, 0, nil)
                }
                let message = messageText(of: &png)
                png_image_free(&png)
                let closed = fclose(stream)
                guard written != 0 else { throw PNGError.cannotWrite(path: path, reason: message) }
                guard closed == 0 else {
                    throw PNGError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
                }
            }
        } catch let failure as AtomicFile.Failure {
            throw PNGError.cannotWrite(path: path, reason: failure.description)
        }
    }

    /// Reads any PNG libpng can expand (palette, grey, 16-bit, interlaced) as
    /// 8-bit RGBA, row 0 at the top.
    public static func read(path: String, pixelLimit: Int = defaultPixelLimit) throws -> RGBAImage {
        var png = newImage()
        defer { png_image_free(&png) }
        guard png_image_begin_read_from_file(&png, path) != 0 else {
            throw PNGError.cannotRead(path: path, reason: readReason(path: path, message: messageText(of: &png)))
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

    private static func readReason(path: String, message: String) -> String {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return "no such file" }
        if isFolder.boolValue { return "it is a folder" }
        return message
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
