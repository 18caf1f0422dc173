import CallshadeCore

/// A mapped picture's pixels along rows (`HostShadedDrawing` mixes them
/// in): its sample's straight colour, by its alpha times the node's. At
/// rest (scale 1, a whole-pixel origin) each pixel is its texel, and runs
/// of one opaque texel at full opacity (a gallery tile's flat colour) are solid.
struct HostMappedPictureRows: HostRowShader {
    let node: MappedPictureNode

    func makeRowMemory(width: Int) {}

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: Void) {
        var solid = SolidRuns()
        shade(row: y, from: x, count: count, into: values, solid: &solid, memory: memory)
        for (columns, color) in solid.runs {
            for column in columns { values[column - x] = SIMD4(color.x, color.y, color.z, 1) }
        }
    }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, solid: inout SolidRuns, memory: Void) {
        guard node.atRest else {
            let alpha = min(max(node.alpha, 0), 1)
            for index in 0..<count {
                let sample = node.picture.premultiplied(at: node.texelPoint(Vec2(Double(x + index) + 0.5, Double(y) + 0.5)))
                values[index] = Self.straight(sample * alpha)
            }
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

    /// A premultiplied sample (0...1) as a straight colour and its amount.
    private static func straight(_ sample: SIMD4<Double>) -> SIMD4<Float> {
        guard sample.w > 0 else { return .zero }
        return SIMD4(Float(sample.x / sample.w), Float(sample.y / sample.w), Float(sample.z / sample.w), Float(sample.w))
    }
}
