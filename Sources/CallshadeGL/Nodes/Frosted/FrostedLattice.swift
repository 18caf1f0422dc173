import CallshadeCore

/// The fast routes' blur of what lies below a frosted glass
/// (`FrostedGlassNode`), the same on the host and on the GPU (which reads
/// its target back): the frame over the glass's `pixelsRead` averaged over
/// square blocks of its `blockSide` (on multiples of the side, within the
/// frame), the lattice of block averages convolved along each axis with the
/// Gaussian of sigma / side blocks (`BackdropLattice.kernel`, indices
/// clamped to the lattice), and read bilinearly between block centres. The
/// blocks' averaging adds side^2 / 12 to the Gaussian's variance and the
/// bilinear reading side^2 / 6 at most: under 1/64 of sigma^2 at the side
/// the node chooses (blocks of one pixel below a sigma of 16, where the
/// lattice is the frame's own pixels), within a level or two of the
/// reference's exact blur.
struct FrostedLattice: Sendable {
    /// The sums it was made from: its blocks' region, side, columns and rows.
    let blocks: FrostedBlocks
    /// The blurred block averages, (red, green, blue, 1) a block, row by row.
    let values: [Float]

    /// The frame pixel at block (0, 0)'s corner, the blocks' side, and the blocks across and down.
    var originX: Int { blocks.region.x }
    var originY: Int { blocks.region.y }
    var side: Int { blocks.side }
    var columns: Int { blocks.columns }
    var rows: Int { blocks.rows }

    /// The lattice of `glass`'s blocks' sums (`FrostedBlocks`).
    init(glass: FrostedGlassNode, blocks sums: FrostedBlocks) {
        self.blocks = sums
        let (side, columns, rows) = (sums.side, sums.columns, sums.rows)
        var averages = [SIMD3<Float>](repeating: .zero, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns { averages[row * columns + column] = sums.average(column, row) }
        }
        let kernel = BackdropLattice.kernel(glass.sigma / Double(side))
        let taps = kernel.count / 2
        // Along rows, then along columns, each index clamped to the lattice.
        var alongRows = [SIMD3<Float>](repeating: .zero, count: averages.count)
        for row in 0..<rows {
            for column in 0..<columns {
                var sum = SIMD3<Float>.zero
                for (k, weight) in kernel.enumerated() {
                    sum += averages[row * columns + min(max(column + k - taps, 0), columns - 1)] * weight
                }
                alongRows[row * columns + column] = sum
            }
        }
        var values = [Float](repeating: 1, count: averages.count * 4)
        for row in 0..<rows {
            for column in 0..<columns {
                var sum = SIMD3<Float>.zero
                for (k, weight) in kernel.enumerated() {
                    sum += alongRows[min(max(row + k - taps, 0), rows - 1) * columns + column] * weight
                }
                let at = (row * columns + column) * 4
                (values[at], values[at + 1], values[at + 2]) = (sum.x, sum.y, sum.z)
            }
        }
        self.values = values
    }

    /// The blurred colours of `count` pixels along a row from the one whose centre is (`x`, `y`) (frame pixels), each given to
    /// `body` with its index: bilinear between block centres, clamped to the lattice.
    func colours(row y: Double, from x: Double, count: Int, _ body: (Int, SIMD3<Float>) -> Void) {
        let v = min(max((y - Double(originY)) / Double(side) - 0.5, 0), Double(rows - 1))
        let j = min(Int(v), max(rows - 2, 0)), fy = Float(v - Double(j)), below = min(j + 1, rows - 1)
        let (columns, side, origin) = (columns, Double(side), Double(originX))
        values.withUnsafeBufferPointer { values in
            guard let base = values.baseAddress else { return }
            let upper = base + j * columns * 4, lower = base + below * columns * 4
            func at(_ row: UnsafePointer<Float>, _ column: Int) -> SIMD3<Float> {
                SIMD3(row[column * 4], row[column * 4 + 1], row[column * 4 + 2])
            }
            for index in 0..<count {
                let u = min(max((x + Double(index) - origin) / side - 0.5, 0), Double(columns - 1))
                let i = min(Int(u), max(columns - 2, 0)), right = min(i + 1, columns - 1), fx = Float(u - Double(i))
                let top = at(upper, i) + (at(upper, right) - at(upper, i)) * fx
                let bottom = at(lower, i) + (at(lower, right) - at(lower, i)) * fx
                body(index, top + (bottom - top) * fy)
            }
        }
    }
}

