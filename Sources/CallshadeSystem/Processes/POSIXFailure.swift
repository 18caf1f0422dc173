import Foundation

/// Failures of the pipes and child processes behind video and audio.
public enum POSIXFailure: Error, Equatable, CustomStringConvertible {
    /// The reader of a pipe went away (EPIPE).
    case closed
    case call(String, code: Int32)

    /// The failure a system error means here: EPIPE is a reader gone away.
    public init(_ error: SystemError) {
        self = error.code == EPIPE ? .closed : .call(error.call, code: error.code)
    }

    public var description: String {
        switch self {
        case .closed: return "the reader of the output went away"
        case .call(let name, let code): return "\(name) failed: \(SystemError(name, code: code).systemText)"
        }
    }
}

extension FileDescriptor {
    /// Writes every byte to a pipe or stream (see `writeAll`); a reader that
    /// went away is `.closed`.
    public func send(_ bytes: UnsafeRawBufferPointer) throws(POSIXFailure) {
        do {
            try writeAll(bytes)
        } catch {
            throw POSIXFailure(error)
        }
    }
}
