import Foundation

/// An errno value from a failed system call, with the call's name: its text
/// says both what happened and the errno's symbol, so a full disk reads
/// "no space left on device (ENOSPC)", not a generic write error.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// The call that failed, for example `write` or `rename`.
    public let call: String
    public let code: Int32

    public init(_ call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// What the C library says for the code, as it says it: "No space left on device".
    public var systemText: String { SystemCalls.errorText(code) }

    /// What went wrong, without the call: "no space left on device (ENOSPC)".
    public var reason: String {
        let text = systemText
        let lowered = text.prefix(1).lowercased() + text.dropFirst()
        return Self.symbols[code].map { "\(lowered) (\($0))" } ?? lowered
    }

    public var description: String { "\(call) failed: \(reason)" }

    /// The reader of a pipe or stream went away (EPIPE): a consumer of the
    /// output that stopped reading, or a child process that ended.
    public var isReaderGone: Bool { code == EPIPE }

    /// The symbols of the errors a file or pipe operation can meet.
    static let symbols: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", EBADF: "EBADF", ENOMEM: "ENOMEM", EACCES: "EACCES",
        EBUSY: "EBUSY", EEXIST: "EEXIST", EXDEV: "EXDEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL",
        ENFILE: "ENFILE", EMFILE: "EMFILE", ETXTBSY: "ETXTBSY", EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS",
        EPIPE: "EPIPE", ENAMETOOLONG: "ENAMETOOLONG", ELOOP: "ELOOP", ENOTEMPTY: "ENOTEMPTY", EDQUOT: "EDQUOT",
        ENXIO: "ENXIO", EAGAIN: "EAGAIN", EINTR: "EINTR",
    ]
}
