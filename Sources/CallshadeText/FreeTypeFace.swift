import CFreeType

/// The thin layer between Swift and FreeType: the only caller of FreeType.
/// One font file at one size; each call's result is checked, and a failure
/// throws `TextFailure.freetype`, naming the call.
package final class FreeTypeFace {
    /// One glyph's picture: coverage 0...255, `rows` x `width`, with its
    /// top-left corner at (`left`, -`top`) from the pen on the baseline.
    package struct Glyph {
        /// How far the pen moves after it, in whole pixels.
        package let advance: Int
        package let left: Int
        package let top: Int
        package let width: Int
        package let rows: Int
        package let coverage: [UInt8]
    }

    private let library: FT_Library
    private let face: FT_Face
    private let path: String

    /// `path` at `pixelHeight` pixels a line (the labels of reports).
    package convenience init(path: String, pixelHeight: Int) throws(TextFailure) {
        try self.init(path: path) { face throws(TextFailure) in
            let sized = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelHeight))
            guard sized == 0 else { throw .freetype(call: "FT_Set_Pixel_Sizes", code: sized, detail: path) }
        }
    }

    /// A colour bitmap font (Noto Color Emoji) at its first strike, and the
    /// strike's pixels an em (its pictures are scaled from there).
    package convenience init(colourBitmapPath path: String, index: Int32 = 0) throws(TextFailure) {
        try self.init(path: path, index: index) { face throws(TextFailure) in
            guard face.pointee.num_fixed_sizes > 0 else {
                throw .freetype(call: "FT_Select_Size", code: 0, detail: "\(path) has no bitmap strikes")
            }
            let selected = FT_Select_Size(face, 0)
            guard selected == 0 else { throw .freetype(call: "FT_Select_Size", code: selected, detail: path) }
        }
    }

    /// The selected size's pixels an em (for a bitmap strike, its own).
    package var pixelsPerEm: Double {
        guard let size = face.pointee.size else { return 0 }
        return Double(size.pointee.metrics.x_ppem)
    }

    /// One colour glyph's picture: premultiplied RGBA, `rows` x `width`,
    /// placed as a `Glyph`'s is, at the strike's size.
    package struct ColourGlyph {
        package let advance: Int
        package let left: Int
        package let top: Int
        package let width: Int
        package let rows: Int
        package let rgba: [UInt8]
    }

    /// The colour picture of the glyph numbered `index` (FT_LOAD_COLOR: BGRA, premultiplied).
    package func colourGlyph(index: UInt32) throws(TextFailure) -> ColourGlyph {
        let detail = "glyph \(index) of \(path)"
        let loaded = FT_Load_Glyph(face, FT_UInt(index), Int32(FT_LOAD_COLOR))
        guard loaded == 0 else { throw .freetype(call: "FT_Load_Glyph", code: loaded, detail: detail) }
        guard let slot = face.pointee.glyph else { throw .freetype(call: "FT_Load_Glyph", code: 0, detail: "no glyph slot") }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else {
            throw .freetype(call: "FT_Load_Glyph", code: 0, detail: "\(detail): not a colour (BGRA) bitmap")
        }
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard pitch >= width * 4 else { throw .freetype(call: "FT_Load_Glyph", code: 0, detail: "\(detail): a bitmap stored bottom-up") }
        var rgba = [UInt8](repeating: 0, count: width * rows * 4)
        if let buffer = bitmap.buffer {
            for row in 0..<rows {
                for column in 0..<width {
                    let source = row * pitch + column * 4, target = (row * width + column) * 4
                    (rgba[target], rgba[target + 1], rgba[target + 2], rgba[target + 3]) =
                        (buffer[source + 2], buffer[source + 1], buffer[source], buffer[source + 3])
                }
            }
        }
        return ColourGlyph(advance: Int(slot.pointee.advance.x >> 6), left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           width: width, rows: rows, rgba: rgba)
    }

    /// The face numbered `index` of `path` (as fontconfig numbers faces) at
    /// `pixelsPerEm` pixels an em (fractions in 64ths).
    package convenience init(path: String, index: Int32 = 0, pixelsPerEm: Double) throws(TextFailure) {
        try self.init(path: path, index: index) { face throws(TextFailure) in
            let size = FT_F26Dot6((pixelsPerEm * 64).rounded())
            let sized = FT_Set_Char_Size(face, 0, size, 72, 72)
            guard sized == 0 else { throw .freetype(call: "FT_Set_Char_Size", code: sized, detail: path) }
        }
    }

    private init(path: String, index: Int32 = 0, size: (FT_Face) throws(TextFailure) -> Void) throws(TextFailure) {
        var library: FT_Library?
        let initialised = FT_Init_FreeType(&library)
        guard initialised == 0, let library else {
            throw .freetype(call: "FT_Init_FreeType", code: initialised, detail: "")
        }
        var face: FT_Face?
        let opened = FT_New_Face(library, path, FT_Long(index), &face)
        guard opened == 0, let face else {
            Self.release(library)
            throw .freetype(call: "FT_New_Face", code: opened, detail: path)
        }
        do {
            try size(face)
        } catch {
            Self.release(face)
            Self.release(library)
            throw error
        }
        self.library = library
        self.face = face
        self.path = path
    }

    deinit {
        Self.release(face)
        Self.release(library)
    }

    /// The glyph of `scalar`: its advance and, when `rendered`, its picture
    /// (else an empty one).
    package func glyph(_ scalar: Unicode.Scalar, rendered: Bool) throws(TextFailure) -> Glyph {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return try glyph(index: UInt32(index), rendered: rendered,
                         detail: "U+" + String(scalar.value, radix: 16, uppercase: true))
    }

    /// The glyph numbered `index` in the font (as HarfBuzz names it), rendered
    /// with light hinting (vertical only: the advances stay the outline's).
    package func glyph(index: UInt32, rendered: Bool = true) throws(TextFailure) -> Glyph {
        try glyph(index: index, rendered: rendered, detail: "glyph \(index) of \(path)")
    }

    private func glyph(index: UInt32, rendered: Bool, detail: String) throws(TextFailure) -> Glyph {
        let lightHinting = (Int32(FT_RENDER_MODE_LIGHT.rawValue) & 15) << 16
        let flags = (rendered ? Int32(FT_LOAD_RENDER) : Int32(FT_LOAD_DEFAULT)) | lightHinting
        let loaded = FT_Load_Glyph(face, FT_UInt(index), flags)
        guard loaded == 0 else { throw .freetype(call: "FT_Load_Glyph", code: loaded, detail: detail) }
        guard let slot = face.pointee.glyph else {
            throw .freetype(call: "FT_Load_Glyph", code: 0, detail: "no glyph slot")
        }
        let advance = Int(slot.pointee.advance.x >> 6)
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        var coverage = [UInt8](repeating: 0, count: rendered ? width * rows : 0)
        if rendered, let buffer = bitmap.buffer {
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
                throw .freetype(call: "FT_Load_Glyph", code: 0, detail: "\(detail): not a grey-level bitmap")
            }
            for row in 0..<rows {
                for column in 0..<width {
                    coverage[row * width + column] = buffer[row * Int(bitmap.pitch) + column]
                }
            }
        }
        return Glyph(advance: advance, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                     width: rendered ? width : 0, rows: rendered ? rows : 0, coverage: coverage)
    }

    /// The glyph numbered `index` from its outline (FreeType's outline API,
    /// no hinting), moved by (`dx`, `dy`) pixels (y down; fractions of a
    /// pixel place it exactly) and rendered with 256 grey levels: filled, or
    /// with `strokeRadius` > 0 its outline stroked that far either side
    /// with round joins and caps (FT_Stroker), not a dilated bitmap.
    package func outlineGlyph(index: UInt32, dx: Double, dy: Double, strokeRadius: Double) throws(TextFailure) -> Glyph {
        let detail = "glyph \(index) of \(path)"
        let loaded = FT_Load_Glyph(face, FT_UInt(index), Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP))
        guard loaded == 0 else { throw .freetype(call: "FT_Load_Glyph", code: loaded, detail: detail) }
        guard let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            throw .freetype(call: "FT_Load_Glyph", code: 0, detail: "\(detail): no outline")
        }
        var glyph: FT_Glyph?
        let got = FT_Get_Glyph(slot, &glyph)
        guard got == 0, glyph != nil else { throw .freetype(call: "FT_Get_Glyph", code: got, detail: detail) }
        defer { if let glyph { FT_Done_Glyph(glyph) } }
        if strokeRadius > 0 {
            var stroker: FT_Stroker?
            let made = FT_Stroker_New(library, &stroker)
            guard made == 0, let stroker else { throw .freetype(call: "FT_Stroker_New", code: made, detail: detail) }
            defer { FT_Stroker_Done(stroker) }
            FT_Stroker_Set(stroker, FT_Fixed((strokeRadius * 64).rounded()), FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 0)
            let stroked = FT_Glyph_Stroke(&glyph, stroker, 1)
            guard stroked == 0 else { throw .freetype(call: "FT_Glyph_Stroke", code: stroked, detail: detail) }
        }
        var delta = FT_Vector(x: FT_Pos((dx * 64).rounded()), y: FT_Pos((-dy * 64).rounded()))
        let moved = FT_Glyph_Transform(glyph, nil, &delta)
        guard moved == 0 else { throw .freetype(call: "FT_Glyph_Transform", code: moved, detail: detail) }
        let rendered = FT_Glyph_To_Bitmap(&glyph, FT_RENDER_MODE_NORMAL, nil, 1)
        guard rendered == 0, let bitmapGlyph = glyph, bitmapGlyph.pointee.format == FT_GLYPH_FORMAT_BITMAP else {
            throw .freetype(call: "FT_Glyph_To_Bitmap", code: rendered, detail: detail)
        }
        let picture = UnsafeMutableRawPointer(bitmapGlyph).assumingMemoryBound(to: FT_BitmapGlyphRec.self).pointee
        let bitmap = picture.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer, width > 0, rows > 0 {
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), pitch >= width else {
                throw .freetype(call: "FT_Glyph_To_Bitmap", code: 0, detail: "\(detail): not a top-down grey-level bitmap")
            }
            for row in 0..<rows {
                for column in 0..<width { coverage[row * width + column] = buffer[row * pitch + column] }
            }
        }
        return Glyph(advance: 0, left: Int(picture.left), top: Int(picture.top), width: width, rows: rows, coverage: coverage)
    }

    /// Frees a face. Its error (an invalid handle) cannot happen for one made
    /// here, and it comes where an error is on its way already or in a
    /// deinit, so it has nowhere to go.
    private static func release(_ face: FT_Face) {
        _ = FT_Done_Face(face)
    }

    /// Frees the library, as `release(_: FT_Face)` frees a face.
    private static func release(_ library: FT_Library) {
        _ = FT_Done_FreeType(library)
    }
}
