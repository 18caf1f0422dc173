import Foundation

/// An open file descriptor of this process: a number the kernel gave
/// (non-negative by construction: only the calls layer makes one, from a
/// call that succeeded), or one of the three standard ones. It does not close
/// itself: whoever opens one closes it once, with `close`, and checks the result.
public struct FileDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The number, for a C library that takes descriptors (libsndfile, GBM).
    public let rawValue: Int32

    /// Wraps a number a successful call returned.
    init(returned rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let standardInput = FileDescriptor(returned: 0)
    public static let standardOutput = FileDescriptor(returned: 1)
    public static let standardError = FileDescriptor(returned: 2)

    public var description: String { "descriptor \(rawValue)" }

    /// How a file is opened.
    public enum Access: Sendable {
        case readOnly, writeOnly, readWrite
    }

    /// Opens `path`, closed on exec. With `create`, a new file is made with
    /// `permissions` (and `exclusive` refuses one that exists);
    /// `nonBlocking` keeps the open and reads from waiting (a FIFO, a device).
    public static func open(_ path: String, _ access: Access, create: Bool = false, exclusive: Bool = false,
                            nonBlocking: Bool = false, permissions: UInt32 = 0o644) throws(SystemError) -> FileDescriptor {
        var flags = O_CLOEXEC | O_NOCTTY
        switch access {
        case .readOnly: flags |= O_RDONLY
        case .writeOnly: flags |= O_WRONLY
        case .readWrite: flags |= O_RDWR
        }
        if create { flags |= O_CREAT }
        if exclusive { flags |= O_EXCL }
        if nonBlocking { flags |= O_NONBLOCK }
        return FileDescriptor(returned: try SystemCalls.open(path, flags: flags, mode: permissions))
    }

    /// Closes it; a failure (EIO, and on NFS or over quota, ENOSPC or EDQUOT)
    /// means data written may be lost, so it is an error to report.
    public func close() throws(SystemError) {
        try SystemCalls.close(rawValue)
    }

    /// Reads into `buffer`, going on after an interrupted read; returns the
    /// bytes read, 0 only at the end of the file. An error throws.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        try SystemCalls.read(rawValue, into: buffer)
    }

    /// Up to `capacity` bytes; empty only at the end of the file. An error throws.
    public func read(upTo capacity: Int = 65536) throws(SystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = try buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try self.read(into: raw) } }.get()
        buffer.removeSubrange(count...)
        return buffer
    }

    /// Reads into `buffer` from byte `offset` of the file, its position left
    /// alone; 0 only at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemError) -> Int {
        try SystemCalls.read(rawValue, into: buffer, at: offset)
    }

    /// Writes every byte of `bytes`, going on after short writes and writes
    /// interrupted by a signal. Throws the error of the write that failed; a
    /// write that takes nothing counts as an I/O error (EIO), so it always ends.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var done = 0
        while done < bytes.count {
            let count = try SystemCalls.write(rawValue, UnsafeRawBufferPointer(rebasing: bytes[done...]))
            guard count > 0 else { throw SystemError("write", code: EIO) }
            done += count
        }
    }

    /// What `fstat` says of the open file.
    public func status() throws(SystemError) -> FileStatus {
        try SystemCalls.status(rawValue)
    }

    /// Makes reads wait for data (clears O_NONBLOCK), or not.
    public func setBlocking(_ blocking: Bool) throws(SystemError) {
        let flags = try SystemCalls.statusFlags(rawValue)
        try SystemCalls.setStatusFlags(rawValue, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK)
    }

    /// A second descriptor on the same open file (sharing its position), closed on exec.
    public func duplicate() throws(SystemError) -> FileDescriptor {
        FileDescriptor(returned: try SystemCalls.duplicate(rawValue))
    }

    /// Moves the file position to `offset` bytes from the start.
    public func seek(to offset: Int64) throws(SystemError) {
        try SystemCalls.seek(rawValue, to: offset)
    }

    /// Sets the permission bits of the open file.
    public func changeMode(to permissions: UInt32) throws(SystemError) {
        try SystemCalls.changeMode(rawValue, to: permissions)
    }

    /// Whether it is a terminal.
    public var isTerminal: Bool { SystemCalls.isTerminal(rawValue) }
}
