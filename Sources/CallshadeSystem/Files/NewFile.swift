/// A new file in a folder this process made (a staged folder): created
/// exclusively, written whole, closed with its result checked. A failure
/// names the errno.
public enum NewFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .writeOnly, create: true, exclusive: true, permissions: 0o644)
        } catch {
            throw AtomicFile.Failure.cannotCreate(path, error)
        }
        do {
            try bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try descriptor.writeAll(buffer) } }.get()
        } catch {
            // The write's error is the one to report; the file is refused either way.
            try? descriptor.close()
            throw AtomicFile.Failure.cannotWrite(path, error)
        }
        do {
            try descriptor.close()
        } catch {
            throw AtomicFile.Failure.cannotWrite(path, error)
        }
    }
}
