/// What fontconfig is asked for a text font's missing characters: the
/// families preferred, best first, and the weight (fontconfig's scale).
public struct FallbackRequest: Equatable, Sendable {
    public let families: [String]
    public let weight: Int32

    public init(families: [String], weight: Int32) {
        self.families = families
        self.weight = weight
    }
}

/// The faces that can set what a style's own font lacks, found through
/// fontconfig: for each language a text is in, the installed faces in
/// fontconfig's order for the style's preferred families. The catalogue is
/// read only when a text needs a fallback (Latin text never does), and each
/// language's list once: one value for one render, no cache beyond it.
package final class FallbackFonts {
    private let request: FallbackRequest
    private var catalogue: FontCatalogue?
    package private(set) var faces: [String: [FallbackFace]] = [:]

    package init(request: FallbackRequest) {
        self.request = request
    }

    /// The faces for text in `language`, best first.
    package func faces(for language: String) throws(TextFailure) -> [FallbackFace] {
        if let known = faces[language] { return known }
        let catalogue: FontCatalogue
        if let read = self.catalogue {
            catalogue = read
        } else {
            catalogue = try FontCatalogue()
            self.catalogue = catalogue
        }
        let found = try catalogue.faces(families: request.families, weight: request.weight, language: language)
        faces[language] = found
        return found
    }

    /// The language fontconfig is asked about for `text`: it orders the
    /// faces that have a script (Han is drawn differently in Chinese,
    /// Japanese and Korean; Devanagari has Hindi's faces first). Kana make
    /// a text Japanese and Hangul Korean, else its first script of its own
    /// decides; text of no listed script asks as English.
    package static func language(of text: String) -> String {
        var first: String?
        for scalar in text.unicodeScalars {
            guard let script = TextScript(of: scalar) else { continue }
            switch script.name {
            case "Hira", "Kana": return "ja"
            case "Hang": return "ko"
            default: if first == nil { first = languages[script.name] }
            }
        }
        return first ?? "en"
    }

    /// A language that uses each script, for the scripts whose faces
    /// fontconfig tells apart by language (ISO 15924 to RFC 3066).
    static let languages: [String: String] = [
        "Hani": "zh-cn", "Bopo": "zh-tw", "Deva": "hi", "Beng": "bn", "Guru": "pa", "Gujr": "gu", "Orya": "or",
        "Taml": "ta", "Telu": "te", "Knda": "kn", "Mlym": "ml", "Sinh": "si", "Thai": "th", "Laoo": "lo",
        "Khmr": "km", "Mymr": "my", "Tibt": "bo", "Ethi": "am", "Geor": "ka", "Armn": "hy", "Arab": "ar",
        "Hebr": "he", "Syrc": "syr", "Thaa": "dv",
    ]
}
