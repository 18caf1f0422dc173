/// A colour as three sRGB-encoded channels in 0...1, used as-is (the spec mixes
/// encoded values directly, without linearisation).
public struct RGB: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: Double
    public var g: Double
    public var b: Double

    public init(_ r: Double, _ g: Double, _ b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Parses `#RRGGBB` or `RRGGBB`; nil when the text is not six hex digits.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        self.init(Double((value >> 16) & 0xFF) / 255,
                  Double((value >> 8) & 0xFF) / 255,
                  Double(value & 0xFF) / 255)
    }

    public static let white = RGB(1, 1, 1)
    public static let black = RGB(0, 0, 0)

    public var description: String {
        func byte(_ v: Double) -> String {
            let text = String(Quantize.byte(v), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(r) + byte(g) + byte(b)
    }

    public static func + (a: RGB, b: RGB) -> RGB { RGB(a.r + b.r, a.g + b.g, a.b + b.b) }
    public static func * (a: RGB, s: Double) -> RGB { RGB(a.r * s, a.g * s, a.b * s) }

    /// Linear interpolation from `a` (t = 0) to `b` (t = 1).
    public static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB { a * (1 - t) + b * t }
}

/// Conversion of channel values in 0...1 to 8-bit levels.
public enum Quantize {
    /// Clamps to 0...1 and rounds to the nearest of 256 levels, as an 8-bit UNORM target does.
    @inline(__always)
    public static func byte(_ value: Double) -> UInt8 {
        let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
        return UInt8((clamped * 255).rounded())
    }
}
