import CallshadeCore

/// Sets the call screen's text for one render: each line is split into
/// runs by direction (FriBidi), script and the face that has each character
/// (the style's own font first; what it lacks from the faces fontconfig
/// ranks next), HarfBuzz shapes each run, and FreeType rasterises every
/// glyph the render's texts need (and the digits) once, into one atlas that
/// both renderers sample. A character no installed face has is drawn as the
/// font's missing-glyph box (scenarios with one are refused before that).
public struct TextSetter: TextSetting {
    /// The most texels an em: larger text draws its pictures magnified.
    static let largestEm = 256.0
    /// The fewest: smaller text draws its pictures shrunk.
    static let smallestEm = 2.0
    /// Glyphs every render can set whatever its texts: the timer's.
    public static let alwaysSet = "0123456789:"

    /// One style's faces at the size its pictures are rasterised.
    private struct Faces: Sendable {
        let primary: HarfBuzzFont
        let primaryFile: FontBook.FontFile
        /// The fallback faces this render's texts needed, opened at the style's size.
        let fallbacks: [FallbackFace: HarfBuzzFont]
        /// fontconfig's faces by language, as far as this render's texts asked.
        let fallbackOrder: [String: [FallbackFace]]
        /// Frame pixels per texel.
        let texelSize: Double

        func font(for face: FaceChoice) -> HarfBuzzFont? {
            switch face {
            case .primary: return primary
            case .fallback(let fallback): return fallbacks[fallback]
            }
        }
    }

    /// A glyph of one of a style's faces.
    private struct GlyphKey: Hashable, Sendable {
        let style: TextStyle
        let face: FaceChoice
        let index: UInt32
    }

    public let scale: Double
    public let atlas: GlyphAtlas
    private let faces: [TextStyle: Faces]
    private let images: [GlyphKey: GlyphImage]

