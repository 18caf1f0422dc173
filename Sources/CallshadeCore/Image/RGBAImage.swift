/// An 8-bit RGBA image, rows top to bottom, four bytes a pixel, no padding.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// width x height x 4 bytes. Code that writes through pointers trusts that
    /// count, so pixels change only through `setPixel` and `withUnsafeMutablePixels`.
    public private(set) var pixels: [UInt8]

    /// An image of the given size; pixels must hold exactly width x height x 4 bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0,
              width.multipliedReportingOverflow(by: height).overflow == false,
              pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour (sizes below 0 count as 0).
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        var pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3]) = fill
        }
        self.pixels = pixels
    }

    /// A transparent black image.
    public init(size: FrameSize) {
        width = size.width
        height = size.height
        pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
    }

    public var size: FrameSize? { try? FrameSize(width: width, height: height) }

    /// The four channels of the pixel in column x of row y (row 0 at the top).
    public func pixel(x: Int, y: Int) -> [UInt8]? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let offset = (y * width + x) * 4
        return Array(pixels[offset..<offset + 4])
    }

    /// Sets the pixel in column x of row y (row 0 at the top); outside the image, nothing happens.
    public mutating func setPixel(x: Int, y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let offset = (y * width + x) * 4
        (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3]) = rgba
    }

    /// Lets `body` change the pixels in place through a buffer of exactly
    /// width x height x 4 bytes (the buffer can be written, not replaced).
    public mutating func withUnsafeMutablePixels<Result>(
        _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try pixels.withUnsafeMutableBufferPointer { buffer in try body(buffer) }
    }

    /// True when every pixel's alpha is 255.
    public var isOpaque: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }
}
