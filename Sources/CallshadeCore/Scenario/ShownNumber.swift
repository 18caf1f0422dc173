/// How every listing writes a number for people (`validate`, its
/// timelines' lines, diagnostics): a whole number without ".0", any other
/// to at most 3 decimals without trailing zeros: 1.5 s, never 1.500 s. The
/// one format for every kind.
public enum ShownNumber {
    public static func text(_ value: Double) -> String {
        // To 3 decimals first, so that 2.0001 reads "2" (not "2.") and -0.0001 reads "0".
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e9 { return String(Int(rounded)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
