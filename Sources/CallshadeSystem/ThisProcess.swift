import Foundation

/// This process: its id, what it does with signals, its standard
/// descriptors, and how it ends.
public enum ThisProcess {
    public static var id: Int32 { SystemCalls.processID }

    /// CPU seconds (user plus system) used so far by this process's threads
    /// and by its children that have been waited for: on a shared machine,
    /// what a piece of work cost whatever else ran beside it.
    public static func cpuSeconds() throws(SystemError) -> (own: Double, children: Double) {
        (try SystemCalls.cpuSeconds(children: false), try SystemCalls.cpuSeconds(children: true))
    }

    /// Ignores `signal` from now on (SIGPIPE: writes to a closed pipe then
    /// fail with EPIPE instead of ending the process).
    public static func ignore(signal: Int32) throws(SystemError) {
        try SystemCalls.ignore(signal: signal)
    }

    /// Opens /dev/null on each of the standard descriptors 0, 1 and 2 that
    /// is closed, so that no file opened later takes its number (frames meant
    /// for standard output would otherwise go into that file). They stay open
    /// on exec, as standard descriptors do. Returns those that were closed:
    /// output asked for on standard output would go to /dev/null unseen.
    public static func reopenClosedStandardStreams() throws(SystemError) -> Set<FileDescriptor> {
        var closed: Set<FileDescriptor> = []
        for number: Int32 in 0...2 {
            guard try !SystemCalls.isOpen(number) else { continue }
            closed.insert(FileDescriptor(returned: number))
            let opened = try SystemCalls.open("/dev/null", flags: number == 0 ? O_RDONLY : O_WRONLY, mode: 0)
            // The lowest free number is taken, so this is `number` unless a
            // lower one was closed too (and is reopened first, above).
            if opened != number {
                try SystemCalls.duplicate(opened, onto: number)
                try SystemCalls.close(opened)
            }
        }
        return closed
    }

    /// Ends the process with `code`, flushing standard output first.
    public static func exit(_ code: Int32) -> Never {
        SystemCalls.exit(code)
    }

    /// Ends the process with `code` at once (from a signal's handler, while
    /// other threads may be anywhere).
    public static func exitImmediately(_ code: Int32) -> Never {
        SystemCalls.exitImmediately(code)
    }
}
