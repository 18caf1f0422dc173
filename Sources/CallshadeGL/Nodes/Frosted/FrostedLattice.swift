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
    /// The frame pixel at block (0, 0)'s corner, and the blocks' side.
    let originX: Int
    let originY: Int
    let side: Int
    let columns: Int
    let rows: Int
    /// The blurred block averages, (red, green, blue, 1) a block, row by row.
    let values: [Float]

    /// The lattice of `glass` over a frame of `size`, each block's average
    /// colour (R, G, B, 0...1) given by `average` (frame pixels, within the frame); nil where it reads nothing.
    init?(glass: FrostedGlassNode, size: FrameSize, average: (PixelRect) -> SIMD3<Float>) {
        guard let read = glass.pixelsRead(in: size), !read.isEmpty else { return nil }
        let side = glass.blockSide
        originX = read.x
        originY = read.y
        self.side = side
        columns = (read.width + side - 1) / side
        rows = (read.height + side - 1) / side
        var blocks = [SIMD3<Float>](repeating: .zero, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let block = PixelRect(x: read.x + column * side, y: read.y + row * side, width: side, height: side).intersection(read)
                blocks[row * columns + column] = average(block)
            }
        }
        let kernel = BackdropLattice.kernel(glass.sigma / Double(side))
        let taps = kernel.count / 2
        let (columns, rows) = (columns, rows)
        // Along rows, then along columns, each index clamped to the lattice.
        var alongRows = [SIMD3<Float>](repeating: .zero, count: blocks.count)
        for row in 0..<rows {
            for column in 0..<columns {
                var sum = SIMD3<Float>.zero
                for (k, weight) in kernel.enumerated() {
                    sum += blocks[row * columns + min(max(column + k - taps, 0), columns - 1)] * weight
                }
                alongRows[row * columns + column] = sum
            }
        }
        var values = [Float](repeating: 1, count: blocks.count * 4)
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

    /// The lattice of `glass` read from an opaque RGBA8 frame of `size`,
    /// of which `pixels` holds `held` (rows of its width; nil: the whole frame).
    init?(glass: FrostedGlassNode, size: FrameSize, rgba pixels: UnsafePointer<UInt8>, holding held: PixelRect? = nil) {
        let held = held ?? PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        self.init(glass: glass, size: size) { block in
            var sum = SIMD3<Float>.zero
            for y in block.rows {
                let line = pixels + ((y - held.y) * held.width - held.x) * 4
                for x in block.columns { sum += SIMD3(Float(line[x * 4]), Float(line[x * 4 + 1]), Float(line[x * 4 + 2])) }
            }
            return sum / (255 * Float(max(block.pixelCount, 1)))
        }
    }

    /// The same from a frame's I420 planes (even size; blocks of an even
    /// side have even edges and hold whole chroma samples, a block of one
    /// pixel takes its 2x2 block's): the block's mean levels, converted to
    /// R, G, B (conversion is affine: the mean colour).
    init?(glass: FrostedGlassNode, size: FrameSize, yuv420 planes: UnsafePointer<UInt8>) {
        let chromaWidth = size.width / 2
        let cbPlane = planes + size.width * size.height, crPlane = cbPlane + chromaWidth * (size.height / 2)
        self.init(glass: glass, size: size) { block in
            var luma: Float = 0, cb: Float = 0, cr: Float = 0
            for y in block.rows {
                for x in block.columns { luma += Float(planes[y * size.width + x]) }
            }
            let chroma = PixelRect(x: block.x / 2, y: block.y / 2, width: (block.width + 1) / 2, height: (block.height + 1) / 2)
            for y in chroma.rows {
                for x in chroma.columns {
                    cb += Float(cbPlane[y * chromaWidth + x])
                    cr += Float(crPlane[y * chromaWidth + x])
                }
            }
            let lumaCount = Float(max(block.pixelCount, 1)), chromaCount = Float(max(chroma.pixelCount, 1))
            let colour = YUV420.rgb(levels: Double(luma / lumaCount), Double(cb / chromaCount), Double(cr / chromaCount))
            return SIMD3(Float(colour.r), Float(colour.g), Float(colour.b))
        }
    }

    /// The blurred colour at the pixel whose centre is (`x`, `y`) (frame pixels): bilinear between block centres, clamped to the lattice.
    func colour(x: Double, y: Double) -> SIMD3<Float> {
        let u = min(max((x - Double(originX)) / Double(side) - 0.5, 0), Double(columns - 1))
        let v = min(max((y - Double(originY)) / Double(side) - 0.5, 0), Double(rows - 1))
        let i = min(Int(u), max(columns - 2, 0)), j = min(Int(v), max(rows - 2, 0))
        let fx = Float(u - Double(i)), fy = Float(v - Double(j))
        func at(_ a: Int, _ b: Int) -> SIMD3<Float> {
            let index = (min(b, rows - 1) * columns + min(a, columns - 1)) * 4
            return SIMD3(values[index], values[index + 1], values[index + 2])
        }
        let top = at(i, j) + (at(i + 1, j) - at(i, j)) * fx, bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * fx
        return top + (bottom - top) * fy
    }
}

/// A frosted glass's reading of the frame below it on the host: made with
/// the drawing, filled once the drawings below it are drawn
/// (`PastedFrame.drawing` calls `read` between them), then read by its rows.
final class BelowReader: @unchecked Sendable {
    let glass: FrostedGlassNode
    let size: FrameSize
    /// Written once by `read`, before any row of the drawing is drawn; read only after.
    private(set) var lattice: FrostedLattice?

    init(glass: FrostedGlassNode, size: FrameSize) {
        self.glass = glass
        self.size = size
    }

    /// Reads the frame as it is now (every drawing below the glass drawn).
    func read(_ pixels: UnsafePointer<UInt8>, format: HostFormat) {
        switch format {
        case .rgba: lattice = FrostedLattice(glass: glass, size: size, rgba: pixels)
        case .yuv420: lattice = FrostedLattice(glass: glass, size: size, yuv420: pixels)
        }
    }
}
