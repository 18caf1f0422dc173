/// The Y'CbCr matrix a picture's samples were made with.
public enum VideoMatrix: String, Equatable, Sendable {
    case bt601, bt709, bt2020
}

/// The range of a picture's samples: limited (luma 16-235, chroma 16-240) or full (0-255).
public enum VideoRange: String, Equatable, Sendable {
    case limited, full
}

/// How far a source's pictures are turned, clockwise, for display: what its
/// display matrix says, to the nearest quarter turn. The pictures are handed
/// out as coded; the one who draws them turns them.
public enum VideoRotation: Int, Equatable, Sendable {
    case none = 0, clockwise90 = 90, halfTurn = 180, clockwise270 = 270

    /// Swaps width and height: a quarter turn either way.
    public var swapsSides: Bool { self == .clockwise90 || self == .clockwise270 }
}

/// A decoded video frame: 8-bit planar Y'CbCr 4:2:0, tightly packed (a
/// row is as long as the plane is wide), with the matrix and range to turn
/// it into RGB. Chroma planes are half the size, rounded up.
public struct YCbCrPicture: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width` x `height` samples, rows from the top.
    public let luma: [UInt8]
    /// `chromaWidth` x `chromaHeight` samples each.
    public let cb: [UInt8]
    public let cr: [UInt8]
    public let matrix: VideoMatrix
    public let range: VideoRange

    public var chromaWidth: Int { (width + 1) / 2 }
    public var chromaHeight: Int { (height + 1) / 2 }

    /// Nil when a plane's length does not match the size.
    public init?(width: Int, height: Int, luma: [UInt8], cb: [UInt8], cr: [UInt8], matrix: VideoMatrix, range: VideoRange) {
        let chroma = ((width + 1) / 2) * ((height + 1) / 2)
        guard width > 0, height > 0, luma.count == width * height, cb.count == chroma, cr.count == chroma else { return nil }
        self.width = width
        self.height = height
        self.luma = luma
        self.cb = cb
        self.cr = cr
        self.matrix = matrix
        self.range = range
    }

    /// Runs `body` with the addresses of the Y, Cb and Cr planes (each as long as `init` checked).
    public func withPlanes(_ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> Void) {
        luma.withUnsafeBufferPointer { luma in
            cb.withUnsafeBufferPointer { cb in
                cr.withUnsafeBufferPointer { cr in
                    guard let luma = luma.baseAddress, let cb = cb.baseAddress, let cr = cr.baseAddress else { return }
                    body(luma, cb, cr)
                }
            }
        }
    }
}

/// A source's picture at an instant: a video frame, or a still's pixels.
public enum SourcePicture: Equatable, Sendable {
    /// A frame of a video, as decoded.
    case ycbcr(YCbCrPicture)
    /// A PNG still, 8-bit RGBA (sRGB, straight alpha) as `PNGFile` reads it.
    case rgba(RGBAImage)

    public var width: Int {
        switch self {
        case .ycbcr(let picture): return picture.width
        case .rgba(let image): return image.width
        }
    }

    public var height: Int {
        switch self {
        case .ycbcr(let picture): return picture.height
        case .rgba(let image): return image.height
        }
    }
}
