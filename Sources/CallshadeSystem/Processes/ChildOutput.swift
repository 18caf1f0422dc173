extension ChildProcess {
    /// Runs `executable` to its end with its standard output on a pipe,
    /// handing each chunk read to `consume`; returns the finished child and
    /// how it ended. A read that fails kills it, and throws. With `cleanup`,
    /// a stop kills it.
    public static func run(executable: String, arguments: [String], inheriting: FileDescriptor? = nil,
                           cleanup: StopCleanup? = nil, consume: ([UInt8]) -> Void) throws -> (child: ChildProcess, exit: ChildExit) {
        let output = try FileDescriptor.pipe()
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: executable, arguments: arguments, standardOutput: output.writeEnd,
                                     inheriting: inheriting, cleanup: cleanup)
        } catch {
            // Starting it is what failed; the pipe was made for it alone.
            _ = closeAll([output.readEnd, output.writeEnd])
            throw error
        }
        // Our write end must close first, or the read never sees the end of the file.
        let read = Result { () throws(SystemError) in
            try output.writeEnd.close()
            while true {
                let chunk = try output.readEnd.read()
                if chunk.isEmpty { return }
                consume(chunk)
            }
        }
        let closed = Result { () throws(SystemError) in try output.readEnd.close() }
        do {
            try read.get()
            try closed.get()
        } catch {
            child.kill()
            throw error
        }
        return (child, try child.finish())
    }
}
