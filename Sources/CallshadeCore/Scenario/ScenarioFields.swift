/// Typed access to a scenario's JSON values, with errors that name the
/// file, the place (`events[3]`) and the field.
public struct ScenarioFields: Sendable {
    public let file: String
    /// Where the fields are: empty at the top, `events[3]` in an event.
    public let location: String

    public init(file: String, location: String) {
        self.file = file
        self.location = location
    }

    public func error(_ key: String, _ message: String) -> ScenarioError {
        let place = [location, key].filter { !$0.isEmpty }.joined(separator: ".")
        return ScenarioError(file: file, location: place, message)
    }

    public func number(_ value: JSONValue, _ key: String) throws -> Double {
        guard case .number(let number) = value else { throw error(key, "must be a number, not \(value.kindName)") }
        guard number.isFinite else { throw error(key, "must be a finite number") }
        return number
    }

    public func integer(_ value: JSONValue, _ key: String, in range: ClosedRange<Int64>) throws -> Int64 {
        let number = try self.number(value, key)
        guard number == number.rounded() else { throw error(key, "must be a whole number (got \(number))") }
        guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw error(key, "must be between \(range.lowerBound) and \(range.upperBound) (got \(ScenarioParser.format(number)))")
        }
        return Int64(number)
    }

    public func string(_ value: JSONValue, _ key: String) throws -> String {
        guard case .string(let text) = value else { throw error(key, "must be a string, not \(value.kindName)") }
        return text
    }

    /// A one-line label at `key`: not empty, at most `maximumCharacters`, no control character.
    public func label(_ value: JSONValue, _ key: String, maximumCharacters: Int) throws -> String {
        let text = try string(value, key)
        guard !text.isEmpty else { throw error(key, "is empty") }
        guard text.count <= maximumCharacters else {
            throw error(key, "is over \(maximumCharacters) characters (got \(text.count))")
        }
        try refuseControls(text, key, allowingNewline: false)
        return text
    }

    /// Refuses a control character or a line or paragraph separator in `text` (a newline only when not `allowingNewline`), naming `key`.
    public func refuseControls(_ text: String, _ key: String, allowingNewline: Bool) throws {
        for scalar in text.unicodeScalars where scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator {
            if allowingNewline, scalar == "\n" { continue }
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw error(key, "has a control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) "
                        + "(got \"\(UserText.shown(text))\")")
        }
    }

    public func bool(_ value: JSONValue, _ key: String) throws -> Bool {
        guard case .bool(let flag) = value else { throw error(key, "must be true or false, not \(value.kindName)") }
        return flag
    }
}
