import CallshadeCore

/// A mapped picture's pixels along rows (`HostShadedDrawing` mixes them
/// in): its sample's straight colour, by its alpha times the node's. At
/// rest (scale 1, a whole-pixel origin) each pixel is its texel, and runs
/// of one opaque texel at full opacity (a gallery tile's flat colour) are solid.
struct HostMappedPictureRows: HostRowShader {
    let node: MappedPictureNode

    /// A band's line of texels and each frame column's place on it (a picture not at rest).
    func makeRowMemory(width: Int) -> ScaledRowMemory? {
        node.atRest ? nil : ScaledRowMemory(node, frameWidth: width)
    }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: ScaledRowMemory?) {
        var solid = SolidRuns()
        shade(row: y, from: x, count: count, into: values, solid: &solid, memory: memory)
        for (columns, color) in solid.runs {
            for column in columns { values[column - x] = SIMD4(color.x, color.y, color.z, 1) }
        }
    }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, solid: inout SolidRuns, memory: ScaledRowMemory?) {
        if let memory {
            shadeScaled(row: y, from: x, count: count, into: values, memory: memory)
            if node.alpha >= 1 { Self.takeSolidRuns(values, from: x, count: count, into: &solid) }
            return
        }
        let picture = node.picture, width = picture.width
        let row = y - Int(node.origin.y), firstColumn = x - Int(node.origin.x)
        guard row >= 0, row < picture.height else {
            for index in 0..<count { values[index] = .zero }
            return
        }
        let alpha = Float(min(max(node.alpha, 0), 1))
        picture.texels.withUnsafeBytes { bytes in
            func texelAt(_ column: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: (row * width + column) * 4, as: UInt32.self) }
            var index = 0
            while index < count {
                let column = firstColumn + index
                guard column >= 0, column < width else {
                    values[index] = .zero
                    index += 1
                    continue
                }
                let texel = texelAt(column)
                // The run of this texel along the row, within the picture and the pixels asked for.
                var end = index + 1
                while end < count, firstColumn + end < width, texelAt(firstColumn + end) == texel { end += 1 }
                var value = Self.straight(SIMD4(Double(texel & 0xFF), Double((texel >> 8) & 0xFF), Double((texel >> 16) & 0xFF),
                                                Double(texel >> 24)) / 255)
                value.w *= alpha
                if value.w == 1, end - index >= 4 {
                    for at in index..<end { values[at] = .zero }
                    solid.add((x + index)..<(x + end), color: SIMD3(value.x, value.y, value.z), excluding: [])
                    // The odd pixels at the run's ends that the solid run leaves out.
                    if (x + index) & 1 == 1 { values[index] = value }
                    if (x + end) & 1 == 1 { values[end - 1] = value }
                } else {
                    for at in index..<end { values[at] = value }
                }
                index = end
            }
        }
    }

    /// A scaled or moved picture's row, separably: its two texel rows
    /// weighed into one line of texels (`memory.line`, clear beyond the
    /// picture's edges), then each pixel's two neighbours on it (their place
    /// and weight worked out once a band, `memory.columns`): the same four
    /// texels and weights as `PremultipliedPicture.premultiplied(at:)`, in floats.
    /// Pixels whose two texels lie in one run of equal texels take its texel
    /// once for the run (the same floats: the weight times no difference).
    private func shadeScaled(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: ScaledRowMemory) {
        let picture = node.picture, width = picture.width, height = picture.height
        let alpha = Float(min(max(node.alpha, 0), 1)) / 255
        let qy = (Double(y) + 0.5 - node.origin.y) / node.scale.y - 0.5
        let top = qy.rounded(.down)
        guard top >= -1, top < Double(height) else {
            for index in 0..<count { values[index] = .zero }
            return
        }
        let row0 = Int(top), down = Float(qy - top)
        let upper: Float = row0 >= 0 ? 1 - down : 0, lower: Float = row0 + 1 < height ? down : 0
        // The texels this run reaches (each frame column's place rises along the row).
        guard let firstPixel = (0..<count).first(where: { memory.columns[x + $0] >= 0 }),
              let lastPixel = (0..<count).last(where: { memory.columns[x + $0] >= 0 }) else {
            for index in 0..<count { values[index] = .zero }
            return
        }
        let firstColumn = max(Int(memory.columns[x + firstPixel]) - 1, 0), lastColumn = min(Int(memory.columns[x + lastPixel]), width - 1)
        memory.line.withUnsafeMutableBufferPointer { line in
            picture.texels.withUnsafeBufferPointer { texels in
                guard let base = texels.baseAddress else { return }
                let bytes = UnsafeRawPointer(base)
                let first = max(row0, 0) * width * 4, second = min(row0 + 1, height - 1) * width * 4
                var column = firstColumn
                // Four texels at a time: 16 bytes a row as floats.
                while column + 4 <= lastColumn + 1 {
                    let a = first + column * 4, b = second + column * 4
                    let above = Self.floats(bytes.loadUnaligned(fromByteOffset: a, as: SIMD16<UInt8>.self))
                    let below = Self.floats(bytes.loadUnaligned(fromByteOffset: b, as: SIMD16<UInt8>.self))
                    let mixed = (above * upper + below * lower) * alpha
                    line[column + 1] = mixed.lowHalf.lowHalf
                    line[column + 2] = mixed.lowHalf.highHalf
                    line[column + 3] = mixed.highHalf.lowHalf
                    line[column + 4] = mixed.highHalf.highHalf
                    column += 4
                }
                while column <= lastColumn {
                    let a = first + column * 4, b = second + column * 4
                    let above = SIMD4(Float(texels[a]), Float(texels[a + 1]), Float(texels[a + 2]), Float(texels[a + 3]))
                    let below = SIMD4(Float(texels[b]), Float(texels[b + 1]), Float(texels[b + 2]), Float(texels[b + 3]))
                    line[column + 1] = (above * upper + below * lower) * alpha
                    column += 1
                }
            }
            // Where each run of equal texels on the line ends (a scaled flat tile's inside), from the last texel read back to the first.
            let lineFirst = Int(memory.columns[x + firstPixel]), lineLast = min(Int(memory.columns[x + lastPixel]) + 1, width + 1)
            memory.runEnds.withUnsafeMutableBufferPointer { runEnds in
                runEnds[lineLast] = Int32(lineLast)
                var at = lineLast - 1
                while at >= lineFirst {
                    runEnds[at] = line[at] == line[at + 1] ? runEnds[at + 1] : Int32(at)
                    at -= 1
                }
            }
            memory.columns.withUnsafeBufferPointer { columns in
                memory.weights.withUnsafeBufferPointer { weights in
                    memory.runEnds.withUnsafeBufferPointer { runEnds in
                        var index = 0
                        while index < count {
                            let at = Int(columns[x + index])
                            guard at >= 0 else {
                                values[index] = .zero
                                index += 1
                                continue
                            }
                            let end = Int(runEnds[at])
                            let sample: SIMD4<Float>, stop: Int
                            if end > at {
                                // Each pixel whose two texels lie in the run shows the run's texel (its weight times no difference).
                                var next = index + 1
                                while next < count, Int(columns[x + next]) < end, columns[x + next] >= 0 { next += 1 }
                                (sample, stop) = (line[at], next)
                            } else {
                                (sample, stop) = (line[at] + (line[at + 1] - line[at]) * weights[x + index], index + 1)
                            }
                            let value: SIMD4<Float>
                            if sample.w > 0 {
                                let inverse = 1 / sample.w
                                value = SIMD4(sample.x * inverse, sample.y * inverse, sample.z * inverse, sample.w)
                            } else {
                                value = .zero
                            }
                            for pixel in index..<stop { values[pixel] = value }
                            index = stop
                        }
                    }
                }
            }
        }
    }

    /// Moves runs of one opaque colour (4 pixels or more: a scaled flat
    /// tile's inside, whose four texels are alike) from `values` to `solid`,
    /// but for the odd pixels at their ends that a solid run leaves out.
    static func takeSolidRuns(_ values: ShadedRow, from x: Int, count: Int, into solid: inout SolidRuns) {
        var index = 0
        while index < count {
            let value = values[index]
            guard value.w >= 1 - 1e-6 else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, values[end] == value { end += 1 }
            if end - index >= 4 {
                let opaque = SIMD4(value.x, value.y, value.z, 1)
                for at in index..<end { values[at] = .zero }
                solid.add((x + index)..<(x + end), color: SIMD3(value.x, value.y, value.z), excluding: [])
                if (x + index) & 1 == 1 { values[index] = opaque }
                if (x + end) & 1 == 1 { values[end - 1] = opaque }
            }
            index = end
        }
    }

    /// Sixteen bytes as floats, lane by lane (the standard library's generic conversion is not specialised here).
    @inline(__always)
    private static func floats(_ b: SIMD16<UInt8>) -> SIMD16<Float> {
        SIMD16(Float(b[0]), Float(b[1]), Float(b[2]), Float(b[3]), Float(b[4]), Float(b[5]), Float(b[6]), Float(b[7]),
               Float(b[8]), Float(b[9]), Float(b[10]), Float(b[11]), Float(b[12]), Float(b[13]), Float(b[14]), Float(b[15]))
    }

    /// A premultiplied sample (0...1) as a straight colour and its amount.
    private static func straight(_ sample: SIMD4<Double>) -> SIMD4<Float> {
        guard sample.w > 0 else { return .zero }
        return SIMD4(Float(sample.x / sample.w), Float(sample.y / sample.w), Float(sample.z / sample.w), Float(sample.w))
    }
}

/// What one band keeps to draw a scaled picture's rows: a line of texels
/// (the picture's width and a clear texel either side), where its runs of
/// equal texels end, and, for each frame
/// column, the line's texel left of its centre's sample point (-1: the
/// pixel is clear) and the weight of the one right of it.
final class ScaledRowMemory {
    var line: [SIMD4<Float>]
    /// For each texel of the line, the last one of the run of equal texels it starts.
    var runEnds: [Int32]
    let columns: [Int32]
    let weights: [Float]

    init(_ node: MappedPictureNode, frameWidth: Int) {
        let width = node.picture.width
        line = [SIMD4<Float>](repeating: .zero, count: width + 2)
        runEnds = [Int32](repeating: 0, count: width + 2)
        var columns = [Int32](repeating: -1, count: frameWidth), weights = [Float](repeating: 0, count: frameWidth)
        for x in 0..<frameWidth {
            let qx = (Double(x) + 0.5 - node.origin.x) / node.scale.x - 0.5
            let left = qx.rounded(.down)
            guard left >= -1, left < Double(width) else { continue }
            columns[x] = Int32(left) + 1
            weights[x] = Float(qx - left)
        }
        self.columns = columns
        self.weights = weights
    }
}
