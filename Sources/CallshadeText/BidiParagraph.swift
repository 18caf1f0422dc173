import CFriBidi

/// The thin layer between Swift and FriBidi: the only caller of FriBidi. A
/// line of text as one paragraph of the Unicode bidirectional algorithm
/// (UAX #9), its direction taken from its first strong character: each
/// scalar's embedding level, and where it goes when the line is drawn.
struct BidiParagraph {
    /// Each scalar's resolved level (odd: right to left), in logical order,
    /// after the line rules (trailing white space at the paragraph's level).
    let levels: [UInt8]
    /// The logical index of the scalar drawn at each visual position, left to right.
    let visualToLogical: [Int]

    init(_ scalars: [Unicode.Scalar]) throws(TextFailure) {
        let count = scalars.count
        guard count > 0 else {
            (levels, visualToLogical) = ([], [])
            return
        }
        guard let length = FriBidiStrIndex(exactly: count) else {
            throw .fribidi(call: "fribidi_get_par_embedding_levels_ex", detail: "\(count) characters are too many")
        }
        let characters = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var map = (0..<count).map { FriBidiStrIndex($0) }
        var direction = callshade_fribidi_par_auto
        fribidi_get_bidi_types(characters, length, &types)
        fribidi_get_bracket_types(characters, length, types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, &levels) != 0 else {
            throw .fribidi(call: "fribidi_get_par_embedding_levels_ex", detail: "out of memory for \(count) characters")
        }
        guard fribidi_reorder_line(0, types, length, 0, direction, &levels, nil, &map) != 0 else {
            throw .fribidi(call: "fribidi_reorder_line", detail: "out of memory for \(count) characters")
        }
        self.levels = levels.map { UInt8(bitPattern: $0) }
        visualToLogical = map.map(Int.init)
    }
}
