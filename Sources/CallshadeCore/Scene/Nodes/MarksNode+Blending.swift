extension MarksNode {
    /// Blends the marks, in order, over an opaque RGBA8 frame (`width` x
    /// `height`, rows top to bottom) as the GPU's premultiplied blending does
    /// over an 8-bit target: each pixel whose centre lies in a mark's quad
    /// becomes colour x a + itself x (1 - a), a = coverage x alpha, rounded.
    /// A glyph drawn at its own size on whole pixels reads its texels
    /// directly (the same values the bilinear sample gives there). Only the
    /// pixels of `clip` (the whole frame when nil) change. `tables` are the
    /// node's `ShareTables`, made now when not given.
    public func blend(into pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, within clip: PixelRect? = nil, tables: ShareTables? = nil) {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        // Within the frame, the band asked for and the node's own clip.
        let bounds = [clip, self.clip].compactMap { $0 }.reduce(frame) { $0.intersection($1) }
        let tables = tables ?? ShareTables(self)
        for mark in marks {
            let area = Self.pixels(of: mark.quad, within: bounds)
            guard !area.isEmpty else { continue }
            if mark.isColourGlyph {
                forEachColour(of: mark, in: area) { x, y, colour in
                    let at = pixels + (y * width + x) * 4
                    for channel in 0..<3 {
                        let value = colour.premultiplied[channel] * 255 + Double(at[channel]) * (1 - colour.alpha)
                        at[channel] = UInt8(min(max(value.rounded(), 0), 255))
                    }
                }
                continue
            }
            let ink = MarkInk(mark)
            let color = (UInt32(ink.red), UInt32(ink.green), UInt32(ink.blue))
            forEachShareRow(of: mark, in: area, tables: tables) { y, shares in
                let line = pixels + (y * width + area.x) * 4
                for (column, amount) in shares.enumerated() where amount > 0 {
                    let at = line + column * 4
                    let keep = 65536 - amount
                    at[0] = UInt8(truncatingIfNeeded: (color.0 * amount + UInt32(at[0]) * keep + 32768) >> 16)
                    at[1] = UInt8(truncatingIfNeeded: (color.1 * amount + UInt32(at[1]) * keep + 32768) >> 16)
                    at[2] = UInt8(truncatingIfNeeded: (color.2 * amount + UInt32(at[2]) * keep + 32768) >> 16)
                }
            }
        }
    }
}

extension MarksNode {
    /// Runs `body` on each pixel of `area` a colour glyph `mark` draws in:
    /// its premultiplied colour there times the mark's alpha (0...1), and that alpha.
    func forEachColour(of mark: Mark, in area: PixelRect, _ body: (Int, Int, (premultiplied: SIMD3<Double>, alpha: Double)) -> Void) {
        let opacity = min(max(mark.alpha, 0), 1)
        if case .glyph(let image) = mark.kind, image.colour, mark.angle == 0, let atlas, atlas.colourWidth > 0, atlas.colourHeight > 0,
           mark.width == Double(image.width), mark.height == Double(image.height),
           mark.x == mark.x.rounded(), mark.y == mark.y.rounded(), mark.x.magnitude < 1e9, mark.y.magnitude < 1e9 {
            // At its own size on whole pixels: pixel (x, y) shows texel (image.x + x - mark.x, image.y + y - mark.y)
            // exactly (the bilinear filter's weights are 0 and 1 at texel centres).
            let dx = image.x - Int(mark.x), dy = image.y - Int(mark.y)
            atlas.colour.withUnsafeBufferPointer { texels in
                for y in area.y..<area.y + area.height {
                    let row = min(max(y + dy, 0), atlas.colourHeight - 1)
                    for x in area.x..<area.x + area.width {
                        let at = (row * atlas.colourWidth + min(max(x + dx, 0), atlas.colourWidth - 1)) * 4
                        guard texels[at] > 0 || texels[at + 1] > 0 || texels[at + 2] > 0 || texels[at + 3] > 0 else { continue }
                        let colour = SIMD3(Double(texels[at]) / 255, Double(texels[at + 1]) / 255, Double(texels[at + 2]) / 255)
                        body(x, y, (colour * opacity, Double(texels[at + 3]) / 255 * opacity))
                    }
                }
            }
            return
        }
        for y in area.y..<area.y + area.height {
            for x in area.x..<area.x + area.width {
                let colour = mark.colour(at: Vec2(Double(x) + 0.5, Double(y) + 0.5), atlas: atlas)
                guard colour.alpha > 0 || colour.red > 0 || colour.green > 0 || colour.blue > 0 else { continue }
                body(x, y, (SIMD3(colour.red, colour.green, colour.blue) * opacity, colour.alpha * opacity))
            }
        }
    }
}

/// A mark's colour as 8-bit levels, and how much of it a pixel takes.
struct MarkInk {
    let red: UInt8
    let green: UInt8
    let blue: UInt8
    let alpha: Float

    init(_ mark: Mark) {
        red = Quantize.byte(mark.color.r)
        green = Quantize.byte(mark.color.g)
        blue = Quantize.byte(mark.color.b)
        alpha = Float(min(max(mark.alpha, 0), 1))
    }

    /// The share of the mark's colour in a pixel it covers by `coverage`,
    /// in 1/65536ths, rounded: what a pixel becomes is exact to within half a level.
    @inline(__always)
    func amount(_ coverage: Float) -> UInt32 {
        UInt32(min(max(coverage * alpha * 65536, 0), 65536).rounded())
    }
}