    /// A setter for frames of `scale` pixels a point whose atlas holds every
    /// glyph of `texts` in its style, and the digits and colon in each style.
    public init(fonts: FontBook = .debian, scale: Double, texts: [TextStyle: [String]]) throws(TextFailure) {
        self.scale = scale
        var faces: [TextStyle: Faces] = [:]
        var rasterisers: [GlyphKey: FreeTypeFace] = [:]
        /// Colour glyphs' rasterisers (at their bitmap strike) and the texels an em wanted.
        var colourRasterisers: [GlyphKey: (face: FreeTypeFace, em: Double)] = [:]
        var keys: [GlyphKey] = []
        var known = Set<GlyphKey>()
        var fallbackFonts: [TextFont: FallbackFonts] = [:]
        for style in texts.keys.sorted(by: { ($0.font.rawValue, $0.points) < ($1.font.rawValue, $1.points) }) {
            let files = try fonts.files(of: style.font)
            let pixels = style.points * scale
            let em = min(max(pixels, Self.smallestEm), Self.largestEm)
            let primary = try HarfBuzzFont(path: files.primary.path, pixelsPerEm: em)
            let fallback = files.fallback.map { request in fallbackFonts[style.font] ?? FallbackFonts(request: request) }
            fallbackFonts[style.font] = fallback
            let colour = style.font == .emoji
            let primaryFace = colour ? try FreeTypeFace(colourBitmapPath: files.primary.path) : try FreeTypeFace(path: files.primary.path, pixelsPerEm: em)
            var opened: [FallbackFace: (shaper: HarfBuzzFont, rasteriser: FreeTypeFace)] = [:]
            // The emoji have no timer to set.
            for text in (texts[style] ?? []) + (colour ? [] : [Self.alwaysSet]) {
                let language = FallbackFonts.language(of: text)
                let runs = try TextRuns.of(text) { character throws(TextFailure) in
                    try Self.choice(for: character, primary: primary, primaryFile: files.primary) { () throws(TextFailure) in
                        try fallback?.faces(for: language) ?? []
                    }
                }
                for run in runs {
                    let shaper: HarfBuzzFont, rasteriser: FreeTypeFace, colourRun: Bool
                    switch run.face {
                    case .primary:
                        (shaper, rasteriser, colourRun) = (primary, primaryFace, colour)
                    case .fallback(let face):
                        if opened[face] == nil {
                            opened[face] = (try HarfBuzzFont(path: face.path, index: face.index, pixelsPerEm: em),
                                            face.colour ? try FreeTypeFace(colourBitmapPath: face.path, index: face.index)
                                                        : try FreeTypeFace(path: face.path, index: face.index, pixelsPerEm: em))
                        }
                        guard let pair = opened[face] else { continue }
                        (shaper, rasteriser, colourRun) = (pair.shaper, pair.rasteriser, face.colour)
                    }
                    for glyph in try shaper.shape(run.text, rightToLeft: run.rightToLeft, script: run.script,
                                                 tabularFigures: !style.proportionalFigures) {
                        let key = GlyphKey(style: style, face: run.face, index: glyph.index)
                        guard known.insert(key).inserted else { continue }
                        keys.append(key)
                        if colourRun {
                            colourRasterisers[key] = (rasteriser, em)
                        } else {
                            rasterisers[key] = rasteriser
                        }
                    }
                }
            }
            faces[style] = Faces(primary: primary, primaryFile: files.primary, fallbacks: opened.mapValues(\.shaper),
                                 fallbackOrder: [:], texelSize: pixels.isFinite && pixels > 0 ? pixels / em : 1)
        }
        // Each style keeps the fallback lists its font's texts asked for, so
        // that a line set later chooses as its text did here.
        for (style, face) in faces {
            faces[style] = Faces(primary: face.primary, primaryFile: face.primaryFile, fallbacks: face.fallbacks,
                                 fallbackOrder: fallbackFonts[style.font]?.faces ?? [:], texelSize: face.texelSize)
        }
        var pictures: [AtlasPacker.Picture] = [], colourPictures: [AtlasPacker.Picture] = []
        var offsets: [(left: Int, top: Int)] = [], colourOffsets: [(left: Int, top: Int)] = []
        var drawn: [GlyphKey] = [], colourDrawn: [GlyphKey] = []
        for key in keys {
            if let (face, em) = colourRasterisers[key] {
                // The strike's picture scaled to the size (premultiplied: area filter down, tent up).
                let glyph = try face.colourGlyph(index: key.index)
                let factor = face.pixelsPerEm > 0 ? em / face.pixelsPerEm : 1
                let width = max(1, Int((Double(glyph.width) * factor).rounded())), rows = max(1, Int((Double(glyph.rows) * factor).rounded()))
                guard glyph.width > 0, glyph.rows > 0 else { continue }
                let scaled = PictureResampling.resized(glyph.rgba, width: glyph.width, height: glyph.rows, to: width, rows)
                // Cropped to its ink (texels of any alpha): the picture's edges are the emoji's own.
                guard let ink = Self.inkBox(scaled, width: width, rows: rows) else { continue }
                var cropped: [UInt8] = []
                cropped.reserveCapacity(ink.width * ink.rows * 4)
                for row in ink.y..<ink.y + ink.rows {
                    cropped += scaled[((row * width + ink.x) * 4)..<((row * width + ink.x + ink.width) * 4)]
                }
                colourPictures.append(AtlasPacker.Picture(width: ink.width, rows: ink.rows, texels: cropped))
                colourOffsets.append((Int((Double(glyph.left) * factor).rounded()) + ink.x - 1, -Int((Double(glyph.top) * factor).rounded()) + ink.y - 1))
                colourDrawn.append(key)
                continue
            }
            guard let face = rasterisers[key] else { continue }
            let glyph = try face.glyph(index: key.index)
            guard glyph.width > 0, glyph.rows > 0 else { continue }
            pictures.append(AtlasPacker.Picture(width: glyph.width, rows: glyph.rows, texels: glyph.coverage))
            offsets.append((glyph.left - 1, -glyph.top - 1))
            drawn.append(key)
        }
        let packed = try AtlasPacker.pack(pictures)
        let colourPage = colourPictures.isEmpty ? nil : try AtlasPacker.pack(colourPictures, channels: 4)
        var images: [GlyphKey: GlyphImage] = [:]
        for (index, key) in drawn.enumerated() {
            let place = packed.places[index], picture = pictures[index]
            images[key] = GlyphImage(x: place.x, y: place.y, width: picture.width + 2, height: picture.rows + 2,
                                     left: offsets[index].left, top: offsets[index].top)
        }
        for (index, key) in colourDrawn.enumerated() {
            guard let page = colourPage else { break }
            let place = page.places[index], picture = colourPictures[index]
            images[key] = GlyphImage(x: place.x, y: place.y, width: picture.width + 2, height: picture.rows + 2,
                                     left: colourOffsets[index].left, top: colourOffsets[index].top, colour: true)
        }
        guard let atlas = GlyphAtlas(width: packed.width, height: packed.height, coverage: packed.texels,
                                     colour: colourPage.map { ($0.width, $0.height, $0.texels) }) else {
            throw .atlasFull(width: packed.width, height: packed.height)
        }
        self.atlas = atlas
        self.faces = faces
        self.images = images
    }

