extension WallpaperNode {
    /// The wallpaper at points on rows that share their x positions (a glass
    /// lattice's), each point's colour `color(at:in:)`'s to the bit: the
    /// texels each x falls between, its weight and its pattern column are
    /// found once for all rows, a row's texels and weight once for its points.
    public struct RowSampler: Sendable {
        private let node: WallpaperNode
        private let size: FrameSize
        private let xs: [Double]
        private let across: [Place]
        private let nextAcross: [Place]
        /// Each point's pattern column.
        private let columns: [Int]
        /// False where `sample` takes another path (an empty raster, a point not finite): then each point is `color(at:in:)`.
        private let direct: Bool

        /// Where a coordinate falls in a raster: the two texels (clamped) and the weight of the second.
        private struct Place: Sendable {
            let first: Int
            let second: Int
            let weight: Double
        }

        /// For points at `xs` (pixel coordinates) in a frame of `size`.
        public init(_ node: WallpaperNode, xs: [Double], size: FrameSize) {
            self.node = node
            self.size = size
            self.xs = xs
            direct = size.width > 0 && size.height > 0 && xs.allSatisfy(\.isFinite) && [node.raster, node.next ?? node.raster].allSatisfy { $0.width > 0 && $0.height > 0 }
            across = direct ? xs.map { Self.place($0 / Double(size.width), extent: node.raster.width) } : []
            nextAcross = direct ? node.next.map { next in xs.map { Self.place($0 / Double(size.width), extent: next.width) } } ?? [] : []
            columns = direct ? xs.map { Int($0.rounded(.down)) } : []
        }

        /// As `WallpaperNode.sample` finds them: the texel centres at (i + 0.5) / extent.
        private static func place(_ fraction: Double, extent: Int) -> Place {
            let x = fraction * Double(extent) - 0.5
            let left = x.rounded(.down)
            func clamped(_ value: Double) -> Int { Int(min(max(value, 0), Double(extent - 1))) }
            return Place(first: clamped(left), second: clamped(left + 1), weight: x - left)
        }

        /// Calls `body` with each point's index and colour on the row at `y` (pixels), in order.
        public func forEachColor(y: Double, _ body: (Int, RGB) -> Void) {
            guard direct, y.isFinite else {
                for (index, x) in xs.enumerated() { body(index, node.color(at: Vec2(x, y), in: size)) }
                return
            }
            let row = Int(y.rounded(.down))
            let fraction = y / Double(size.height)
            let down = Self.place(fraction, extent: node.raster.height)
            let next = node.amount > 0 ? node.next : nil
            let nextDown = next.map { Self.place(fraction, extent: $0.height) }
            node.raster.pixels.withUnsafeBufferPointer { pixels in
                Self.withPixels(next) { nextPixels in
                    for index in across.indices {
                        var color = Self.sample(pixels, width: node.raster.width, across[index], down)
                        if let nextPixels, let next, let nextDown {
                            color = RGB.mix(color, Self.sample(nextPixels, width: next.width, nextAcross[index], nextDown), node.amount)
                        }
                        if let pattern = node.pattern { color = pattern.apply(to: color, column: columns[index], row: row) }
                        body(index, color)
                    }
                }
            }
        }

        private static func withPixels<R>(_ image: RGBAImage?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
            guard let image else { return body(nil) }
            return image.pixels.withUnsafeBufferPointer { body($0) }
        }

        /// `WallpaperNode.sample`'s sums, in its order.
        private static func sample(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, _ x: Place, _ y: Place) -> RGB {
            let (fx, fy) = (x.weight, y.weight)
            func channel(_ offset: Int) -> Double {
                var sum = 0.0
                sum += (1 - fx) * (1 - fy) * Double(pixels[(y.first * width + x.first) * 4 + offset])
                sum += fx * (1 - fy) * Double(pixels[(y.first * width + x.second) * 4 + offset])
                sum += (1 - fx) * fy * Double(pixels[(y.second * width + x.first) * 4 + offset])
                sum += fx * fy * Double(pixels[(y.second * width + x.second) * 4 + offset])
                return sum / 255
            }
            return RGB(channel(0), channel(1), channel(2))
        }
    }
}
