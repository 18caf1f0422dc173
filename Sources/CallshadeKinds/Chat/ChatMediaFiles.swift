/// The files of one kind a chat scenario sends, each opened once before the
/// first frame (by `opening`), by path; a refusal names the send's field.
enum ChatMediaFiles {
    /// The files of the sends whose media `path` names (`kind`: the send object's key, for the field).
    static func load<File>(_ scenario: ChatScenario, kind: String, path: (ChatMedia) -> String?,
                           opening: (String) throws -> File) throws(MediaLoadError) -> [String: File] {
        var files: [String: File] = [:]
        for event in scenario.events.sorted(by: { $0.index < $1.index }) {
            guard case .send(_, _, _, let media?) = event.change, let file = path(media), files[file] == nil else { continue }
            do {
                files[file] = try opening(file)
            } catch {
                throw MediaLoadError(field: "events[\(event.index)].send.\(kind)", error: error)
            }
        }
        return files
    }
}

/// A voice message or round video the scenario sends that could not be decoded or is beyond the limits: where it is named, and why.
public struct MediaLoadError: Error, CustomStringConvertible {
    public let field: String
    public let error: any Error

    public var description: String { "\(field): \(error)" }
}
