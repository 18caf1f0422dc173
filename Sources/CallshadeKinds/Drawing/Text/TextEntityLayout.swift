import CallshadeCore
import CallshadeText

/// A text entity's lines (`drawing.md` section 5): its words set in Inter
/// SemiBold at its font size (canvas pixels), what Inter lacks from the
/// faces fontconfig ranks next for the text's script (as the call's title
/// falls back), split into runs by direction, script and face and shaped
/// by HarfBuzz; wrapped at 0.8 of the canvas's width (at spaces; a word
/// wider than that at characters; a line break always), trailing spaces
/// trimmed; lines `1.2 * font size` apart, the font's ascender and
/// descender centred in each; aligned left, centre or right within the
/// widest line, the block centred on the entity's centre.
struct TextEntityLayout {
    /// A glyph to draw: its face, its number there, and the pen's position (canvas pixels about the centre, y down).
    struct PlacedGlyph {
        let face: FaceChoice
        let index: UInt32
        let x: Double
        let y: Double
    }

    let glyphs: [PlacedGlyph]
    /// Each line's used width, canvas pixels.
    let lineWidths: [Double]
    let lineHeight: Double
    /// The first line's top, canvas pixels about the centre.
    let top: Double
    let fontSize: Double

    /// The faces a text is set in at one size: Inter SemiBold, and fontconfig's for what it lacks.
    final class Faces {
        let primary: HarfBuzzFont
        let primaryFile: FontBook.FontFile
        let fallback: FallbackFonts?
        private(set) var opened: [FallbackFace: HarfBuzzFont] = [:]
        let fontSize: Double

        init(fonts: FontBook, fontSize: Double) throws(TextFailure) {
            let files = try fonts.files(of: .semibold)
            primary = try HarfBuzzFont(path: files.primary.path, pixelsPerEm: fontSize)
            primaryFile = files.primary
            fallback = files.fallback.map(FallbackFonts.init(request:))
            self.fontSize = fontSize
        }

        /// The face that draws `character` (a colour face has no outline to draw: none), for text of `language`.
        func choice(for character: Character, language: String) throws(TextFailure) -> FaceChoice? {
            let chosen = try TextSetter.choice(for: character, primary: primary, primaryFile: primaryFile) { () throws(TextFailure) in
                try fallback?.faces(for: language) ?? []
            }
            if case .fallback(let face) = chosen, face.colour { return nil }
            return chosen
        }

        func font(for choice: FaceChoice) throws(TextFailure) -> HarfBuzzFont {
            switch choice {
            case .primary: return primary
            case .fallback(let face):
                if let font = opened[face] { return font }
                let font = try HarfBuzzFont(path: face.path, index: face.index, pixelsPerEm: fontSize)
                opened[face] = font
                return font
            }
        }

        /// `text`'s runs, each shaped: glyphs with their pen positions from the line's left end.
        func shaped(_ text: String, language: String) throws(TextFailure) -> (glyphs: [PlacedGlyph], width: Double, missing: [Character]) {
            var glyphs: [PlacedGlyph] = [], pen = 0.0, missing: [Character] = []
            let runs = try TextRuns.of(text) { character throws(TextFailure) in try choice(for: character, language: language) }
            for run in runs {
                missing += run.missing
                for glyph in try font(for: run.face).shape(run.text, rightToLeft: run.rightToLeft, script: run.script) {
                    glyphs.append(PlacedGlyph(face: run.face, index: glyph.index, x: pen + glyph.offsetX, y: -glyph.offsetY))
                    pen += glyph.advance
                }
            }
            return (glyphs, pen, missing)
        }
    }

    /// The characters of `text` no installed face draws (checked before anything is drawn).
    static func missingCharacters(in text: String, faces: Faces) throws(TextFailure) -> [Character] {
        let language = FallbackFonts.language(of: text)
        var missing: [Character] = []
        for character in text where character != "\n" {
            if try faces.choice(for: character, language: language) == nil { missing.append(character) }
        }
        return missing
    }

    init(_ entity: TextEntity, canvas: DrawingCanvas, faces: Faces) throws(TextFailure) {
        let fontSize = faces.fontSize
        let wrap = TextEntity.wrapShare * Double(canvas.size.width)
        let language = FallbackFonts.language(of: entity.text)
        var lines: [String] = []
        for paragraph in entity.text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += try Self.wrapped(String(paragraph), width: wrap) { text throws(TextFailure) in try faces.shaped(text, language: language).width }
        }
        let shaped = try lines.map { line throws(TextFailure) in try faces.shaped(line, language: language) }
        lineHeight = 1.2 * fontSize
        top = -Double(lines.count) * lineHeight / 2
        let block = shaped.map(\.width).max() ?? 0
        let ascent = faces.primary.ascender, descent = faces.primary.descender
        var glyphs: [PlacedGlyph] = []
        for (index, line) in shaped.enumerated() {
            let left: Double
            switch entity.alignment {
            case .left: left = -block / 2
            case .center: left = -line.width / 2
            case .right: left = block / 2 - line.width
            }
            let baseline = top + Double(index) * lineHeight + (lineHeight - (ascent + descent)) / 2 + ascent
            glyphs += line.glyphs.map { PlacedGlyph(face: $0.face, index: $0.index, x: left + $0.x, y: baseline + $0.y) }
        }
        self.glyphs = glyphs
        lineWidths = shaped.map(\.width)
        self.fontSize = fontSize
    }

    /// `paragraph` in lines no wider than `width` (as `measure` measures),
    /// broken after spaces, a word too wide alone broken between characters;
    /// each line's trailing spaces trimmed.
    static func wrapped(_ paragraph: String, width: Double, measure: (String) throws(TextFailure) -> Double) throws(TextFailure) -> [String] {
        func trimmed(_ text: String) -> String {
            var text = text
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines: [String] = [], current = ""
        // Words with the spaces after them.
        var words: [String] = [], word = ""
        for character in paragraph {
            word.append(character)
            if character == " " , !word.isEmpty { words.append(word); word = "" }
        }
        if !word.isEmpty { words.append(word) }
        for word in words {
            let candidate = current + word
            var fits = current.isEmpty
            if !fits { fits = try measure(trimmed(candidate)) <= width }
            if fits {
                current = candidate
            } else {
                lines.append(trimmed(current))
                current = word
            }
            // A word wider than the line alone: broken between characters.
            while current.count > 1 {
                guard try measure(trimmed(current)) > width else { break }
                var head = ""
                for character in current {
                    if !head.isEmpty {
                        guard try measure(trimmed(head + String(character))) <= width else { break }
                    }
                    head.append(character)
                }
                lines.append(trimmed(head))
                current = String(current.dropFirst(head.count))
            }
        }
        lines.append(trimmed(current))
        return lines
    }
}
