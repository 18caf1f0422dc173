import CallshadeCore
import CallshadePNG
import Foundation

/// Builds the hostile cases' inputs in a scratch folder: files made byte by
/// byte (PNG, WAV, JSON), FIFOs, device nodes and small tmpfs mounts (the
/// last two only as root; `nil` otherwise, and the case is skipped).
final class HostileInputs {
    let folder: URL
    private var mounts: [String] = []
    let isRoot = geteuid() == 0

    init(_ name: String) throws {
        folder = try TestPaths.scratchFolder(name)
    }

    deinit {
        for mount in mounts.reversed() {
            _ = try? Tools.run("umount", ["-l", mount])
        }
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A file with these bytes.
    @discardableResult
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        return path(name)
    }

    func text(_ name: String, _ text: String) throws -> String { try file(name, Array(text.utf8)) }

    /// A file of `size` bytes that takes no disk (a hole), made with ftruncate.
    func sparse(_ name: String, size: Int64) throws -> String {
        let descriptor = open(path(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0, ftruncate(descriptor, off_t(size)) == 0 else { throw SystemFailure(call: "ftruncate") }
        close(descriptor)
        return path(name)
    }

    func fifo(_ name: String) throws -> String {
        guard mkfifo(path(name), 0o644) == 0 else { throw SystemFailure(call: "mkfifo") }
        return path(name)
    }

    /// A character device like /dev/null (1, 3), or nil when not root.
    func characterDevice(_ name: String) throws -> String? {
        guard isRoot else { return nil }
        guard mknod(path(name), S_IFCHR | 0o666, dev_t(1 << 8 | 3)   /* makedev(1, 3) */) == 0 else { throw SystemFailure(call: "mknod") }
        return path(name)
    }

    /// A listening Unix socket's path.
    func socket(_ name: String) throws -> String {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path(name).utf8)
        guard descriptor >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw SystemFailure(call: "socket") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw SystemFailure(call: "bind") }
        close(descriptor)
        return path(name)
    }

    func symlink(_ name: String, to target: String) throws -> String {
        guard Glibc.symlink(target, path(name)) == 0 else { throw SystemFailure(call: "symlink") }
        return path(name)
    }

    func folder(_ name: String, containing files: [String] = []) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for file in files { try Data("keep".utf8).write(to: url.appendingPathComponent(file)) }
        return url.path
    }

    /// A tmpfs of `kilobytes`, read-only when asked; nil when not root or mounting fails.
    func tmpfs(_ name: String, kilobytes: Int, readOnly: Bool = false) throws -> String? {
        guard isRoot else { return nil }
        let mountPoint = try folder(name)
        let options = "size=\(kilobytes)k" + (readOnly ? ",ro" : "")
        guard (try? Tools.run("mount", ["-t", "tmpfs", "-o", options, "tmpfs", mountPoint]).status) == 0 else { return nil }
        mounts.append(mountPoint)
        return mountPoint
    }

    // MARK: Contents

    /// A scenario's JSON with `extra` members added to the top object.
    static func scenario(duration: Double = 2, events: String = "[{\"at\": 0, \"state\": \"active\"}]", extra: String = "") -> String {
        "{\"duration\": \(duration), \"events\": \(events)\(extra.isEmpty ? "" : ", " + extra)}"
    }

    /// `count` small events, as a JSON list.
    static func events(_ count: Int) -> String {
        var text = "["
        text.reserveCapacity(count * 34)
        for index in 0..<count {
            if index > 0 { text += "," }
            text += "{\"at\": \(Double(index % 1000) / 1000), \"level\": \(index % 5)}"
        }
        return text + "]"
    }

    /// PNG bytes of a uniform image.
    static func png(width: Int, height: Int, scratch: String) throws -> [UInt8] {
        try PNGFile.write(RGBAImage(width: width, height: height, fill: (40, 90, 200, 255)), to: scratch)
        defer { unlink(scratch) }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch)))
    }

    /// A 16-bit mono WAV of `samples` samples of a square wave at `rate` Hz.
    static func wav(rate: UInt32 = 8000, samples: Int, header: Bool = true) -> [UInt8] {
        let data = (0..<samples).flatMap { index -> [UInt8] in
            let value: Int16 = (index / 20) % 2 == 0 ? 8000 : -8000
            return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        }
        guard header else { return data }
        return Array("RIFF".utf8) + littleEndian(UInt32(36 + data.count)) + Array("WAVEfmt ".utf8)
            + littleEndian(16) + [1, 0, 1, 0] + littleEndian(rate) + littleEndian(rate * 2) + [2, 0, 16, 0]
            + Array("data".utf8) + littleEndian(UInt32(data.count)) + data
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
