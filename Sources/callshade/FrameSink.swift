import CallshadeCore
import CallshadePNG
import Foundation

/// Where a render's frames go. A sink writes nothing at its target path until
/// `finish`; `abandon` removes whatever it wrote so far.
protocol FrameSink: AnyObject {
    func write(_ image: RGBAImage, index: Int) throws
    func finish() throws
    func abandon()
}

/// PNG files `frame_000000.png`, ... in a folder. They are written into a
/// temporary folder beside the target, which takes the target's name when the
/// render is complete; the target must not exist yet, or be an empty folder.
final class PNGSequenceSink: FrameSink {
    let target: String
    let staging: String

    init(folder: String) throws {
        let url = URL(fileURLWithPath: folder)
        let parent = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIError("cannot write '\(folder)': the folder '\(parent)' does not exist")
        }
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CLIError("output '\(folder)' exists and is not a folder") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard contents.isEmpty else {
                throw CLIError("output folder '\(folder)' is not empty; give a new or empty folder")
            }
        }
        var template = Array((parent + "/." + url.lastPathComponent + ".partial-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else {
            throw CLIError("cannot write '\(folder)': \(String(cString: strerror(errno)))")
        }
        target = folder
        staging = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func fileName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    func write(_ image: RGBAImage, index: Int) throws {
        try PNGFile.write(image, to: staging + "/" + Self.fileName(index))
    }

    func finish() throws {
        chmod(staging, 0o755)
        _ = rmdir(target)   // an empty target folder gives way; anything else stays and rename fails
        guard rename(staging, target) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            throw CLIError("cannot move the finished frames to '\(target)': \(reason)")
        }
    }

    func abandon() {
        try? FileManager.default.removeItem(atPath: staging)
    }
}
