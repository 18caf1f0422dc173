/// How a child process ended.
public enum ChildExit: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    /// Decodes a wait status (as WIFEXITED, WEXITSTATUS and WTERMSIG do;
    /// stopped children are never waited for here).
    init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    public var succeeded: Bool { self == .exited(0) }

    public var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signalled(let signal): return "was killed by signal \(signal)"
        }
    }
}
