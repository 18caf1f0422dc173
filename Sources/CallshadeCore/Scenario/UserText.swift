/// Text from an input file (a key, a value) made fit for a one-line error
/// message: control characters, quotes and backslashes escaped as in JSON, and
/// cut short after `limit` characters with "...".
public enum UserText {
    /// The default number of characters kept.
    public static let defaultLimit = 40

    public static func shown(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        var result = ""
        var kept = 0
        for scalar in text.unicodeScalars {
            guard kept < limit else { return result + "..." }
            kept += 1
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
