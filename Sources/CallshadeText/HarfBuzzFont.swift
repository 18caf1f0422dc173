import CHarfBuzz

/// The thin layer between Swift and HarfBuzz: the only caller of HarfBuzz.
/// One font file at one size, made immutable once set up, so one value
/// shapes text on any thread (HarfBuzz allows that of an immutable font).
package final class HarfBuzzFont: @unchecked Sendable {
    /// One glyph of shaped text: its number in the font, the byte of the
    /// text it comes from, and its advance and offset in pixels (y up).
    package struct ShapedGlyph: Equatable {
        package let index: UInt32
        package let cluster: Int
        package let advance: Double
        package let offsetX: Double
        package let offsetY: Double
    }

    private let font: OpaquePointer
    /// Tabular figures ("tnum"), parsed once; nil if HarfBuzz refused it.
    private let tabularFigures: hb_feature_t?
    /// The line box above and below the baseline, in pixels.
    package let ascender: Double
    package let descender: Double

    /// The face numbered `index` of the file at `path` (a collection's face in
    /// the low 16 bits, a variable font's named instance, from 1, in the high
    /// 16, as fontconfig and FreeType number them), at `pixelsPerEm`.
    package init(path: String, index: Int32 = 0, pixelsPerEm: Double) throws(TextFailure) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .harfbuzz(call: "hb_blob_create_from_file_or_fail", detail: path)
        }
        let face = hb_face_create(blob, UInt32(index & 0xFFFF))
        hb_blob_destroy(blob)
        guard let face, hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            throw .harfbuzz(call: "hb_face_create", detail: "\(path) has no glyphs")
        }
        let made = hb_font_create(face)
        hb_face_destroy(face)
        guard let made else { throw .harfbuzz(call: "hb_font_create", detail: path) }
        let scale = Int32((pixelsPerEm * 64).rounded())
        hb_font_set_scale(made, scale, scale)
        if index >> 16 > 0 {
            hb_font_set_var_named_instance(made, UInt32(index >> 16) - 1)
        }
        hb_font_make_immutable(made)
        var extents = hb_font_extents_t()
        guard hb_font_get_h_extents(made, &extents) != 0 else {
            hb_font_destroy(made)
            throw .harfbuzz(call: "hb_font_get_h_extents", detail: path)
        }
        font = made
        var feature = hb_feature_t()
        tabularFigures = "tnum".withCString { hb_feature_from_string($0, -1, &feature) } != 0 ? feature : nil
        ascender = Double(extents.ascender) / 64
        descender = -Double(extents.descender) / 64
    }

    deinit {
        hb_font_destroy(font)
    }

    /// Whether the font maps `scalar` to a glyph of its own.
    package func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }

    /// `text` shaped with tabular figures (so a running timer keeps its
    /// width) unless not `tabularFigures`, right to left when `rightToLeft`, in `script` when given
    /// (else as HarfBuzz guesses it from the text, as it does the language).
    /// The glyphs come in visual order, left to right, either way.
    package func shape(_ text: String, rightToLeft: Bool = false, script: TextScript? = nil,
                       tabularFigures tabular: Bool = true) throws(TextFailure) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { throw .harfbuzz(call: "hb_buffer_create", detail: "") }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        let count = Int32(clamping: utf8.count)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { hb_buffer_add_utf8(buffer, $0.baseAddress, count, 0, count) }
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script {
            hb_buffer_set_script(buffer, hb_script_t(rawValue: script.tag))
        }
        hb_buffer_guess_segment_properties(buffer)
        if tabular, var feature = tabularFigures {
            hb_shape(font, buffer, &feature, 1)
        } else {
            hb_shape(font, buffer, nil, 0)
        }
        guard hb_buffer_allocation_successful(buffer) != 0 else {
            throw .harfbuzz(call: "hb_shape", detail: "out of memory for \(utf8.count) bytes")
        }
        var length: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &length), let positions = hb_buffer_get_glyph_positions(buffer, nil) else {
            return []
        }
        return (0..<Int(length)).map { item in
            ShapedGlyph(index: infos[item].codepoint, cluster: Int(infos[item].cluster),
                        advance: Double(positions[item].x_advance) / 64,
                        offsetX: Double(positions[item].x_offset) / 64, offsetY: Double(positions[item].y_offset) / 64)
        }
    }
}

/// A Unicode script (ISO 15924, as HarfBuzz tags it) of a scalar: what the
/// text engine splits runs by.
package struct TextScript: Hashable, Sendable {
    /// The script's four-letter tag, as HarfBuzz packs it ("Latn", "Deva").
    let tag: UInt32

    /// The script of `scalar` by Unicode's Scripts.txt; nil for the scripts
    /// characters share (Common, Inherited) and for unassigned ones, which
    /// take the script of the text around them.
    init?(of scalar: Unicode.Scalar) {
        let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
        guard script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN else { return nil }
        tag = script.rawValue
    }

    /// The tag as its four letters ("Hani").
    var name: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }
}
