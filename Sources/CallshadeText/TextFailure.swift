/// What can go wrong while finding fonts and setting text.
public enum TextFailure: Error, Equatable, CustomStringConvertible {
    /// A font the call screen needs is not installed.
    case missingFont(name: String, path: String, package: String)
    /// No font at all for labels (reports and contact sheets).
    case noFont(searched: [String])
    case freetype(call: String, code: Int32, detail: String)
    case harfbuzz(call: String, detail: String)
    case fontconfig(call: String, detail: String)
    case fribidi(call: String, detail: String)
    /// The glyphs of a render do not fit the largest atlas.
    case atlasFull(width: Int, height: Int)

    public var description: String {
        switch self {
        case .missingFont(let name, let path, let package):
            return "the font \(name) is missing (\(path)); install \(package) (Scripts/bootstrap does)"
        case .noFont(let searched):
            return "no font found (looked for \(searched.joined(separator: ", "))); install fonts-dejavu-core (Scripts/bootstrap does)"
        case .freetype(let call, let code, let detail):
            return "\(call) failed with FreeType error \(code)" + (detail.isEmpty ? "" : ": \(detail)")
        case .harfbuzz(let call, let detail), .fontconfig(let call, let detail), .fribidi(let call, let detail):
            return "\(call) failed" + (detail.isEmpty ? "" : ": \(detail)")
        case .atlasFull(let width, let height):
            return "the glyphs of this render do not fit a \(width)x\(height) atlas"
        }
    }
}
