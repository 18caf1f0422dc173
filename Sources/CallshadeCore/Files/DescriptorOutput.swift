import Foundation

/// Writing whole buffers to a file descriptor with `write(2)`, so a failure
/// keeps its errno (a full disk says ENOSPC, not a generic write error).
public enum DescriptorOutput {
    /// Writes every byte of `bytes` to `descriptor`, going on after short
    /// writes and writes interrupted by a signal (EINTR). Throws the
    /// `SystemError` of the write that failed; a write that takes nothing
    /// counts as an I/O error (EIO), so the loop always ends.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let count = write(descriptor, base + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError.last("write")
            }
            guard count > 0 else { throw SystemError("write", code: EIO) }
            done += count
        }
    }
}
