/// A premultiplied RGBA8 picture and its reductions, each level half the
/// one before (`gallery.md` section 0, the viewer: "R1's mip chain (2x2
/// box reductions)"): level i + 1 is ceil(w / 2) x ceil(h / 2), each texel
/// the mean of the texels of level i's 2x2 block that exist (one, two or
/// four at the right and bottom edges), rounded half up; the last level is
/// 1x1. Level i's texel (x, y) stands for level 0's texels x 2^i ..< (x +
/// 1) 2^i across (and so down), so every level is laid by one scale, 2^i
/// times level 0's. Every route samples these same bytes.
public final class PictureMipChain: Sendable {
    public let levels: [PremultipliedPicture]
    /// Whether every texel of level 0 (so of every level) is opaque.
    public let opaque: Bool

    public init(_ base: PremultipliedPicture) {
        var levels = [base]
        while let last = levels.last, last.width > 1 || last.height > 1, let next = Self.halved(last) {
            levels.append(next)
        }
        self.levels = levels
        opaque = stride(from: 3, to: base.texels.count, by: 4).allSatisfy { base.texels[$0] == 255 }
    }

    public var base: PremultipliedPicture { levels[0] }

    /// The bytes the chain holds.
    public var byteCount: Int { levels.reduce(0) { $0 + $1.texels.count } }

    /// `picture` reduced by 2x2 boxes.
    static func halved(_ picture: PremultipliedPicture) -> PremultipliedPicture? {
        let width = picture.width, height = picture.height
        let newWidth = (width + 1) / 2, newHeight = (height + 1) / 2
        var texels = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        picture.texels.withUnsafeBufferPointer { source in
            for y in 0..<newHeight {
                let rows = (2 * y)..<min(2 * y + 2, height)
                for x in 0..<newWidth {
                    let columns = (2 * x)..<min(2 * x + 2, width)
                    let count = rows.count * columns.count
                    var sums = SIMD4<Int>.zero
                    for row in rows {
                        for column in columns {
                            let at = (row * width + column) * 4
                            sums &+= SIMD4(Int(source[at]), Int(source[at + 1]), Int(source[at + 2]), Int(source[at + 3]))
                        }
                    }
                    let at = (y * newWidth + x) * 4
                    for channel in 0..<4 { texels[at + channel] = UInt8((sums[channel] + count / 2) / count) }
                }
            }
        }
        return PremultipliedPicture(width: newWidth, height: newHeight, texels: texels)
    }
}
