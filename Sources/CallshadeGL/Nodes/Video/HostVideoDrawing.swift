import CallshadeCore

/// A video node drawn by the host (`VideoRenderer.hostDrawing`). Over RGBA,
/// and over I420 wherever the picture may be partly covered, it is a
/// `HostShadedDrawing` of `HostVideo` (each pixel's colour, mixed over what
/// is below). Over I420, the pairs of rows' runs that an opaque video
/// picture (not turned) surely covers, edges even, are written straight
/// (`HostVideo.writeYCbCr`): each pixel's codes sampled as
/// `HostVideo` samples them and converted to R'G'B' (clamped) and to the
/// frame's BT.709 limited range in registers, without a row of colours
/// between or a read of what is below (which the picture hides).
/// The planes are those the shaded drawing gives, but for the last bit of
/// a float (the mix of a wholly covering pixel is its colour).
struct HostVideoDrawing: HostDrawing {
    private let shader: HostVideo
    /// Every rectangle of the node, drawn over RGBA.
    private let shaded: HostShadedDrawing<HostVideo>
    /// Over I420: the rectangles not written straight, drawn as over RGBA.
    private let rest: HostShadedDrawing<HostVideo>
    /// Over I420: rectangles of whole pairs of rows (even edges) the picture surely covers, written straight.
    private let straight: [PixelRect]
    private let size: FrameSize

    /// The straight rectangles' drawing: through `kept` where given (a picture shown again in the same place is copied).
    private let straightDrawing: (any HostDrawing)?

    /// What a renderer keeps its videos' straight rectangles by: the node and the frame's size they were drawn for.
    struct Drawn: DrawnKey {
        static let shelf = "video rows"
        let node: VideoNode
        let size: FrameSize
    }

    /// Where a node's picture is sampled (`VideoSampling`) and which of its
    /// rectangles are written straight: what depends on its placement, its
    /// picture's kind and plane sizes and the rectangles, not on the
    /// picture's pixels (a renderer keeps it while a video stays in place).
    struct Layout {
        let sampling: VideoSampling
        let straight: [PixelRect]
        let rest: [PixelRect]

        /// What a layout is made from.
        struct Key: ReuseKey {
            typealias Value = Layout
            static let shelf = "video layouts"
            let placement: VideoNode.Placement
            /// Only an opaque picture is written straight.
            let opacity: Double
            let rotation: VideoRotation
            let mirrored: Bool
            let codes: Bool
            let lumaWidth: Int, lumaHeight: Int, chromaWidth: Int, chromaHeight: Int
            let rects: [PixelRect]
            let size: FrameSize

            init(node: VideoNode, rects: [PixelRect], size: FrameSize) {
                (placement, opacity, rotation, mirrored) = (node.placement, node.opacity, node.rotation, node.mirrored)
                if case .ycbcr = node.picture { codes = true } else { codes = false }
                (lumaWidth, lumaHeight) = node.picture.lumaSize
                (chromaWidth, chromaHeight) = node.picture.chromaSize
                (self.rects, self.size) = (rects, size)
            }

            static func == (left: Key, right: Key) -> Bool {
                left.size == right.size && left.rects == right.rects && left.placement == right.placement && left.opacity == right.opacity
                    && left.rotation == right.rotation && left.mirrored == right.mirrored && left.codes == right.codes
                    && (left.lumaWidth, left.lumaHeight, left.chromaWidth, left.chromaHeight)
                    == (right.lumaWidth, right.lumaHeight, right.chromaWidth, right.chromaHeight)
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(size)
                hasher.combine(rects.count)
            }
        }

        /// What it holds, in bytes (the reuse store's count).
        var bytes: Int { sampling.bytes + (straight.count + rest.count) * MemoryLayout<PixelRect>.stride }

        init(node: VideoNode, rects: [PixelRect], size: FrameSize) {
            sampling = VideoSampling(node: node, size: size)
            let split = HostVideoDrawing.split(rects, node: node, straightAllowed: HostVideo.writesYCbCr(node, sampling: sampling), size: size)
            (straight, rest) = (split.straight, split.rest)
        }
    }

    /// `layout`: the node's over `rects` in a frame of `size`, when kept already.
    /// `reuse`: where the straight rectangles' samples are kept (nil: drawn every frame).
    init(node: VideoNode, rects: [PixelRect], size: FrameSize, dithers: Bool, reuse: ReuseStore? = nil, layout given: Layout? = nil) {
        let layout = given ?? Layout(node: node, rects: rects, size: size)
        let shader = HostVideo(node: node, size: size, sampling: layout.sampling)
        self.shader = shader
        self.size = size
        shaded = HostShadedDrawing(shader: shader, rects: rects, size: size, dithers: dithers)
        rest = HostShadedDrawing(shader: shader, rects: layout.rest, size: size)
        straight = layout.straight
        if straight.isEmpty {
            straightDrawing = nil
        } else {
            let drawing = StraightDrawing(shader: shader, rects: straight, size: size)
            straightDrawing = reuse.map { $0.drawing(drawing, yuv: layout.straight, key: Drawn(node: node, size: size), size: size) } ?? drawing
        }
    }

