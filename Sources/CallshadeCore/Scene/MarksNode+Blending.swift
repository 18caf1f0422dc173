extension MarksNode {
    /// Blends the marks, in order, over an opaque RGBA8 frame (`width` x
    /// `height`, rows top to bottom) as the GPU's premultiplied blending does
    /// over an 8-bit target: each pixel whose centre lies in a mark's quad
    /// becomes colour x a + itself x (1 - a), a = coverage x alpha, rounded.
    /// A glyph drawn at its own size on whole pixels reads its texels
    /// directly (the same values the bilinear sample gives there).
    public func blend(into pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        for mark in marks {
            let area = Self.pixels(of: mark.quad, within: frame)
            guard !area.isEmpty else { continue }
            let alpha = Float(min(max(mark.alpha, 0), 1))
            // In 1/65536ths, rounded: what a pixel becomes is exact to within half a level.
            let color = (UInt32(Quantize.byte(mark.color.r)), UInt32(Quantize.byte(mark.color.g)), UInt32(Quantize.byte(mark.color.b)))
            func put(_ x: Int, _ y: Int, _ coverage: Float) {
                let amount = UInt32(min(max(coverage * alpha * 65536, 0), 65536).rounded())
                guard amount > 0 else { return }
                let at = pixels + (y * width + x) * 4
                let keep = 65536 - amount
                at[0] = UInt8(truncatingIfNeeded: (color.0 * amount + UInt32(at[0]) * keep + 32768) >> 16)
                at[1] = UInt8(truncatingIfNeeded: (color.1 * amount + UInt32(at[1]) * keep + 32768) >> 16)
                at[2] = UInt8(truncatingIfNeeded: (color.2 * amount + UInt32(at[2]) * keep + 32768) >> 16)
            }
            if case .glyph(let image) = mark.kind, let atlas, mark.width == Double(image.width), mark.height == Double(image.height),
               mark.x == mark.x.rounded(), mark.y == mark.y.rounded(), mark.x.magnitude < 1e9, mark.y.magnitude < 1e9 {
                // Texel-exact: pixel (x, y) shows texel (image.x + x - mark.x, image.y + y - mark.y).
                let dx = image.x - Int(mark.x), dy = image.y - Int(mark.y)
                let weights = (0...255).map { Float($0) / 255 }
                atlas.coverage.withUnsafeBufferPointer { texels in
                    guard let texels = texels.baseAddress else { return }
                    for y in area.y..<area.y + area.height {
                        let row = texels + (y + dy) * atlas.width + dx
                        for x in area.x..<area.x + area.width {
                            let texel = Int(row[x])
                            if texel != 0 { put(x, y, weights[texel]) }
                        }
                    }
                }
            } else {
                for y in area.y..<area.y + area.height {
                    for x in area.x..<area.x + area.width {
                        put(x, y, Float(mark.coverage(at: Vec2(Double(x) + 0.5, Double(y) + 0.5), atlas: atlas)))
                    }
                }
            }
        }
    }
}
