/// A rectangle of whole pixels: columns x..<x + width, rows y..<y + height,
/// row 0 being the image's top row (and the framebuffer's row 0).
public struct PixelRect: Equatable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// The pixels touching the square of half-side `reach` around `centre`
    /// (in pixels), clipped to a frame of `size`.
    public init(around centre: Vec2, reach: Double, clippedTo size: FrameSize) {
        func span(_ middle: Double, _ extent: Int) -> (Int, Int) {
            let low = (middle - reach).rounded(.down)
            let high = (middle + reach).rounded(.up)
            guard low.isFinite, high.isFinite else { return (0, 0) }
            let first = Int(min(max(low, 0), Double(extent)))
            return (first, Int(min(max(high, 0), Double(extent))) - first)
        }
        let (x, width) = span(centre.x, size.width)
        let (y, height) = span(centre.y, size.height)
        self.init(x: x, y: y, width: width, height: height)
    }

    /// The same rectangle grown to edges on multiples of 8, or on the edges
    /// of a frame of `size`; an empty one stays empty (one clamped to the
    /// frame's bottom edge, on a row that is no multiple of 8, would grow
    /// into rows it never reaches).
    public func aligned8(within size: FrameSize) -> PixelRect {
        guard !isEmpty else { return self }
        let left = x - ((x % 8) + 8) % 8
        let top = y - ((y % 8) + 8) % 8
        let right = min((x + width + 7) / 8 * 8, max(size.width, x + width))
        let bottom = min((y + height + 7) / 8 * 8, max(size.height, y + height))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The whole pixels that touch the rectangle from (left, top) to (right, bottom), clipped to a frame of `size`.
    public init(covering left: Double, _ top: Double, _ right: Double, _ bottom: Double, within size: FrameSize) {
        self.init(left, top, right, bottom, rounding: (.down, .up), within: size)
    }

    /// The whole pixels that lie wholly inside the rectangle from (left, top) to (right, bottom), clipped to a frame of `size`.
    public init(inside left: Double, _ top: Double, _ right: Double, _ bottom: Double, within size: FrameSize) {
        self.init(left, top, right, bottom, rounding: (.up, .down), within: size)
    }

    /// The rectangle's near edges rounded by `rounding.near`, its far ones by `rounding.far`, clipped to the frame (empty, never negative).
    private init(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double,
                 rounding: (near: FloatingPointRoundingRule, far: FloatingPointRoundingRule), within size: FrameSize) {
        guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        func clamp(_ value: Double, _ extent: Int) -> Int { Int(min(max(value, 0), Double(extent))) }
        let x = clamp(left.rounded(rounding.near), size.width), y = clamp(top.rounded(rounding.near), size.height)
        self.init(x: x, y: y, width: max(clamp(right.rounded(rounding.far), size.width) - x, 0),
                  height: max(clamp(bottom.rounded(rounding.far), size.height) - y, 0))
    }

    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(x + width, other.x + other.width) - left,
                         height: max(y + height, other.y + other.height) - top)
    }

    /// The pixels in both; empty when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
    public var pixelCount: Int { width * height }
    /// Its columns, x..<x + width.
    public var columns: Range<Int> { x..<x + width }
    /// Its rows, y..<y + height.
    public var rows: Range<Int> { y..<y + height }
    public var description: String { "\(width)x\(height) at \(x),\(y)" }
}
