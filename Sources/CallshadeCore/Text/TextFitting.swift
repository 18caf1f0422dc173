/// Fitting text to a width: end-truncating a line with an ellipsis, and
/// breaking a paragraph into lines at spaces.
extension TextSetting {
    /// `line` of `value`, end-truncated with an ellipsis to `limit` pixels.
    public func truncatedLine(_ value: String, style: TextStyle, limit: Double) -> TextLine {
        let whole = line(value, style: style)
        guard whole.width > limit else { return whole }
        let characters = Array(value)
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if line(String(characters[..<middle]) + TextFitting.ellipsis, style: style).width <= limit { low = middle } else { high = middle - 1 }
        }
        return line(String(characters[..<low]) + TextFitting.ellipsis, style: style)
    }

    /// `value` broken at spaces into lines of at most `limit` pixels (a word
    /// wider than that on a line of its own, truncated), at most `maximum`
    /// lines: the last one takes the rest, truncated.
    public func wrappedLines(_ value: String, style: TextStyle, limit: Double, maximum: Int) -> [TextLine] {
        let words = value.split(separator: " ").map(String.init)
        var lines: [TextLine] = []
        var current: [String] = []
        var index = 0
        while index < words.count, lines.count < maximum - 1 {
            let candidate = (current + [words[index]]).joined(separator: " ")
            if current.isEmpty || line(candidate, style: style).width <= limit {
                current.append(words[index])
                index += 1
            } else {
                lines.append(truncatedLine(current.joined(separator: " "), style: style, limit: limit))
                current = []
            }
        }
        let rest = (current + words[index...]).joined(separator: " ")
        if !rest.isEmpty || lines.isEmpty { lines.append(truncatedLine(rest, style: style, limit: limit)) }
        return lines
    }
}

public enum TextFitting {
    /// What ends a truncated line.
    public static let ellipsis = "\u{2026}"
}