    /// The smallest box of a premultiplied RGBA picture holding every texel
    /// with some alpha; nil when it has none.
    static func inkBox(_ rgba: [UInt8], width: Int, rows: Int) -> (x: Int, y: Int, width: Int, rows: Int)? {
        var left = width, right = -1, top = rows, bottom = -1
        for row in 0..<rows {
            for column in 0..<width where rgba[(row * width + column) * 4 + 3] > 0 {
                left = min(left, column)
                right = max(right, column)
                top = min(top, row)
                bottom = max(bottom, row)
            }
        }
        return right < 0 ? nil : (left, top, right - left + 1, bottom - top + 1)
    }

    /// The face that sets `character`: the primary font where it has every
    /// scalar of it, else the first of `fallbacks` (asked for only then)
    /// that has them all; nil when none has.
    package static func choice(for character: Character, primary: HarfBuzzFont, primaryFile: FontBook.FontFile,
                               fallbacks: () throws(TextFailure) -> [FallbackFace]) throws(TextFailure) -> FaceChoice? {
        let needed = TextRuns.drawnScalars(of: character)
        if needed.allSatisfy(primary.hasGlyph(for:)) { return .primary }
        for face in try fallbacks() where !(face.path == primaryFile.path && face.index == 0) {
            if needed.allSatisfy(face.characters.contains) { return .fallback(face) }
        }
        return nil
    }

    /// The runs `text` is set in, in `style`, in visual order (for tests and
    /// diagnostics: which face, script and direction each run took).
    func runs(of text: String, style: TextStyle) -> [TextRun] {
        guard let face = faces[style] else { return [] }
        let order = face.fallbackOrder[FallbackFonts.language(of: text)] ?? []
        return (try? TextRuns.of(text) { character in
            try? Self.choice(for: character, primary: face.primary, primaryFile: face.primaryFile) { order }
        }) ?? []
    }

    /// Each run of `text` in `style` and the glyphs it is shaped into (for
    /// tests: glyph 0 is a font's missing-glyph box).
    func shapedRuns(of text: String, style: TextStyle) -> [(run: TextRun, family: String, glyphs: [UInt32])] {
        guard let face = faces[style] else { return [] }
        return runs(of: text, style: style).map { run in
            let family: String
            switch run.face {
            case .primary: family = face.primaryFile.name
            case .fallback(let fallback): family = fallback.family
            }
            let glyphs = (try? face.font(for: run.face)?.shape(run.text, rightToLeft: run.rightToLeft, script: run.script,
                                                 tabularFigures: !style.proportionalFigures)) ?? nil
            return (run, family, glyphs?.map(\.index) ?? [])
        }
    }

    public func line(_ text: String, style: TextStyle) -> TextLine {
        guard let face = faces[style] else { return TextLine(glyphs: [], width: 0, ascent: 0, descent: 0) }
        var glyphs: [TextLine.Glyph] = []
        var pen = 0.0
        var missing: [Character] = []
        let size = face.texelSize
        for run in runs(of: text, style: style) {
            missing += run.missing
            // A face this render's texts did not need has no glyphs in the
            // atlas; a failed shaping (out of memory) leaves the run out rather than the frame.
            guard let font = face.font(for: run.face) else { continue }
            for shaped in (try? font.shape(run.text, rightToLeft: run.rightToLeft, script: run.script,
                                                 tabularFigures: !style.proportionalFigures)) ?? [] {
                if let image = images[GlyphKey(style: style, face: run.face, index: shaped.index)] {
                    glyphs.append(TextLine.Glyph(image: image, penX: pen + shaped.offsetX * size, penY: -shaped.offsetY * size))
                }
                pen += shaped.advance * size
            }
        }
        return TextLine(glyphs: glyphs, texelSize: size, width: pen, ascent: face.primary.ascender * size,
                        descent: face.primary.descender * size, missing: missing)
    }

    /// The characters of `text` that no font of `style` has.
    public func missingCharacters(in text: String, style: TextStyle) -> [Character] {
        line(text, style: style).missing
    }
}

extension TextSetter {
    /// The characters of `text` that no face can set in `font`: its own
    /// file, then for a text font the faces fontconfig offers. Checked
    /// without rasterising anything, as a scenario's texts are checked when
    /// it is read; a missing font file throws, naming its package.
    public static func uncoveredCharacters(in text: String, font: TextFont, fonts: FontBook = .debian) throws(TextFailure) -> [Character] {
        let files = try fonts.files(of: font)
        let primary = try HarfBuzzFont(path: files.primary.path, pixelsPerEm: 16)
        let fallback = files.fallback.map(FallbackFonts.init(request:))
        let language = FallbackFonts.language(of: text)
        var uncovered: [Character] = []
        for character in text where try choice(for: character, primary: primary, primaryFile: files.primary, fallbacks: { () throws(TextFailure) in
            try fallback?.faces(for: language) ?? []
        }) == nil {
            uncovered.append(character)
        }
        return uncovered
    }
}
