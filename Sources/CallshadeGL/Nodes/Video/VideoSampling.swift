import CallshadeCore

/// Where the host samples a video node's picture (`HostVideo`) in a frame:
/// for each frame column and each frame row, the two texels of each plane
/// around its point and the second's weight (`HostVideo.Taps`). The
/// picture's point moves along one of its axes across a frame row and along
/// the other down a frame column (turns are quarter turns), so they are
/// worked out once for a column and once for a row. They depend on the
/// node's content rectangle, turn and mirroring and the sizes of the
/// picture's planes, not on its pixels: a video that stays in place keeps
/// them (`HostVideoDrawing.Layout`).
struct VideoSampling: Sendable {
    /// Whether the picture's x follows the frame's rows (a quarter turn) rather than its columns.
    let turned: Bool
    /// Along the picture axis a frame column moves (x, or y when turned), at the luma's and the chroma's resolution.
    let columnLuma: HostVideo.Taps
    let columnChroma: HostVideo.Taps
    /// Along the other axis, for each frame row.
    let rowLuma: HostVideo.Taps
    let rowChroma: HostVideo.Taps
    /// A picture without pixels shows nothing (as the reference's).
    let isEmpty: Bool

    /// What it holds, in bytes (12 a tap: two indices and a weight).
    var bytes: Int { 12 * (columnLuma.weight.count + columnChroma.weight.count + rowLuma.weight.count + rowChroma.weight.count) }

    init(node: VideoNode, size: FrameSize) {
        let turned = node.rotation == .clockwise90 || node.rotation == .clockwise270
        self.turned = turned
        let (width, height) = node.picture.lumaSize
        let (chromaWidth, chromaHeight) = node.picture.chromaSize
        isEmpty = min(width, height, chromaWidth, chromaHeight) <= 0
        // The picture's point at a column's centre on the frame's middle row, and at a row's centre on its middle column:
        // each moves along one axis only, so any row or column gives the same.
        let middle = (x: Double(size.width) / 2, y: Double(size.height) / 2)
        let columnPoint = { (x: Int) -> Double in
            let point = node.pictureCoordinates(at: Vec2(Double(x) + 0.5, middle.y))
            return turned ? point.y : point.x
        }
        let rowPoint = { (y: Int) -> Double in
            let point = node.pictureCoordinates(at: Vec2(middle.x, Double(y) + 0.5))
            return turned ? point.x : point.y
        }
        columnLuma = HostVideo.Taps(count: size.width, extent: turned ? height : width, at: columnPoint)
        columnChroma = HostVideo.Taps(count: size.width, extent: turned ? chromaHeight : chromaWidth, at: columnPoint)
        rowLuma = HostVideo.Taps(count: size.height, extent: turned ? width : height, at: rowPoint)
        rowChroma = HostVideo.Taps(count: size.height, extent: turned ? chromaWidth : chromaHeight, at: rowPoint)
    }
}
