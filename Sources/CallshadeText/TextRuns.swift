/// Where a character of a line is set: the style's own font, or a face
/// that fontconfig found for what it lacks.
package enum FaceChoice: Hashable, Sendable {
    case primary
    case fallback(FallbackFace)
}

/// One run of a line: consecutive characters set in one face, in one script
/// and one direction, shaped by HarfBuzz as a whole.
package struct TextRun: Equatable {
    package let text: String
    package let face: FaceChoice
    /// Nil when every character is of a shared script (digits, punctuation).
    package let script: TextScript?
    package let rightToLeft: Bool
    /// Its characters no installed face has (set in the primary font: the missing-glyph box).
    package let missing: [Character]
}

/// A line split into runs the way text stacks split it: by bidirectional
/// level (FriBidi), by script, and by the face that has each character, the
/// runs put in visual order, left to right.
package enum TextRuns {
    /// The runs of `text`; `face` picks the face that has all of a
    /// character's scalars (nil: none has).
    package static func of(_ text: String, face: (Character) throws(TextFailure) -> FaceChoice?) throws(TextFailure) -> [TextRun] {
        let characters = Array(text)
        guard !characters.isEmpty else { return [] }
        // Each character's first scalar, in the line's scalars.
        var starts: [Int] = []
        var scalars: [Unicode.Scalar] = []
        for character in characters {
            starts.append(scalars.count)
            scalars += character.unicodeScalars
        }
        let paragraph = try BidiParagraph(scalars)
        var visualPosition = [Int](repeating: 0, count: scalars.count)
        for (visual, logical) in paragraph.visualToLogical.enumerated() where logical < scalars.count {
            visualPosition[logical] = visual
        }
        let scripts = resolvedScripts(characters)

        struct Building {
            var text: String
            var face: FaceChoice
            var script: TextScript?
            var level: UInt8
            var missing: [Character]
            var firstVisual: Int
        }
        var runs: [Building] = []
        for (index, character) in characters.enumerated() {
            let chosen = try face(character)
            let start = starts[index], end = index + 1 < starts.count ? starts[index + 1] : scalars.count
            let level = paragraph.levels[start]
            let visual = (start..<end).map { visualPosition[$0] }.min() ?? 0
            let missing = chosen == nil ? [character] : []
            if var last = runs.last, last.face == (chosen ?? .primary), last.script == scripts[index], last.level == level {
                last.text.append(character)
                last.missing += missing
                last.firstVisual = min(last.firstVisual, visual)
                runs[runs.count - 1] = last
            } else {
                runs.append(Building(text: String(character), face: chosen ?? .primary, script: scripts[index], level: level,
                                     missing: missing, firstVisual: visual))
            }
        }
        return runs.sorted { $0.firstVisual < $1.firstVisual }.map {
            TextRun(text: $0.text, face: $0.face, script: $0.script, rightToLeft: $0.level & 1 == 1, missing: $0.missing)
        }
    }

    /// Each character's script: that of its first scalar of a script of its
    /// own; characters of shared scripts (spaces, digits, marks) take the
    /// script before them, or at the start the first one after them.
    static func resolvedScripts(_ characters: [Character]) -> [TextScript?] {
        let own = characters.map { character in character.unicodeScalars.lazy.compactMap(TextScript.init(of:)).first }
        var resolved: [TextScript?] = []
        var current = own.lazy.compactMap { $0 }.first
        for script in own {
            if let script { current = script }
            resolved.append(current)
        }
        return resolved
    }

    /// The scalars of `character` a face must have to set it: all but the
    /// invisible ones (joiners, variation selectors), which shaping handles.
    static func drawnScalars(of character: Character) -> [Unicode.Scalar] {
        character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
    }
}
