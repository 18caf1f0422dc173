import Foundation

/// A file the user named as input (a scenario, an avatar, a recording),
/// checked to be a regular file before it is opened and opened without
/// blocking: a FIFO nobody writes, a device or a socket is refused at once
/// instead of hanging `open` or reading without end. The check is repeated on
/// the open descriptor, so a path swapped in between is caught too.
public final class InputFile {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case missing(String)
        case folder(String)
        /// Exists but is not a regular file; `kind` says what it is ("a FIFO").
        case notRegular(String, kind: String)
        case tooLarge(String, size: Int64, limit: Int64)
        case system(String, SystemError)

        public var description: String {
            switch self {
            case .missing(let path), .folder(let path), .notRegular(let path, _), .tooLarge(let path, _, _):
                return "'\(path)': " + reason
            case .system(let path, _):
                return "cannot read '\(path)': " + reason
            }
        }

        /// What is wrong, without the path.
        public var reason: String {
            switch self {
            case .missing: return "no such file"
            case .folder: return "it is a folder"
            case .notRegular(_, let kind): return "it is \(kind), not a regular file; save it to a file first"
            case .tooLarge(_, let size, let limit): return "it is \(size) bytes, more than the \(limit) accepted"
            case .system(_, let error): return error.reason
            }
        }
    }

    public let path: String
    /// Open for reading (blocking again once checked), closed on exec and on deinit.
    public let descriptor: FileDescriptor
    /// The size when opened, in bytes.
    public let size: Int64

    /// Checks and opens `path`.
    public init(path: String) throws {
        let named: FileStatus
        do {
            named = try FileSystem.status(of: path)
        } catch {
            throw error.code == ENOENT ? Failure.missing(path) : Failure.system(path, error)
        }
        try Self.requireRegular(named.kind, path: path)
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, nonBlocking: true)
        } catch {
            throw Failure.system(path, error)
        }
        let opened: FileStatus
        do {
            opened = try descriptor.status()
            try Self.requireRegular(opened.kind, path: path)
            try descriptor.setBlocking(true)
        } catch {
            // The refusal is what to report; a read-only descriptor loses nothing when its close fails.
            try? descriptor.close()
            throw (error as? SystemError).map { Failure.system(path, $0) } ?? error
        }
        self.path = path
        self.descriptor = descriptor
        size = opened.size
    }

    deinit {
        // Nothing was written through it, so a failing close loses nothing,
        // and a deinit has no one to tell.
        try? descriptor.close()
    }

    /// A path other programs (ffmpeg) can open to read this same file, even
    /// if the name it was opened by has changed since: its descriptor in
    /// /proc, which they must inherit at `descriptor` (see `ChildProcess`).
    public static func procPath(descriptor: Int32) -> String { "/proc/self/fd/\(descriptor)" }

    /// The whole file, refused if it is larger than `limit` bytes (checked
    /// before reading, and again while reading, should it grow).
    public func readAll(limit: Int) throws -> [UInt8] {
        guard size <= Int64(limit) else { throw Failure.tooLarge(path, size: size, limit: Int64(limit)) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let offset = Int64(bytes.count)
            let read = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try descriptor.read(into: buffer, at: offset) }
            }
            let count: Int
            do {
                count = try read.get()
            } catch {
                throw Failure.system(path, error)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw Failure.tooLarge(path, size: Int64(bytes.count + count), limit: Int64(limit))
            }
            bytes.append(contentsOf: chunk.prefix(count))
        }
    }

    public static func requireRegular(_ kind: FileStatus.Kind, path: String) throws {
        switch kind {
        case .regular: return
        case .folder: throw Failure.folder(path)
        case .fifo: throw Failure.notRegular(path, kind: "a FIFO (named pipe) or pipe")
        case .characterDevice: throw Failure.notRegular(path, kind: "a character device")
        case .blockDevice: throw Failure.notRegular(path, kind: "a block device")
        case .socket: throw Failure.notRegular(path, kind: "a socket")
        case .symbolicLink, .other: throw Failure.notRegular(path, kind: "a special file")
        }
    }
}
