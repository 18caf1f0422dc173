/// The optional tone adjustment of the gradient (spec section 1, step 4):
/// in HSV, V times `brightness` and S times `saturation`, then an additive
/// white-ish overlay of `overlay` times `overlayAlpha`.
public struct Tone: Hashable, Sendable {
    public var brightness: Double
    public var saturation: Double
    public var overlay: RGB
    public var overlayAlpha: Double

    public init(brightness: Double, saturation: Double, overlay: RGB, overlayAlpha: Double) {
        self.brightness = brightness
        self.saturation = saturation
        self.overlay = overlay
        self.overlayAlpha = overlayAlpha
    }

    /// The tone of the background copy that the waves show (spec section 2).
    public static let waves = Tone(brightness: 0.9, saturation: 1.1, overlay: .white, overlayAlpha: 0.2)

    /// Applies the tone to an sRGB-encoded colour.
    public func apply(to color: RGB) -> RGB {
        // With S unchanged, V times `brightness` is every channel times it (each
        // channel is V less a share of V fixed by the hue and S): the same colour
        // without the round trip through the hexcone, where V stays within 0...1.
        let brightest = max(color.r, color.g, color.b)
        if saturation == 1, brightness >= 0, min(color.r, color.g, color.b) >= 0, brightest * brightness <= 1 {
            let toned = color * brightness + overlay * overlayAlpha
            return RGB(min(toned.r, 1), min(toned.g, 1), min(toned.b, 1))
        }
        var hsv = HSV(color)
        hsv.v = min(max(hsv.v * brightness, 0), 1)
        hsv.s = min(max(hsv.s * saturation, 0), 1)
        let toned = hsv.rgb + overlay * overlayAlpha
        return RGB(min(toned.r, 1), min(toned.g, 1), min(toned.b, 1))
    }
}

/// Hue (0..<1 turns), saturation and value, the classic hexcone model.
public struct HSV: Equatable, Sendable {
    public var h: Double
    public var s: Double
    public var v: Double

    public init(h: Double, s: Double, v: Double) {
        self.h = h
        self.s = s
        self.v = v
    }

    public init(_ c: RGB) {
        let maxC = max(c.r, c.g, c.b)
        let minC = min(c.r, c.g, c.b)
        let chroma = maxC - minC
        v = maxC
        s = maxC > 0 ? chroma / maxC : 0
        guard chroma > 0 else {
            h = 0
            return
        }
        var sector: Double
        if maxC == c.r {
            sector = (c.g - c.b) / chroma
            if sector < 0 { sector += 6 }
        } else if maxC == c.g {
            sector = (c.b - c.r) / chroma + 2
        } else {
            sector = (c.r - c.g) / chroma + 4
        }
        h = sector / 6
    }

    public var rgb: RGB {
        let chroma = v * s
        let sector = (h - h.rounded(.down)) * 6            // 0..<6
        // The sector's remainder after dividing by 2, as fmod gives it: less
        // 0, 2 or 4, which is exact (a difference of two floats within a
        // factor of two of each other), without the library's call.
        let remainder = sector >= 0 && sector <= 6 ? sector - Double(2 * (Int(sector) / 2)) : sector.truncatingRemainder(dividingBy: 2)
        let x = chroma * (1 - abs(remainder - 1))
        let m = v - chroma
        let base: RGB
        switch Int(sector) {
        case 0: base = RGB(chroma, x, 0)
        case 1: base = RGB(x, chroma, 0)
        case 2: base = RGB(0, chroma, x)
        case 3: base = RGB(0, x, chroma)
        case 4: base = RGB(x, 0, chroma)
        default: base = RGB(chroma, 0, x)
        }
        return base + RGB(m, m, m)
    }
}
