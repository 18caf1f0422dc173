import Foundation

/// The layers of the call screen, bottom to top.
public enum Layer: String, CaseIterable, Sendable, Comparable {
    case background
    case waves
    case avatar

    /// The layers this build renders.
    public static let available: [Layer] = [.background, .waves, .avatar]

    /// Stacking order: lower layers are drawn first.
    public var depth: Int {
        switch self {
        case .background: return 0
        case .waves: return 1
        case .avatar: return 2
        }
    }

    public static func < (a: Layer, b: Layer) -> Bool { a.depth < b.depth }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Parses a comma-separated list such as `background,waves`.
    public static func parseList(_ text: String) throws -> Set<Layer> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var layers = Set<Layer>()
        for name in names {
            guard let layer = Layer(rawValue: name), available.contains(layer) else {
                let valid = available.map(\.rawValue).joined(separator: ", ")
                throw ParseError(description: name.isEmpty
                    ? "the layer list '\(text)' has an empty entry; valid layers: \(valid)"
                    : "unknown layer '\(name)'; valid layers: \(valid)")
            }
            layers.insert(layer)
        }
        return layers
    }
}
