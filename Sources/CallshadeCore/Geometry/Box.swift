/// A rectangle in a layout's units (points or pixels, y down): its top-left
/// corner, width and height; for layouts that place things between whole pixels.
public struct Box: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The box of `width` x `height` centred on `centre`.
    public init(centre: Vec2, width: Double, height: Double) {
        self.init(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
    }

    public var right: Double { x + width }
    public var bottom: Double { y + height }
    public var centre: Vec2 { Vec2(x + width / 2, y + height / 2) }

    /// The box `p` of the way from this one to `other`, in x, y, width and height.
    public func lerp(to other: Box, _ p: Double) -> Box {
        Box(x: x + (other.x - x) * p, y: y + (other.y - y) * p, width: width + (other.width - width) * p, height: height + (other.height - height) * p)
    }
}
