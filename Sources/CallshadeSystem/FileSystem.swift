/// Operations on paths: status, temporary names, renames and removals. Each
/// throws the `SystemError` of the call that failed.
public enum FileSystem {
    /// What `stat` says of `path` (a symbolic link is followed).
    public static func status(of path: String) throws(SystemError) -> FileStatus {
        try SystemCalls.status(path: path)
    }

    /// What `lstat` says of `path` itself (a symbolic link is not followed).
    public static func linkStatus(of path: String) throws(SystemError) -> FileStatus {
        try SystemCalls.linkStatus(path: path)
    }

    /// The absolute path with every symbolic link resolved.
    public static func realPath(_ path: String) throws(SystemError) -> String {
        try SystemCalls.realPath(path)
    }

    /// A new, empty file named from `template` (ending in XXXXXX), open for
    /// writing and closed on exec; returns it and its path. Nothing is left
    /// behind when it fails.
    public static func makeTemporaryFile(template: String) throws(SystemError) -> (FileDescriptor, String) {
        let (number, path) = try SystemCalls.makeTemporaryFile(template: template)
        let descriptor = FileDescriptor(returned: number)
        do {
            try SystemCalls.setCloseOnExec(number)
        } catch {
            // The fcntl error is the one to report; close releases the number
            // whatever it returns, and the empty file goes with the unlink.
            try? descriptor.close()
            try? SystemCalls.unlink(path)
            throw error
        }
        return (descriptor, path)
    }

    /// A new folder named from `template` (ending in XXXXXX), readable only
    /// by its owner until its mode is changed; returns its path.
    public static func makeTemporaryFolder(template: String) throws(SystemError) -> String {
        try SystemCalls.makeTemporaryFolder(template: template)
    }

    public static func changeMode(of path: String, to permissions: UInt32) throws(SystemError) {
        try SystemCalls.changeMode(path: path, to: permissions)
    }

    /// Moves `source` to `target`, replacing what is there (a file, or an empty folder for a folder).
    public static func rename(_ source: String, to target: String) throws(SystemError) {
        try SystemCalls.rename(source, to: target)
    }

    /// Gives the file at `source` the second name `target`; fails with
    /// EEXIST when anything is there, so nothing is ever replaced.
    public static func link(_ source: String, to target: String) throws(SystemError) {
        try SystemCalls.link(source, to: target)
    }

    /// Removes a name of a file (unlink).
    public static func remove(_ path: String) throws(SystemError) {
        try SystemCalls.unlink(path)
    }

    /// Removes an empty folder.
    public static func removeFolder(_ path: String) throws(SystemError) {
        try SystemCalls.removeFolder(path)
    }
}
