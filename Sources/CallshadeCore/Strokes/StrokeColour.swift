/// A stroke's colour, `#RRGGBB` or `#RRGGBBAA`: components 0...1, straight alpha.
public struct StrokeColour: Equatable, Sendable {
    public var color: RGB
    public var alpha: Double

    public init(color: RGB, alpha: Double) {
        self.color = color
        self.alpha = alpha
    }

    /// From `#RRGGBB` or `#RRGGBBAA` (hex digits of either case); nil for anything else.
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 7 || digits.count == 9, digits[0] == UInt8(ascii: "#") else { return nil }
        var bytes: [Double] = []
        for index in stride(from: 1, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(Double(high * 16 + low) / 255)
        }
        color = RGB(bytes[0], bytes[1], bytes[2])
        alpha = bytes.count == 4 ? bytes[3] : 1
    }

    private static func nibble(_ digit: UInt8) -> Int? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(digit - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(digit - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
