import Glibc

/// The thin layer between Swift and the C library: the only place in the
/// package that calls its file, descriptor, stream, process and signal
/// functions (this file: files and descriptors; `SystemCalls+Processes`:
/// children, signals and exits). Each wrapper makes one call, retries it
/// where it was interrupted by a signal (EINTR) and retrying is right, checks
/// its result and throws a `SystemError` naming the call, with its errno.
/// Numbers in, numbers out: `FileDescriptor`, `FileSystem`, `Subprocess` and
/// `ThisProcess` are the typed API above it.
enum SystemCalls {
    /// The C library's text for an errno value, as it says it ("No space left on device").
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The error of the call that just failed (reads errno).
    static func lastError(_ call: String) -> SystemError {
        SystemError(call, code: errno)
    }

    /// Runs `body` again while it fails with EINTR; any other failure (a
    /// result of -1) throws, naming `call`.
    static func retrying<Result: FixedWidthInteger>(_ call: String, _ body: () -> Result) throws(SystemError) -> Result {
        while true {
            let result = body()
            if result != -1 { return result }
            if errno != EINTR { throw lastError(call) }
        }
    }

    /// Throws, naming `call`, unless `result` is 0.
    static func checkZero(_ call: String, _ result: Int32) throws(SystemError) {
        guard result == 0 else { throw lastError(call) }
    }

    // MARK: Descriptors

    static func open(_ path: String, flags: Int32, mode: UInt32) throws(SystemError) -> Int32 {
        try retrying("open") { Glibc.open(path, flags, mode_t(mode)) }
    }

    /// Closes `descriptor`. On Linux the number is released even when close
    /// reports EINTR, so that is not retried (the number may already be
    /// another file's) and not a failure.
    static func close(_ descriptor: Int32) throws(SystemError) {
        guard Glibc.close(descriptor) != 0, errno != EINTR else { return }
        throw lastError("close")
    }

