/// The studio's page: plain HTML, CSS and JavaScript in `Page/`, embedded
/// into the binary at build time (the EmbedStudioPage plugin), served as
/// they are: no build step, no library, nothing fetched but the studio's
/// own API. `Scripts/test` checks the script's syntax with `node --check`.
enum StudioPage {
    /// The page's file at `path` ("/" is index.html) and its content type; nil for any other path.
    static func file(at path: String) -> (contentType: String, body: [UInt8])? {
        let name = path == "/" ? "index.html" : String(path.dropFirst())
        guard path.hasPrefix("/"), let text = StudioPageFiles.files[name], let type = contentTypes.first(where: { name.hasSuffix($0.key) }) else {
            return nil
        }
        return (type.value, Array(text.utf8))
    }

    private static let contentTypes = [".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                                       ".js": "text/javascript; charset=utf-8"]
}
