import CallshadeCore

/// Sets the call screen's text for one render: HarfBuzz shapes it, FreeType
/// rasterises every glyph the render's texts need (and the digits) once,
/// into one atlas that both renderers sample. Characters the screen's font
/// lacks come from its fallback (DejaVu Sans for Inter); a character no font
/// has is drawn as the font's missing-glyph box.
public struct TextSetter: TextSetting {
    /// The most texels an em: larger text draws its pictures magnified.
    static let largestEm = 256.0
    /// The fewest: smaller text draws its pictures shrunk.
    static let smallestEm = 2.0
    /// Glyphs every render can set whatever its texts: the timer's.
    public static let alwaysSet = "0123456789:"

    /// One style's fonts at the size its pictures are rasterised.
    private struct Faces: Sendable {
        let primary: HarfBuzzFont
        let fallback: HarfBuzzFont?
        /// Frame pixels per texel.
        let texelSize: Double
    }

    /// A glyph of a style's font (`fallback`: of its fallback font).
    private struct GlyphKey: Hashable, Sendable {
        let style: TextStyle
        let fallback: Bool
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
        for style in texts.keys.sorted(by: { ($0.font.rawValue, $0.points) < ($1.font.rawValue, $1.points) }) {
            let files = try fonts.files(of: style.font)
            let pixels = style.points * scale
            let em = min(max(pixels, Self.smallestEm), Self.largestEm)
            let face = Faces(primary: try HarfBuzzFont(path: files.primary.path, pixelsPerEm: em),
                             fallback: try files.fallback.map { file throws(TextFailure) in try HarfBuzzFont(path: file.path, pixelsPerEm: em) },
                             texelSize: pixels.isFinite && pixels > 0 ? pixels / em : 1)
            faces[style] = face
            let colour = style.font == .emoji
            let primaryFace = colour ? try FreeTypeFace(colourBitmapPath: files.primary.path) : try FreeTypeFace(path: files.primary.path, pixelsPerEm: em)
            let fallbackFace = try files.fallback.map { file throws(TextFailure) in try FreeTypeFace(path: file.path, pixelsPerEm: em) }
            // The emoji have no timer to set.
            for text in (texts[style] ?? []) + (colour ? [] : [Self.alwaysSet]) {
                for run in Self.runs(of: text, in: face) {
                    for glyph in try (run.fallback ? face.fallback ?? face.primary : face.primary).shape(run.text) {
                        let key = GlyphKey(style: style, fallback: run.fallback, index: glyph.index)
                        guard known.insert(key).inserted else { continue }
                        keys.append(key)
                        if colour, !run.fallback {
                            colourRasterisers[key] = (primaryFace, em)
                        } else {
                            rasterisers[key] = run.fallback ? fallbackFace ?? primaryFace : primaryFace
                        }
                    }
                }
            }
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

    /// Runs of whole characters set in one font: the primary where it has
    /// every scalar of the character, else the fallback where that has them.
    private static func runs(of text: String, in faces: Faces) -> [(text: String, fallback: Bool, missing: [Character])] {
        var runs: [(text: String, fallback: Bool, missing: [Character])] = []
        for character in text {
            let needed = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
            let primary = needed.allSatisfy(faces.primary.hasGlyph(for:))
            let fallback = !primary && faces.fallback.map { font in needed.allSatisfy(font.hasGlyph(for:)) } == true
            let missing = !primary && !fallback ? [character] : []
            if let last = runs.last, last.fallback == fallback {
                runs[runs.count - 1] = (last.text + String(character), fallback, last.missing + missing)
            } else {
                runs.append((String(character), fallback, missing))
            }
        }
        return runs
    }

    public func line(_ text: String, style: TextStyle) -> TextLine {
        guard let face = faces[style] else { return TextLine(glyphs: [], width: 0, ascent: 0, descent: 0) }
        var glyphs: [TextLine.Glyph] = []
        var pen = 0.0
        var missing: [Character] = []
        let size = face.texelSize
        for run in Self.runs(of: text, in: face) {
            missing += run.missing
            let font = run.fallback ? face.fallback ?? face.primary : face.primary
            // A failed shaping (out of memory) leaves the run out rather than the frame.
            for shaped in (try? font.shape(run.text)) ?? [] {
                if let image = images[GlyphKey(style: style, fallback: run.fallback, index: shaped.index)] {
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
    /// The characters of `text` that `font` (its own file, not its fallback)
    /// has no glyph for: checked without rasterising anything, as a
    /// scenario's key is checked when it is read.
    public static func characters(in text: String, missingFrom font: TextFont, fonts: FontBook = .debian) throws(TextFailure) -> [Character] {
        let file = try fonts.files(of: font).primary
        let face = try HarfBuzzFont(path: file.path, pixelsPerEm: 16)
        return text.filter { character in
            !character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && $0.value != 0x20E3 }.allSatisfy(face.hasGlyph(for:))
        }.map { $0 }
    }
}