    /// Reads into `buffer`; 0 is the end of the file.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try retrying("read") { Glibc.read(descriptor, base, buffer.count) }
    }

    /// Reads into `buffer` from `offset`, leaving the file position alone; 0 is the end of the file.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer,
                     at offset: Int64) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try retrying("pread") { Glibc.pread(descriptor, base, buffer.count, off_t(offset)) }
    }

    /// Writes some of `bytes`; returns how many were taken.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        return try retrying("write") { Glibc.write(descriptor, base, bytes.count) }
    }

    static func status(_ descriptor: Int32) throws(SystemError) -> FileStatus {
        var status = stat()
        try checkZero("fstat", fstat(descriptor, &status))
        return fileStatus(status)
    }

    /// The file status flags (O_NONBLOCK, ...).
    static func statusFlags(_ descriptor: Int32) throws(SystemError) -> Int32 {
        try retrying("fcntl(F_GETFL)") { fcntl(descriptor, F_GETFL) }
    }

    static func setStatusFlags(_ descriptor: Int32, _ flags: Int32) throws(SystemError) {
        _ = try retrying("fcntl(F_SETFL)") { fcntl(descriptor, F_SETFL, flags) }
    }

    static func setCloseOnExec(_ descriptor: Int32) throws(SystemError) {
        _ = try retrying("fcntl(F_SETFD)") { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    }

    /// Whether `descriptor` is an open descriptor of this process.
    static func isOpen(_ descriptor: Int32) throws(SystemError) -> Bool {
        guard fcntl(descriptor, F_GETFD) < 0 else { return true }
        guard errno == EBADF else { throw lastError("fcntl(F_GETFD)") }
        return false
    }

    /// A new descriptor on the same open file, closed on exec.
    static func duplicate(_ descriptor: Int32) throws(SystemError) -> Int32 {
        try retrying("fcntl(F_DUPFD_CLOEXEC)") { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }
    }

    /// Makes `target` a descriptor on the same open file as `descriptor`.
    static func duplicate(_ descriptor: Int32, onto target: Int32) throws(SystemError) {
        _ = try retrying("dup2") { dup2(descriptor, target) }
    }

    /// Moves the file position to `offset` bytes from the start.
    static func seek(_ descriptor: Int32, to offset: Int64) throws(SystemError) {
        _ = try retrying("lseek") { lseek(descriptor, off_t(offset), SEEK_SET) }
    }

    static func changeMode(_ descriptor: Int32, to mode: UInt32) throws(SystemError) {
        try checkZero("fchmod", fchmod(descriptor, mode_t(mode)))
    }

    /// Asks for a pipe buffer of `bytes` (Linux's F_SETPIPE_SZ, which Glibc
    /// does not export to Swift); returns the size granted.
    static func setPipeSize(_ descriptor: Int32, bytes: Int) throws(SystemError) -> Int {
        let setPipeSize: Int32 = 1031   // F_LINUX_SPECIFIC_BASE + 7
        return Int(try retrying("fcntl(F_SETPIPE_SZ)") { fcntl(descriptor, setPipeSize, Int32(clamping: bytes)) })
    }

    /// A pipe: (read end, write end), neither closed on exec yet.
    static func pipe() throws(SystemError) -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        try checkZero("pipe", Glibc.pipe(&ends))
        return (ends[0], ends[1])
    }

    /// Whether `descriptor` is a terminal; isatty's only failures (not a
    /// terminal, not open) both mean it is not one.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The kind and size of a file from its `stat` record.
    static func fileStatus(_ status: stat) -> FileStatus {
        let kind: FileStatus.Kind
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        return FileStatus(kind: kind, size: Int64(status.st_size))
    }

    // MARK: Streams

    /// A stdio stream on `descriptor`, which it then owns (closing the stream closes it).
    static func openStream(_ descriptor: Int32, mode: String) throws(SystemError) -> UnsafeMutablePointer<FILE> {
        guard let stream = fdopen(descriptor, mode) else { throw lastError("fdopen") }
        return stream
    }

    /// Closes a stream and its descriptor; not retried (the stream is gone either way).
    static func closeStream(_ stream: UnsafeMutablePointer<FILE>) throws(SystemError) {
        try checkZero("fclose", fclose(stream))
    }

    // MARK: Paths

    static func status(path: String) throws(SystemError) -> FileStatus {
        var status = stat()
        try checkZero("stat", stat(path, &status))
        return fileStatus(status)
    }

    /// The status of `path` itself, a symbolic link included (not followed).
    static func linkStatus(path: String) throws(SystemError) -> FileStatus {
        var status = stat()
        try checkZero("lstat", lstat(path, &status))
        return fileStatus(status)
    }

    /// The absolute path with every symbolic link resolved.
    static func realPath(_ path: String) throws(SystemError) -> String {
        guard let resolved = realpath(path, nil) else { throw lastError("realpath") }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates a new file from a template ending in XXXXXX; returns its
    /// descriptor (not yet closed on exec) and its path.
    static func makeTemporaryFile(template: String) throws(SystemError) -> (Int32, String) {
        var name = Array(template.utf8CString)
        let descriptor = name.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw lastError("mkstemp") }
        return (descriptor, text(of: name))
    }

    /// Creates a new folder from a template ending in XXXXXX; returns its path.
    static func makeTemporaryFolder(template: String) throws(SystemError) -> String {
        var name = Array(template.utf8CString)
        let made = name.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw lastError("mkdtemp") }
        return text(of: name)
    }

    /// The text of a NUL-terminated name a call filled in.
    private static func text(of name: [CChar]) -> String {
        String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func changeMode(path: String, to mode: UInt32) throws(SystemError) {
        try checkZero("chmod", chmod(path, mode_t(mode)))
    }

    static func rename(_ source: String, to target: String) throws(SystemError) {
        try checkZero("rename", Glibc.rename(source, target))
    }

    /// A second name for a file; fails with EEXIST if anything is at `target`.
    static func link(_ source: String, to target: String) throws(SystemError) {
        try checkZero("link", Glibc.link(source, target))
    }

    static func unlink(_ path: String) throws(SystemError) {
        try checkZero("unlink", Glibc.unlink(path))
    }

    static func removeFolder(_ path: String) throws(SystemError) {
        try checkZero("rmdir", rmdir(path))
    }
}
