import Foundation
import PackagePlugin

/// Embeds the studio's page (the HTML, CSS and JavaScript files of the
/// target's `Page/` folder) into the target, as `StudioPageFiles.files`
/// (file name -> text): served from the binary, no build step, nothing fetched.
@main
struct EmbedStudioPage: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appendingPathComponent("Sources/\(target.name)/Page")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names
            .filter { [".html", ".css", ".js"].contains(where: $0.hasSuffix) }
            .sorted()
            .map { folder.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("StudioPageFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the studio's page (\(files.count) files of Page/)",
                executable: try context.tool(named: "FileEmbedder").url,
                arguments: [output.path, "StudioPageFiles"] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
