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
            var (red, green, blue) = (UInt32(0), UInt32(0), UInt32(0))
            for y in block.rows {
                var pixel = pixels + ((y - held.y) * held.width + block.x - held.x) * 4
                for _ in block.columns {
                    (red, green, blue) = (red &+ UInt32(pixel[0]), green &+ UInt32(pixel[1]), blue &+ UInt32(pixel[2]))
                    pixel += 4
                }
            }
            return SIMD3(Float(red), Float(green), Float(blue)) / (255 * Float(max(block.pixelCount, 1)))
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
            var (luma, cb, cr) = (UInt32(0), UInt32(0), UInt32(0))
            for y in block.rows {
                let line = planes + y * size.width
                for x in block.columns { luma &+= UInt32(line[x]) }
            }
            let chroma = PixelRect(x: block.x / 2, y: block.y / 2, width: (block.width + 1) / 2, height: (block.height + 1) / 2)
            for y in chroma.rows {
                for x in chroma.columns {
                    cb &+= UInt32(cbPlane[y * chromaWidth + x])
                    cr &+= UInt32(crPlane[y * chromaWidth + x])
                }
            }
            let lumaCount = Double(max(block.pixelCount, 1)), chromaCount = Double(max(chroma.pixelCount, 1))
            let colour = YUV420.rgb(levels: Double(luma) / lumaCount, Double(cb) / chromaCount, Double(cr) / chromaCount)
            return SIMD3(Float(colour.r), Float(colour.g), Float(colour.b))
        }
    }

    /// The blurred colour at the pixel whose centre is (`x`, `y`) (frame pixels): bilinear between block centres, clamped to the lattice.
    func colour(x: Double, y: Double) -> SIMD3<Float> {
        var result = SIMD3<Float>.zero
        colours(row: y, from: x, count: 1) { _, colour in result = colour }
        return result
    }

    /// The same for `count` pixels along a row from the one whose centre is (`x`, `y`), each given to `body` with its index.
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
/// The lattice is kept in the reuse store by the very samples it was made
/// from (`FrostedReadKey`): a frame whose canvas under the glass is as the
/// last one's blurs nothing again; and once the same glass over the same
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
        guard let region = glass.pixelsRead(in: size) else { return }
        let key = FrostedReadKey(region: region, sigma: glass.sigma, size: size, format: format,
                                 samples: FrostedReadKey.samples(of: region, in: pixels, format: format, size: size))
        let lattice = reuse.value(key) {
            let made = switch format {
            case .rgba: FrostedLattice(glass: glass, size: size, rgba: pixels)
            case .yuv420: FrostedLattice(glass: glass, size: size, yuv420: pixels)
            }
            return (made, key.samples.count + (made?.values.count ?? 0) * MemoryLayout<Float>.stride)
        }
        guard let lattice else { return }
        let rows = FrostedRows(glass, lattice: lattice)
        self.rows = rows
        // Seen once, its rows are shaded as they are drawn and it is only remembered; seen again, they are kept.
        let shading = FrostedShadingKey(glass: glass, rects: rects, read: key)
        guard let seen = reuse.kept(shading) else {
            reuse.keep(shading, nil, bytes: 0)
            return
        }
        values = seen ?? {
            let made = ShadedValues(rows, rects: rects, width: size.width, cores: cores)
            reuse.keep(shading, made, bytes: made.bytes)
            return made
        }()
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

/// A frosted glass's lattice on the host: the samples of the frame it was
/// made from (its region's RGBA rows, or its luma rows and then its chroma
/// rows), the blur and the format; all the lattice depends on.
struct FrostedReadKey: ReuseKey {
    typealias Value = FrostedLattice?
    static let shelf = "frosted glass lattices"
    let region: PixelRect
    let sigma: Double
    let size: FrameSize
    let format: HostFormat
    let samples: [UInt8]

    func hash(into hasher: inout Hasher) {
        hasher.combine(region.x)
        hasher.combine(region.y)
        hasher.combine(sigma)
    }

    /// The same region, blur, frame and format, and the same samples (compared as bytes).
    static func == (left: Self, right: Self) -> Bool {
        guard left.region == right.region, left.sigma == right.sigma, left.size == right.size, left.format == right.format,
              left.samples.count == right.samples.count else { return false }
        return left.samples.withUnsafeBytes { a in right.samples.withUnsafeBytes { b in Self.equal(a, b) } }
    }

    /// Whether two buffers of one length hold the same bytes, eight at a time.
    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard let left = a.baseAddress, let right = b.baseAddress else { return a.count == b.count }
        let words = a.count / 8
        var differ: UInt64 = 0
        var word = 0
        while word < words {
            // A stretch at a time without a branch a word.
            let end = min(word + 512, words)
            while word < end {
                let offset = word * 8
                differ |= left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                word += 1
            }
            if differ != 0 { return false }
        }
        for offset in words * 8..<a.count where a[offset] != b[offset] { return false }
        return true
    }

    /// The samples of `region` (even edges over I420) of a frame of `size` in `format`.
    static func samples(of region: PixelRect, in pixels: UnsafePointer<UInt8>, format: HostFormat, size: FrameSize) -> [UInt8] {
        var samples: [UInt8] = []
        switch format {
        case .rgba:
            samples.reserveCapacity(region.pixelCount * 4)
            for y in region.rows {
                samples.append(contentsOf: UnsafeBufferPointer(start: pixels + (y * size.width + region.x) * 4, count: region.width * 4))
            }
        case .yuv420:
            samples.reserveCapacity(region.pixelCount * 3 / 2)
            for y in region.rows {
                samples.append(contentsOf: UnsafeBufferPointer(start: pixels + y * size.width + region.x, count: region.width))
            }
            let chromaWidth = size.width / 2, chromaPlane = size.width * size.height, chromaPart = chromaWidth * (size.height / 2)
            for part in 0..<2 {
                for y in region.y / 2..<(region.y + region.height) / 2 {
                    samples.append(contentsOf: UnsafeBufferPointer(start: pixels + chromaPlane + part * chromaPart + y * chromaWidth + region.x / 2,
                                                                   count: region.width / 2))
                }
            }
        }
        return samples
    }
}
