/// Pipes, between this process and its children.
extension FileDescriptor {
    /// A new pipe, both ends closed on exec (a child gets an end only where
    /// it is handed over explicitly). Nothing is left open when it fails.
    public static func pipe() throws(SystemError) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        let (read, write) = try SystemCalls.pipe()
        let ends = (readEnd: FileDescriptor(returned: read), writeEnd: FileDescriptor(returned: write))
        do {
            try SystemCalls.setCloseOnExec(read)
            try SystemCalls.setCloseOnExec(write)
        } catch {
            // The fcntl error is the one to report; both numbers are released
            // by close whatever it returns.
            try? ends.readEnd.close()
            try? ends.writeEnd.close()
            throw error
        }
        return ends
    }

    /// Asks for a buffer of `bytes` for the pipe this is an end of (Linux's
    /// F_SETPIPE_SZ, capped by /proc/sys/fs/pipe-max-size), so whole frames
    /// cross in a few writes instead of sixteen wake-ups a megabyte; returns
    /// the size granted.
    @discardableResult
    public func growPipe(to bytes: Int) throws(SystemError) -> Int {
        try SystemCalls.setPipeSize(rawValue, bytes: bytes)
    }
}
