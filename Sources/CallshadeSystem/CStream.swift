import Foundation

/// A C stdio stream for reading, on a descriptor of its own, for a C library
/// that reads `FILE`s (libpng). Closing it closes that descriptor only.
public struct CStream {
    public typealias Pointer = UnsafeMutablePointer<FILE>

    /// The stream, for the C library; valid until `close`.
    public let pointer: Pointer

    /// A stream on a duplicate of `descriptor` (closed on exec like every
    /// descriptor here), so `descriptor` stays open when the stream closes.
    public init(reading descriptor: FileDescriptor) throws(SystemError) {
        let duplicate = try descriptor.duplicate()
        do {
            pointer = try SystemCalls.openStream(duplicate.rawValue, mode: "rb")
        } catch {
            // fdopen's error is the one to report; the duplicate is released either way.
            try? duplicate.close()
            throw error
        }
    }

    /// Closes the stream and its descriptor, once.
    public func close() throws(SystemError) {
        try SystemCalls.closeStream(pointer)
    }
}
