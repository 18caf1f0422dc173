/// Why a kind's frames cannot be made, beyond the inputs' own errors
/// (`ScenarioError`, `TextError`, `VideoError`...): the command line's
/// `Diagnostic` gives each its identifier.
public enum FramesError: Error, Equatable, CustomStringConvertible {
    /// The avatar picture (`--avatar` or the scenario's) cannot be read or is empty.
    case avatar(String)
    /// A chat's wallpaper pattern cannot be drawn.
    case pattern(String)
    /// A gallery's media file cannot be read (what it holds), naming it.
    case media(String)
    /// A chat's sticker (a TGS file) that cannot be read, is beyond the limits or that rlottie cannot draw, naming the field and file.
    case sticker(String)
    /// A chat's voice message that cannot be decoded or is beyond the limits, naming the field and file.
    case audio(String)
    /// A chat's round video that cannot be decoded or is beyond the limits, naming the field and file.
    case video(String)
    /// A `--points-width` that gives too many or too few pixels a point.
    case pointsWidth(given: String, requirement: String)
    /// A scenario whose kind has no frames (its module not linked).
    case notDrawable(kind: String)

    public var description: String {
        switch self {
        case .avatar(let text), .pattern(let text), .media(let text), .sticker(let text), .audio(let text), .video(let text): return text
        case .pointsWidth(let given, let requirement): return "\(given) \(requirement)"
        case .notDrawable(let kind): return "a scenario of kind \(kind) cannot be drawn"
        }
    }
}
