import Foundation
import PackagePlugin

/// Embeds every file of the package's `Shaders/` folder into the target that
/// uses this plugin, as `EmbeddedShaders.files` (file name -> source text).
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaderFolder = context.package.directoryURL.appendingPathComponent("Shaders")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shaderFolder.path)) ?? []
        let shaders = names
            .filter { [".vert", ".frag", ".glsl"].contains(where: $0.hasSuffix) }
            .sorted()
            .map { shaderFolder.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(shaders.count) shaders from Shaders/",
                executable: try context.tool(named: "FileEmbedder").url,
                arguments: [output.path, "EmbeddedShaders"] + shaders.map(\.path),
                inputFiles: shaders,
                outputFiles: [output]
            ),
        ]
    }
}
