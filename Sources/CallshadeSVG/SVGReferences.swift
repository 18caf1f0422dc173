/// What an SVG document names outside itself, read with GMarkup before
/// librsvg draws it: an `href` (or `xlink:href`, any prefix) that is not a
/// fragment (`#id`) or a `data:` URL, a CSS `url(...)` that is neither, or a
/// CSS `@import`, in a `style` attribute or a `<style>` element. A pattern
/// that names one is refused: librsvg, given no base file, would not load
/// it anyway, but a pattern drawn without its parts is not what its author
/// meant.
enum SVGReferences {
    /// The first such reference, or nil; throws `SVGError.unreadable` when GMarkup cannot read the document.
    static func external(in bytes: [UInt8]) throws -> String? {
        var found: String?
        var inStyle = false
        try SVGCalls.scanMarkup(bytes, element: { name, attributes in
            inStyle = name == "style" || name.hasSuffix(":style")
            for (key, value) in attributes where found == nil {
                if key == "href" || key.hasSuffix(":href"), !isInternal(value) { found = value }
                if key == "style", let reference = cssReference(value) { found = reference }
            }
        }, text: { text in
            if found == nil, inStyle, let reference = cssReference(text) { found = reference }
        })
        return found
    }

    /// Whether a reference stays inside the document: a fragment or a data URL.
    static func isInternal(_ reference: String) -> Bool {
        let trimmed = reference.trimmingWhitespace
        return trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("data:")
    }

    /// The first `url(...)` in CSS text that leaves the document, or an `@import`.
    static func cssReference(_ css: String) -> String? {
        let lowered = css.lowercased()
        if lowered.contains("@import") { return "@import" }
        var rest = Substring(lowered)
        while let start = rest.range(of: "url(") {
            let after = rest[start.upperBound...]
            let end = after.firstIndex(of: ")") ?? after.endIndex
            let inside = after[..<end].trimmingWhitespace.trimming(["\"", "'"])
            if !isInternal(inside) { return "url(\(inside))" }
            rest = after[end...]
        }
        return nil
    }
}

extension StringProtocol {
    /// Without spaces, tabs and line breaks at either end.
    var trimmingWhitespace: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
              let last = characters.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(characters[first...last])
    }

    func trimming(_ set: Set<Character>) -> String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { !set.contains($0) }),
              let last = characters.lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(characters[first...last])
    }
}
