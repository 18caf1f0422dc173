import CRsvg

/// The one calls layer for librsvg, the cairo surface it draws into and
/// GLib (its objects and errors, and GMarkup, which reads the document's
/// references before librsvg sees it): every call's result is checked, and
/// each failure becomes an `SVGError`.
///
/// The document is handed over as bytes (`rsvg_handle_new_from_data`), with
/// no base file or URL: librsvg then resolves no reference to another file
/// or URL (an `<image>`, a `<use>` of another document, a stylesheet), so
/// it never reads anything the SVG names. Its default limits hold (the
/// handle is made without RSVG_HANDLE_FLAG_UNLIMITED: a bounded XML depth
/// and size, and at most a million loaded elements).
enum SVGCalls {
    /// The document's aspect: its intrinsic size in pixels, else its viewBox's size.
    struct Document {
        fileprivate let handle: UnsafeMutablePointer<RsvgHandle>
        let width: Double
        let height: Double
    }

    /// Parses `bytes` as SVG.
    static func load(_ bytes: [UInt8]) throws -> Document {
        var error: UnsafeMutablePointer<GError>?
        let made = bytes.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let handle = made else { throw SVGError.unreadable(message(taking: error) ?? "librsvg read no document") }
        if let error { g_error_free(error) }
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            // No absolute width and height: the viewBox gives the aspect.
            var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
            var lengthWidth = RsvgLength(), lengthHeight = RsvgLength(), viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &lengthWidth, &hasHeight, &lengthHeight, &hasViewBox, &viewBox)
            if hasViewBox != 0 { (width, height) = (viewBox.width, viewBox.height) }
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw SVGError.noSize
        }
        return Document(handle: handle, width: width, height: height)
    }

    /// Lets go of a document.
    static func release(_ document: Document) {
        g_object_unref(UnsafeMutableRawPointer(document.handle))
    }

    /// Draws `document` into a `width` x `height` coverage raster (A8), its
    /// picture stretched over `viewport` (x, y, width, height in pixels);
    /// returns the coverage, row by row, no padding.
    static func draw(_ document: Document, width: Int, height: Int, viewport: (Double, Double, Double, Double)) throws -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else {
            throw SVGError.drawing("cairo made no surface")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "the surface")
        guard let cairo = cairo_create(surface) else { throw SVGError.drawing("cairo made no context") }
        defer { cairo_destroy(cairo) }
        try check(cairo_status(cairo), "the context")
        var rectangle = RsvgRectangle(x: viewport.0, y: viewport.1, width: viewport.2, height: viewport.3)
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(document.handle, cairo, &rectangle, &error) != 0 else {
            throw SVGError.drawing(message(taking: error) ?? "librsvg did not draw it")
        }
        if let error { g_error_free(error) }
        try check(cairo_status(cairo), "drawing")
        cairo_surface_flush(surface)
        try check(cairo_surface_status(surface), "the surface after drawing")
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), stride >= width else { throw SVGError.drawing("cairo gave no pixels") }
        var coverage = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width { coverage[row * width + column] = data[row * stride + column] }
        }
        return coverage
    }

    /// Reads `bytes` as markup with GLib's GMarkup, calling `element` with
    /// each element's name and attributes and `text` with the text inside
    /// each element, in document order; throws `SVGError.unreadable` when GMarkup cannot read it.
    static func scanMarkup(_ bytes: [UInt8], element: @escaping (String, [(String, String)]) -> Void,
                           text: @escaping (String) -> Void) throws {
        final class Visitor {
            let element: (String, [(String, String)]) -> Void
            let text: (String) -> Void
            init(element: @escaping (String, [(String, String)]) -> Void, text: @escaping (String) -> Void) {
                self.element = element
                self.text = text
            }
        }
        let visitor = Unmanaged.passRetained(Visitor(element: element, text: text))
        defer { visitor.release() }
        var parser = GMarkupParser()
        parser.start_element = { _, name, names, values, data, _ in
            guard let name, let data else { return }
            var attributes: [(String, String)] = []
            var index = 0
            while let names, let values, let key = names[index], let value = values[index] {
                attributes.append((String(cString: key), String(cString: value)))
                index += 1
            }
            Unmanaged<Visitor>.fromOpaque(data).takeUnretainedValue().element(String(cString: name), attributes)
        }
        parser.text = { _, characters, length, data, _ in
            guard let characters, let data, length > 0 else { return }
            let text = String(decoding: UnsafeRawBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
            Unmanaged<Visitor>.fromOpaque(data).takeUnretainedValue().text(text)
        }
        guard let context = g_markup_parse_context_new(&parser, G_MARKUP_DEFAULT_FLAGS, visitor.toOpaque(), nil) else {
            throw SVGError.unreadable("GMarkup made no parser")
        }
        defer { g_markup_parse_context_free(context) }
        var error: UnsafeMutablePointer<GError>?
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: gchar.self, capacity: buffer.count) { g_markup_parse_context_parse(context, $0, gssize(buffer.count), &error) }
            } ?? 0
        }
        guard parsed != 0, g_markup_parse_context_end_parse(context, &error) != 0 else {
            throw SVGError.unreadable(message(taking: error) ?? "GMarkup could not read it")
        }
    }

    private static func check(_ status: cairo_status_t, _ what: String) throws {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SVGError.drawing("cairo failed with \(what): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// The error's message, and frees it.
    private static func message(taking error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }
}

/// Why an SVG could not be drawn.
public enum SVGError: Error, Equatable, CustomStringConvertible {
    /// librsvg could not read it as SVG.
    case unreadable(String)
    /// It has no positive size (no width and height, and no viewBox).
    case noSize
    /// Drawing it failed.
    case drawing(String)
    /// Drawing took longer than the limit (seconds).
    case tooSlow(Double)
    /// It refers to another file or a URL.
    case external(String)

    public var description: String {
        switch self {
        case .unreadable(let reason): return "is not an SVG librsvg reads: \(reason)"
        case .noSize: return "has no positive size (give it a width and a height, or a viewBox)"
        case .drawing(let reason): return "could not be drawn: \(reason)"
        case .tooSlow(let limit): return "took librsvg over \(Int(limit)) s to draw"
        case .external(let reference): return "refers to another file or a URL ('\(reference)'); a pattern must be self-contained"
        }
    }
}
