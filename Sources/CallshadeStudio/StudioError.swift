/// Why the studio cannot start: the command line's `Diagnostic` gives each its identifier.
public enum StudioError: Error, Equatable, CustomStringConvertible {
    /// An address it cannot listen on, or a port it cannot tell.
    case address(String)
    /// A `--host` that is not a numeric address.
    case host(given: String, expected: String)

    public var description: String {
        switch self {
        case .address(let text): return text
        case .host(let given, let expected): return "--host '\(given)' \(expected)"
        }
    }
}
