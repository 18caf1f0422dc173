import CHarfBuzz

/// The thin layer between Swift and HarfBuzz: the only caller of HarfBuzz.
/// One font file at one size, made immutable once set up, so one value
/// shapes text on any thread (HarfBuzz allows that of an immutable font).
final class HarfBuzzFont: @unchecked Sendable {
    /// One glyph of shaped text: its number in the font, the byte of the
    /// text it comes from, and its advance and offset in pixels (y up).
    struct ShapedGlyph: Equatable {
        let index: UInt32
        let cluster: Int
        let advance: Double
        let offsetX: Double
        let offsetY: Double
    }

    private let font: OpaquePointer
    /// Tabular figures ("tnum"), parsed once; nil if HarfBuzz refused it.
    private let tabularFigures: hb_feature_t?
    /// The line box above and below the baseline, in pixels.
    let ascender: Double
    let descender: Double

    init(path: String, pixelsPerEm: Double) throws(TextFailure) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .harfbuzz(call: "hb_blob_create_from_file_or_fail", detail: path)
        }
        let face = hb_face_create(blob, 0)
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
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }

    /// `text` shaped left to right (direction, script and language guessed
    /// from it), with tabular figures so a running timer keeps its width.
    func shape(_ text: String) throws(TextFailure) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { throw .harfbuzz(call: "hb_buffer_create", detail: "") }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        let count = Int32(clamping: utf8.count)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { hb_buffer_add_utf8(buffer, $0.baseAddress, count, 0, count) }
        }
        hb_buffer_guess_segment_properties(buffer)
        if var feature = tabularFigures {
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
