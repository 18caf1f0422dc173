import CallshadeCore
import CallshadeSystem
import Foundation

/// Checks of output paths made before any work starts.
extension OutputPath {
    /// A PNG output: ends in .png, is not a folder, and its folder exists.
    static func checkPNG(_ path: String) throws {
        guard !path.isEmpty else { throw Diagnostic.output(.empty) }
        guard path.lowercased().hasSuffix(".png") else {
            throw Diagnostic.outputKind(path: path, rule: "must end in .png")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw Diagnostic.outputKind(path: path, rule: "is a folder")
        }
        do {
            _ = try AtomicFile(path: path)
        } catch {
            throw Diagnostic(error)
        }
    }
}
