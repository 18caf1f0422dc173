/// Seeded mutations of scenario files for fuzzing: byte flips, random bytes,
/// deletions, copied and swapped slices, JSON tokens spliced in, and hostile
/// shapes (deep nesting, huge numbers, long strings, duplicate keys, invalid
/// UTF-8). The same seed always gives the same bytes.
struct ScenarioMutator {
    /// Tokens and fragments that steer a parser into its corners.
    static let tokens: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", " ", "\n", "\"at\"", "\"state\"", "\"events\"", "\"duration\"",
        "\"tap\"", "\"level\"", "true", "false", "null", "1e999", "-1e999", "1e-400", "-0", "0.5", "-", "1.", ".5",
        "01", "1e", "\"\\u0000\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\udc00\"", "\"\\u12\"", "\"\\q\"",
        "123456789012345678901234567890", "9223372036854775808", "\"active\"", "\"near\"", "/* c */", "// c\n",
        "{\"at\": 1, \"tap\": true}", "\"at\": 2, ", "\"duration\": 3, ",
        // The video call's keys, events and values.
        "\"remoteVideo\"", "\"localVideo\"", "\"video\"", "\"camera\"", "\"pip\"", "\"screen\"", "\"front\"", "\"back\"",
        "\"top-left\"", "\"bottom-right\"", "\"media/peer.mp4\"", "\"media/me.mp4\"", "{\"at\": 1, \"tap\": \"pip\"}",
        "{\"at\": 2, \"remoteVideo\": true}", "{\"at\": 2, \"video\": false}", "{\"at\": 1, \"pip\": \"top-right\"}",
        "{\"at\": 1, \"camera\": \"back\"}", "\"remoteVideo\": \"media/peer.mp4\", ", "\"localVideo\": \"media/me.mp4\", ",
    ]

    /// Byte sequences that are not UTF-8 (a stray continuation, an overlong
    /// encoding, a surrogate, past U+10FFFF, a lone lead byte, 0xFF).
    static let invalidUTF8: [[UInt8]] = [
        [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0xFE, 0xFF],
    ]

    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
    }

    /// One mutation of `original` (half the time), or two to four.
    mutating func mutate(_ original: [UInt8]) -> [UInt8] {
        var bytes = original
        for _ in 0..<(random.below(2) == 0 ? 1 : 2 + random.below(3)) {
            mutateOnce(&bytes)
        }
        return bytes
    }

    private mutating func mutateOnce(_ bytes: inout [UInt8]) {
        let at = random.below(bytes.count + 1)
        switch random.below(13) {
        case 0 where !bytes.isEmpty:
            bytes[random.below(bytes.count)] ^= UInt8(1) << UInt8(random.below(8))
        case 1:
            bytes.insert(contentsOf: (0..<(1 + random.below(8))).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
        case 2:
            let range = slice(in: bytes)
            bytes.removeSubrange(range)
        case 3:
            let copied = Array(bytes[slice(in: bytes)])
            bytes.insert(contentsOf: copied, at: random.below(bytes.count + 1))
        case 4:
            let first = slice(in: bytes)
            let second = slice(in: bytes)
            if first.upperBound <= second.lowerBound {
                let a = Array(bytes[first])
                let b = Array(bytes[second])
                bytes.replaceSubrange(second, with: a)
                bytes.replaceSubrange(first, with: b)
            }
        case 5, 6:
            bytes.insert(contentsOf: Array(random.pick(Self.tokens).utf8), at: afterStructure(in: bytes) ?? at)
        case 7:
            let depth = 1 + random.below(40)
            let open = random.pick(["[", "{\"k\": "])
            let close = open == "[" ? "]" : "}"
            let balanced = random.below(2) == 0
            let text = String(repeating: open, count: depth) + "0" + String(repeating: close, count: balanced ? depth : random.below(depth))
            bytes.insert(contentsOf: Array(text.utf8), at: afterKey(in: bytes) ?? at)
        case 8:
            let digits = String(repeating: "9", count: 1 + random.below(5000))
            let number = random.pick(["", "-"]) + digits + random.pick(["", ".5", "e3", "e-999"])
            bytes.insert(contentsOf: Array(number.utf8), at: afterKey(in: bytes) ?? at)
        case 9:
            let unit = random.pick(["a", "é", "\\n", "\\u00e9", "𝄞"])
            let text = "\"" + String(repeating: unit, count: 1 + random.below(4200 / unit.utf8.count)) + "\""
            bytes.insert(contentsOf: Array(text.utf8), at: afterKey(in: bytes) ?? at)
        case 10:
            let key = random.pick(["at", "duration", "tap", "events", "seed", "state", "remoteVideo", "localVideo", "video", "camera", "pip"])
            let value = random.pick(["1", "true", "\"active\"", "[]", "{}", "\"media/peer.mp4\"", "\"pip\"", "\"back\"", "\"top-left\""])
            if let open = afterOpenBrace(in: bytes) {
                bytes.insert(contentsOf: Array("\"\(key)\": \(value), ".utf8), at: open)
            }
        case 11:
            bytes.insert(contentsOf: random.pick(Self.invalidUTF8), at: at)
        default:
            bytes.removeSubrange(at..<bytes.count)
        }
    }

    /// A random range of up to 16 bytes.
    private mutating func slice(in bytes: [UInt8]) -> Range<Int> {
        let start = random.below(bytes.count + 1)
        return start..<min(bytes.count, start + random.below(17))
    }

    /// Just after a random `{`, `[`, `,` or `:` (where a value or key may
    /// start), or nil when there is none.
    private mutating func afterStructure(in bytes: [UInt8]) -> Int? {
        position(after: [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":")], in: bytes)
    }

    /// Just after a random `:` (where a value starts).
    private mutating func afterKey(in bytes: [UInt8]) -> Int? {
        position(after: [UInt8(ascii: ":")], in: bytes)
    }

    /// Just after a random `{` (where a key starts).
    private mutating func afterOpenBrace(in bytes: [UInt8]) -> Int? {
        position(after: [UInt8(ascii: "{")], in: bytes)
    }

    /// Scans from a random byte (wrapping around) to the next of `marks`.
    private mutating func position(after marks: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !bytes.isEmpty else { return nil }
        let start = random.below(bytes.count)
        for step in 0..<bytes.count {
            let index = (start + step) % bytes.count
            if marks.contains(bytes[index]) { return index + 1 }
        }
        return nil
    }
}