/// A frosted glass's reading of the frame below it on the host: made with
/// the drawing, filled once the drawings below it are drawn
/// (`PastedFrame.drawing` calls `read` between them), then read by its rows.
/// The lattice is kept in the reuse store by the sums of the samples it was
/// made from (`FrostedReadKey`): a frame whose canvas under the glass is as
/// the last one's blurs nothing again; and once the same glass over the same
/// samples comes a second time its rows' values are kept too
/// (`FrostedShadingKey`).
final class BelowReader: @unchecked Sendable {
    let glass: FrostedGlassNode
    let size: FrameSize
    let rects: [PixelRect]
    let reuse: ReuseStore
    let cores: Int
    /// Written once by `read`, before any row of the drawing is drawn; read only after.
    private(set) var rows: FrostedRows?
    private(set) var values: ShadedValues?

    init(glass: FrostedGlassNode, size: FrameSize, rects: [PixelRect], reuse: ReuseStore, cores: Int) {
        self.glass = glass
        self.size = size
        self.rects = rects
        self.reuse = reuse
        self.cores = cores
    }

    /// Reads the frame as it is now (every drawing below the glass drawn).
    func read(_ pixels: UnsafePointer<UInt8>, format: HostFormat) {
        let blocks = switch format {
        case .rgba: FrostedBlocks(glass: glass, size: size, rgba: pixels)
        case .yuv420: FrostedBlocks(glass: glass, size: size, yuv420: pixels)
        }
        guard let blocks else { return }
        let key = FrostedReadKey(sigma: glass.sigma, size: size, blocks: blocks)
        let lattice = reuse.value(key) {
            let made = FrostedLattice(glass: glass, blocks: blocks)
            return (made, blocks.sums.count * MemoryLayout<UInt32>.stride + made.values.count * MemoryLayout<Float>.stride)
        }
        let rows = FrostedRows(glass, lattice: lattice)
        self.rows = rows
        // Seen once, its rows are shaded as they are drawn; seen again, they are kept.
        values = reuse.shadedValues(FrostedShadingKey(glass: glass, rects: rects, read: key)) {
            ShadedValues(rows, rects: rects, width: size.width, cores: cores)
        }
    }
}

/// A frosted glass's rows' values: the glass, the tiles it draws and what it read (`FrostedReadKey`).
struct FrostedShadingKey: ReuseKey {
    typealias Value = ShadedValues?
    static let shelf = "frosted glass rows"
    let glass: FrostedGlassNode
    let rects: [PixelRect]
    let read: FrostedReadKey

    func hash(into hasher: inout Hasher) {
        hasher.combine(read)
        hasher.combine(rects.count)
    }

    static func == (left: Self, right: Self) -> Bool {
        left.rects == right.rects && left.glass == right.glass && left.read == right.read
    }
}

/// A frosted glass's lattice on the host: the sums of the frame's samples
/// it was made from (`FrostedBlocks`: their region, side and format), the
/// blur and the frame's size; all the lattice depends on.
struct FrostedReadKey: ReuseKey {
    typealias Value = FrostedLattice
    static let shelf = "frosted glass lattices"
    let sigma: Double
    let size: FrameSize
    let blocks: FrostedBlocks

    func hash(into hasher: inout Hasher) {
        hasher.combine(blocks.region.x)
        hasher.combine(blocks.region.y)
        hasher.combine(sigma)
    }
}
