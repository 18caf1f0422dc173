import Foundation

/// Reads a descriptor (a child's standard error) to its end on its own
/// thread, keeps the last lines, and closes it. A read or close that fails
/// ends the collection with a line that says so.
public final class TailCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var tail: [String] = []
    private var partial: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)
    private let keep: Int

    public init(descriptor: FileDescriptor, keep: Int = 12) {
        self.keep = keep
        Thread.detachNewThread { [self] in
            collect(descriptor)
            done.signal()
        }
    }

    /// Reads `descriptor` to its end and closes it.
    private func collect(_ descriptor: FileDescriptor) {
        do {
            while true {
                let chunk = try descriptor.read()
                if chunk.isEmpty { break }
                append(chunk)
            }
        } catch {
            append(Array("\n(callshade: \(error))".utf8))
        }
        append([UInt8(ascii: "\n")])
        do {
            try descriptor.close()
        } catch {
            append(Array("(callshade: \(error))\n".utf8))
        }
    }

    private func append(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        for byte in bytes {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if !partial.isEmpty { tail.append(String(decoding: partial, as: UTF8.self)) }
                partial.removeAll(keepingCapacity: true)
                if tail.count > keep { tail.removeFirst(tail.count - keep) }
            } else if partial.count < 4096 {
                partial.append(byte)
            }
        }
    }

    public func waitForEnd() {
        done.wait()
    }

    public var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return tail
    }
}
