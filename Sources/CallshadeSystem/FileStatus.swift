/// What `stat` says about a file that callshade needs: its kind and size.
public struct FileStatus: Equatable, Sendable {
    /// The file types of `st_mode`.
    public enum Kind: Equatable, Sendable {
        case regular, folder, symbolicLink, fifo, characterDevice, blockDevice, socket, other
    }

    public let kind: Kind
    /// The size in bytes (of a regular file; other kinds say little here).
    public let size: Int64

    init(kind: Kind, size: Int64) {
        self.kind = kind
        self.size = size
    }
}
