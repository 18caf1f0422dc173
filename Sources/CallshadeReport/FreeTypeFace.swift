import CFreeType

/// The thin layer between Swift and FreeType: the only caller of FreeType.
/// One font file at one pixel height; each call's result is checked, and a
/// failure throws `TextRenderer.Failure.freetype`, naming the call.
final class FreeTypeFace {
    /// One character's picture: coverage 0...255, `rows` x `width`, with its
    /// top-left corner at (`left`, -`top`) from the pen on the baseline.
    struct Glyph {
        /// How far the pen moves after it, in pixels.
        let advance: Int
        let left: Int
        let top: Int
        let width: Int
        let rows: Int
        let coverage: [UInt8]
    }

    private let library: FT_Library
    private let face: FT_Face

    init(path: String, pixelHeight: Int) throws(TextRenderer.Failure) {
        var library: FT_Library?
        let initialised = FT_Init_FreeType(&library)
        guard initialised == 0, let library else {
            throw .freetype(call: "FT_Init_FreeType", code: initialised, detail: "")
        }
        var face: FT_Face?
        let opened = FT_New_Face(library, path, 0, &face)
        guard opened == 0, let face else {
            Self.release(library)
            throw .freetype(call: "FT_New_Face", code: opened, detail: path)
        }
        let sized = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelHeight))
        guard sized == 0 else {
            Self.release(face)
            Self.release(library)
            throw .freetype(call: "FT_Set_Pixel_Sizes", code: sized, detail: path)
        }
        self.library = library
        self.face = face
    }

    deinit {
        Self.release(face)
        Self.release(library)
    }

    /// The glyph of `scalar`: its advance and, when `rendered`, its picture
    /// (else an empty one).
    func glyph(_ scalar: Unicode.Scalar, rendered: Bool) throws(TextRenderer.Failure) -> Glyph {
        let loaded = FT_Load_Char(face, FT_ULong(scalar.value), rendered ? FT_Int32(FT_LOAD_RENDER) : FT_Int32(FT_LOAD_DEFAULT))
        guard loaded == 0 else {
            throw .freetype(call: "FT_Load_Char", code: loaded, detail: "U+" + String(scalar.value, radix: 16, uppercase: true))
        }
        guard let slot = face.pointee.glyph else {
            throw .freetype(call: "FT_Load_Char", code: 0, detail: "no glyph slot")
        }
        let advance = Int(slot.pointee.advance.x >> 6)
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        var coverage = [UInt8](repeating: 0, count: rendered ? width * rows : 0)
        if rendered, let buffer = bitmap.buffer {
            for row in 0..<rows {
                for column in 0..<width {
                    coverage[row * width + column] = buffer[row * Int(bitmap.pitch) + column]
                }
            }
        }
        return Glyph(advance: advance, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                     width: rendered ? width : 0, rows: rendered ? rows : 0, coverage: coverage)
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
