import CallshadeCore

/// A mipmapped picture's pixels along rows (`HostShadedDrawing` mixes them
/// in), as `MipmappedPictureNode` samples them, in floats: each of its two
/// levels bilinear from the four texels around the pixel's centre
/// (clamped to the level's edge texels), mixed by the coarser one's
/// weight, times the pixel's share of the clip and the opacity. Each frame
/// column's texels and weights on both levels, and its share across, are
/// worked out once a band (`MipmappedColumns`); runs of one opaque colour
/// are solid.
struct HostMipmappedPictureRows: HostRowShader {
    let node: MipmappedPictureNode
    let detail: MipmappedPictureNode.Detail

    init(node: MipmappedPictureNode) {
        self.node = node
        detail = node.detail
    }

    func makeRowMemory(width: Int) -> MipmappedColumns {
        MipmappedColumns(node, detail: detail, frameWidth: width)
    }

    /// The same, runs of one opaque colour (4 pixels or more: a flat picture's inside) given as solid runs.
    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, solid: inout SolidRuns, memory: MipmappedColumns) {
        shade(row: y, from: x, count: count, into: values, memory: memory)
        HostMappedPictureRows.takeSolidRuns(values, from: x, count: count, into: &solid)
    }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: MipmappedColumns) {
        let down = Float(node.clip.down(Double(y)) * min(max(node.alpha, 0), 1))
        guard down > 0 else {
            for index in 0..<count { values[index] = .zero }
            return
        }
        let finer = LevelRow(node, level: detail.finer, y: y), weight = Float(detail.weight)
        let coarser = weight > 0 ? LevelRow(node, level: detail.coarser, y: y) : nil
        for index in 0..<count {
            let column = x + index
            let share = memory.across[column] * down
            guard share > 0 else {
                values[index] = .zero
                continue
            }
            var sample = finer.sample(memory.finer[column])
            if let coarser { sample += (coarser.sample(memory.coarser[column]) - sample) * weight }
            let amount = sample.w * share
            guard amount > 0 else {
                values[index] = .zero
                continue
            }
            let inverse = 1 / sample.w
            values[index] = SIMD4(sample.x * inverse, sample.y * inverse, sample.z * inverse, amount)
        }
    }
}

/// A texel column of a level and the weight of the one right of it (both clamped to the level).
struct MipmappedTap {
    var left: Int32 = 0
    var right: Int32 = 0
    var weight: Float = 0
}

/// What one band keeps to draw a mipmapped picture's rows: for each frame
/// column its taps on the two levels and its share of the clip across.
final class MipmappedColumns {
    let finer: [MipmappedTap]
    let coarser: [MipmappedTap]
    let across: [Float]

    init(_ node: MipmappedPictureNode, detail: MipmappedPictureNode.Detail, frameWidth: Int) {
        func taps(_ level: Int) -> [MipmappedTap] {
            let width = node.chain.levels[level].width, step = node.scale(ofLevel: level)
            return (0..<frameWidth).map { x in
                let u = min(max((Double(x) + 0.5 - node.origin.x) / step - 0.5, 0), Double(width - 1))
                let left = u.rounded(.down)
                return MipmappedTap(left: Int32(left), right: Int32(min(Int(left) + 1, width - 1)), weight: Float(u - left))
            }
        }
        finer = taps(detail.finer)
        coarser = detail.weight > 0 ? taps(detail.coarser) : []
        across = (0..<frameWidth).map { Float(node.clip.across(Double($0))) }
    }
}

/// One frame row's two texel rows on a level and the weight of the lower.
private struct LevelRow {
    let texels: [UInt8]
    let upper: Int
    let lower: Int
    let down: Float

    init(_ node: MipmappedPictureNode, level: Int, y: Int) {
        let picture = node.chain.levels[level]
        let v = min(max((Double(y) + 0.5 - node.origin.y) / node.scale(ofLevel: level) - 0.5, 0), Double(picture.height - 1))
        let top = v.rounded(.down)
        texels = picture.texels
        upper = Int(top) * picture.width * 4
        lower = min(Int(top) + 1, picture.height - 1) * picture.width * 4
        down = Float(v - top)
    }

    /// The premultiplied sample (0...1) at `tap`.
    @inline(__always)
    func sample(_ tap: MipmappedTap) -> SIMD4<Float> {
        func texel(_ row: Int, _ column: Int32) -> SIMD4<Float> {
            let at = row + Int(column) * 4
            return SIMD4(Float(texels[at]), Float(texels[at + 1]), Float(texels[at + 2]), Float(texels[at + 3]))
        }
        let top = texel(upper, tap.left) + (texel(upper, tap.right) - texel(upper, tap.left)) * tap.weight
        let bottom = texel(lower, tap.left) + (texel(lower, tap.right) - texel(lower, tap.left)) * tap.weight
        return (top + (bottom - top) * down) / 255
    }
}