    var rows: Range<Int> { shaded.rows }

    /// The straight rectangles as wide as the frame but for a few columns
    /// at its sides (the picture's own edge), or 16 rows tall or more (beside
    /// and in a picture in picture): every sample there is written, none
    /// read. The short ones along rounded corners are left: each would cut
    /// the background's fill into pieces of two rows.
    var writtenWhole: [PixelRect] {
        straight.filter { ($0.x <= 8 && $0.x + $0.width >= size.width - 8) || $0.height >= 16 }
    }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        shaded.draw(into: pixels, rows: band)
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        rest.drawYUV420(into: planes, rows: band)
        straightDrawing?.drawYUV420(into: planes, rows: band)
    }

    /// Over I420 only: the straight rectangles, written by `HostVideo.writeYCbCr`.
    private struct StraightDrawing: HostDrawing {
        let shader: HostVideo
        let rects: [PixelRect]
        let size: FrameSize

        var rows: Range<Int> {
            let top = rects.map(\.y).min() ?? 0
            return top..<max(rects.map { $0.y + $0.height }.max() ?? 0, top)
        }

        func draw(into pixels: UnsafeMutablePointer<UInt8>, rows: Range<Int>) {}

        func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
            let strip = PixelRect(x: 0, y: band.lowerBound, width: size.width, height: band.count)
            for part in rects.map({ $0.intersection(strip) }) where !part.isEmpty {
                // Each run its own rows kept (a row's runs beside the picture in picture are two).
                let memory = InterpolatedRows(width: part.width + 8)
                for y in stride(from: part.y, to: part.y + part.height - 1, by: 2) {
                    shader.writeYCbCr(rowPair: y, columns: part.x..<part.x + part.width, into: planes, size: size, memory: memory)
                }
            }
        }
    }

    /// `rects` cut into the rectangles written straight (whole pairs of
    /// rows, from an even row, and the run both rows surely show, its edges
    /// even) and the rest; consecutive pairs of rows with the same columns
    /// are one rectangle.
    static func split(_ rects: [PixelRect], node: VideoNode, straightAllowed: Bool,
                      size: FrameSize) -> (straight: [PixelRect], rest: [PixelRect]) {
        guard straightAllowed, size.width % 2 == 0, size.height % 2 == 0 else { return ([], rects) }
        var straight = RectRows(), rest = RectRows()
        for rect in rects where !rect.isEmpty {
            let columns = rect.x..<rect.x + rect.width
            var y = rect.y
            if y % 2 == 1 {
                rest.add(columns, rows: y..<y + 1)
                y += 1
            }
            while y + 1 < rect.y + rect.height {
                let sure = Self.sureColumns(node, row: y).clamped(to: Self.sureColumns(node, row: y + 1)).clamped(to: columns)
                let (first, end) = (sure.lowerBound + (sure.lowerBound & 1), sure.upperBound - (sure.upperBound & 1))
                let even = first < end ? first..<end : columns.lowerBound..<columns.lowerBound
                if even.isEmpty {
                    rest.add(columns, rows: y..<y + 2)
                } else {
                    straight.add(even, rows: y..<y + 2)
                    rest.add(columns.lowerBound..<even.lowerBound, rows: y..<y + 2)
                    rest.add(even.upperBound..<columns.upperBound, rows: y..<y + 2)
                }
                y += 2
            }
            if y < rect.y + rect.height { rest.add(columns, rows: y..<rect.y + rect.height) }
        }
        return (straight.rects, rest.rects)
    }

    /// The columns of row `y` whose pixels the node's clip and content both surely cover.
    private static func sureColumns(_ node: VideoNode, row y: Int) -> Range<Int> {
        ShapeRowCoverage(node.clip, row: y).sureColumns.clamped(to: ShapeRowCoverage(node.content, row: y).sureColumns)
    }
}

/// Rectangles gathered row by row: a piece of rows that continues one
/// added just before with the same columns grows it.
private struct RectRows {
    private(set) var rects: [PixelRect] = []
    /// Each open rectangle's index by its columns, for the rows added last.
    private var open: [Range<Int>: Int] = [:]
    private var openEnd = -1

    mutating func add(_ columns: Range<Int>, rows: Range<Int>) {
        guard !columns.isEmpty, !rows.isEmpty else { return }
        if let index = open[columns], rects[index].y + rects[index].height == rows.lowerBound {
            rects[index].height += rows.count
        } else {
            if rows.lowerBound != openEnd { open.removeAll(keepingCapacity: true) }
            open[columns] = rects.count
            rects.append(PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count))
        }
        openEnd = rows.upperBound
    }
}
