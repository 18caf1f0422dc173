import CallshadeCore

/// The matrix and range of a stream's pictures as handed out, and the matrix
/// libswscale converts with when a frame is not 8-bit 4:2:0 already.
struct StreamColour: Equatable {
    let matrix: VideoMatrix
    let range: VideoRange

    /// What the stream is tagged with. An untagged matrix is BT.709 for a
    /// picture whose shorter side is at least 720 pixels (HD), else BT.601;
    /// an untagged range is limited unless the pixel format is a full-range
    /// (`yuvj`) one. RGB, grey and palette sources have no matrix of their
    /// own: they are converted to BT.709 at full range.
    init(stream: AVCalls.StreamFacts) {
        if stream.pixelFormat.isRGBOrGrey {
            matrix = .bt709
            range = .full
            return
        }
        switch stream.colourSpace {
        case .bt601: matrix = .bt601
        case .bt709: matrix = .bt709
        case .bt2020: matrix = .bt2020
        case .unspecified, .other: matrix = min(stream.width, stream.height) >= 720 ? .bt709 : .bt601
        }
        range = stream.colourRange == .full || stream.pixelFormat.isFullRangeByName ? .full : .limited
    }

    /// The matrix for libswscale.
    var scalerMatrix: AVCalls.ColourSpaceTag {
        switch matrix {
        case .bt601: return .bt601
        case .bt709: return .bt709
        case .bt2020: return .bt2020
        }
    }
}
