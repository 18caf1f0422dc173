/// An 8x8 ordered (Bayer) dither: a fixed offset per pixel, within half an
/// 8-bit level either way, added before quantisation to break up banding in
/// smooth gradients. The same function of the pixel's column and row is used
/// by both renderers, so dithered frames stay identical in meaning.
public enum OrderedDither {
    /// The Bayer index 0...63 of a pixel: level k of the bits of (x, y)
    /// contributes M(bit_k(x), bit_k(y)) 4^(2 - k), with M = [[0, 2], [3, 1]]
    /// indexed [y][x], that is 2 (x xor y) + y.
    public static func index(x: Int, y: Int) -> Int {
        var value = 0
        for level in 0..<3 {
            let bx = (x >> level) & 1
            let by = (y >> level) & 1
            value += (2 * (bx ^ by) + by) << (2 * (2 - level))
        }
        return value
    }

    /// The offset to add to a 0...1 channel value: ((index + 0.5) / 64 - 0.5) / 255.
    public static func offset(x: Int, y: Int) -> Double {
        ((Double(index(x: x, y: y)) + 0.5) / 64 - 0.5) / 255
    }
}
