import Foundation

/// A new file in a folder this process made (a staged folder): created
/// exclusively, written whole, closed with its result checked. A failure
/// names the errno.
public enum NewFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw AtomicFile.Failure.cannotCreate(path, .last("open")) }
        do {
            try bytes.withUnsafeBytes { try DescriptorOutput.writeAll($0, to: descriptor) }
        } catch let error as SystemError {
            close(descriptor)
            throw AtomicFile.Failure.cannotWrite(path, error)
        }
        guard close(descriptor) == 0 else { throw AtomicFile.Failure.cannotWrite(path, .last("close")) }
    }
}
