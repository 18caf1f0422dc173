import CFontconfig

/// The thin layer between Swift and fontconfig: the only caller of
/// fontconfig. It reads the system's font configuration once (a value of its
/// own, never fontconfig's process-wide one) and answers one question: for
/// a preferred list of families at a weight and a language, which installed
/// faces draw text, best first, and which characters each maps.
final class FontCatalogue {
    private let config: OpaquePointer

    init() throws(TextFailure) {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw .fontconfig(call: "FcInitLoadConfigAndFonts", detail: "the font configuration could not be read")
        }
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// Every installed face fontconfig would use for `families` (in order of
    /// preference) at `weight` (fontconfig's scale: 80 regular, 180 semibold)
    /// for text in `language` (an RFC 3066 tag such as "ja"), best first, as
    /// `FcFontSort` orders them with the configuration's substitutions.
    /// Faces that cannot be scaled to any size, variable fonts' default
    /// faces (their named instances are listed) and web fonts are left out.
    func faces(families: [String], weight: Int32, language: String) throws(TextFailure) -> [FallbackFace] {
        guard let pattern = FcPatternCreate() else { throw .fontconfig(call: "FcPatternCreate", detail: "out of memory") }
        defer { FcPatternDestroy(pattern) }
        for family in families {
            guard Self.add(string: family, as: FC_FAMILY, to: pattern) else {
                throw .fontconfig(call: "FcPatternAddString", detail: "family \(family)")
            }
        }
        guard FcPatternAddInteger(pattern, FC_WEIGHT, weight) != 0 else {
            throw .fontconfig(call: "FcPatternAddInteger", detail: "weight \(weight)")
        }
        guard let languages = FcLangSetCreate() else { throw .fontconfig(call: "FcLangSetCreate", detail: "out of memory") }
        defer { FcLangSetDestroy(languages) }
        let added = language.withCString { tag in
            tag.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) { FcLangSetAdd(languages, $0) }
        }
        guard added != 0, FcPatternAddLangSet(pattern, FC_LANG, languages) != 0 else {
            throw .fontconfig(call: "FcLangSetAdd", detail: "language \(language)")
        }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else {
            throw .fontconfig(call: "FcConfigSubstitute", detail: "out of memory")
        }
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(config, pattern, FcFalse, nil, &result) else {
            throw .fontconfig(call: "FcFontSort", detail: "no fonts are installed (result \(result.rawValue))")
        }
        defer { FcFontSetDestroy(sorted) }
        var faces: [FallbackFace] = []
        for item in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[item] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                  FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            var index: Int32 = 0, scalable: FcBool = FcFalse, colour: FcBool = FcFalse, variable: FcBool = FcFalse
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            _ = FcPatternGetBool(font, FC_SCALABLE, 0, &scalable)
            _ = FcPatternGetBool(font, FC_COLOR, 0, &colour)
            _ = FcPatternGetBool(font, FC_VARIABLE, 0, &variable)
            let path = String(cString: file)
            // Web fonts (WOFF) wrap their tables compressed, which HarfBuzz does not read.
            guard scalable != FcFalse || colour != FcFalse, variable == FcFalse,
                  !path.hasSuffix(".woff"), !path.hasSuffix(".woff2") else { continue }
            var family: UnsafeMutablePointer<FcChar8>?
            let name = FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch ? family.map { String(cString: $0) } : nil
            guard let copy = FcCharSetCopy(charset) else { continue }
            faces.append(FallbackFace(path: path, index: index, family: name ?? "", colour: colour != FcFalse,
                                      characters: FallbackFace.Characters(copy)))
        }
        return faces
    }

    private static func add(string: String, as object: String, to pattern: OpaquePointer) -> Bool {
        string.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: string.utf8.count + 1) { FcPatternAddString(pattern, object, $0) != 0 }
        }
    }
}

/// One installed face that fontconfig offers: its file, its number in the
/// file (a collection's face, and a variable font's named instance in the
/// high 16 bits), its family, whether it draws in colour (bitmap emoji), and
/// which characters it maps.
package struct FallbackFace: Hashable, Sendable {
    /// The characters a face maps: fontconfig's character set, shared, read only.
    final class Characters: @unchecked Sendable {
        private let charset: OpaquePointer

        fileprivate init(_ charset: OpaquePointer) {
            self.charset = charset
        }

        deinit {
            FcCharSetDestroy(charset)
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            FcCharSetHasChar(charset, scalar.value) != 0
        }
    }

    package let path: String
    package let index: Int32
    let family: String
    package let colour: Bool
    let characters: Characters

    package static func == (lhs: FallbackFace, rhs: FallbackFace) -> Bool {
        (lhs.path, lhs.index) == (rhs.path, rhs.index)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(index)
    }
}
