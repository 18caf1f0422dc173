import CallshadeCore
import Foundation

/// Checks of output paths made before any work starts.
extension OutputPath {
    /// A PNG output: ends in .png, is not a folder, and its folder exists.
    static func checkPNG(_ path: String) throws {
        guard !path.isEmpty else { throw CLIError("the output path is empty") }
        guard path.lowercased().hasSuffix(".png") else {
            throw CLIError("output '\(path)' must end in .png")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CLIError("output '\(path)' is a folder")
        }
        do {
            _ = try AtomicFile(path: path)
        } catch {
            throw CLIError("\(error)")
        }
    }
}
