import Foundation

/// What the studio notices of files on disk to tell that one changed:
/// each path's modification time (to the nanosecond where the file system
/// keeps it), size and file number, or that it is missing. Read by polling;
/// nothing here reads a clock.
struct FileStamps: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        let modified: Date?
        let size: UInt64?
        let fileNumber: UInt64?
    }

    let stamps: [String: Stamp]

    /// The stamps of `paths` as they are now.
    init(_ paths: [String]) {
        var stamps: [String: Stamp] = [:]
        for path in paths {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            stamps[path] = Stamp(modified: attributes?[.modificationDate] as? Date,
                                 size: (attributes?[.size] as? NSNumber)?.uint64Value,
                                 fileNumber: (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value)
        }
        self.stamps = stamps
    }
}
