import Foundation

/// What `--layers` filters by: each node of a scene carries the tags of
/// what it draws, and `CallScreen` leaves out what the filter does not name.
public enum SceneTag: String, CaseIterable, Sendable {
    case background
    case waves
    case avatar
    /// The peer's name, or why the call ended.
    case title
    /// The status line: the waiting label and dots, the timer and signal bars.
    case status
    /// The weak-signal pill.
    case pill
    /// The back button.
    case back
    /// The emoji key (in its place, or moving to and in the expanded key's row).
    case key
    /// The key's tooltip.
    case tooltip
    /// The expanded key's panel: its glass and words.
    case panel
    /// The four buttons and their labels.
    case buttons
    /// The notices above the buttons.
    case notices
    /// The rating panel, its stars and sparkles, and the Close button.
    case rating
    /// The full-screen effect for 4 or 5 stars.
    case celebration

    /// The tags of the background, the waves and the avatar: what callshade drew before it drew words.
    public static let picture: Set<SceneTag> = [.background, .waves, .avatar]
    /// The tags of the words.
    public static let words: Set<SceneTag> = [.title, .status, .pill, .back]
    /// The tags of everything drawn from fonts: the words, the key, its tooltip and panel, the buttons, the notices, the rating.
    public static let text: Set<SceneTag> = words.union([.key, .tooltip, .panel, .buttons, .notices, .rating, .celebration])

    /// The tags as the command line lists them.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Parses a comma-separated list such as `background,waves`.
    public static func parseList(_ text: String) throws -> Set<SceneTag> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var tags = Set<SceneTag>()
        for name in names {
            guard let tag = SceneTag(rawValue: name) else {
                throw ParseError(description: name.isEmpty
                    ? "the layer list '\(text)' has an empty entry; valid layers: \(Self.names)"
                    : "unknown layer '\(name)'; valid layers: \(Self.names)")
            }
            tags.insert(tag)
        }
        return tags
    }
}
