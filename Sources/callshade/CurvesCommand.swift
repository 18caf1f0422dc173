import ArgumentParser
import CallshadeCore
import CallshadeJSON
import CallshadeKinds
import CallshadePNG
import CallshadeReport
import CallshadeSystem
import Foundation

/// `callshade curves`: a chat's animation settings drawn for review (chat, section 5).
struct CurvesCommand: StoppableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curves",
        abstract: "Draw the chat's animation settings: each property's curve, window and handles.",
        discussion: """
        A 1000 x 160 px row per property: frames across, progress up, the curve in \
        blue, the window's limits dashed, the bezier's handles as dots. FILE is a \
        settings file or a chat scenario (its settings: "contest", a settings file \
        or an inline object; the shipped curves have no settings form).

        Examples:
          callshade curves Examples/chat-settings.json --type smallMessage -o curves.png
          callshade curves Examples/chat-settings.json -o all-curves.png
        """
    )

    @Argument(help: ArgumentHelp("A settings file or a chat scenario (JSON).", valueName: "FILE"))
    var file: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "OUT.png"))
    var output: String

    @Option(name: .customLong("type"), help: ArgumentHelp("Only this block (smallMessage, bigMessage, singleEmoji, background, linkPreview, "
                                                         + "sticker, voiceMessage, videoMessage).", valueName: "NAME"))
    var type: String?

    func validate() throws {
        if let type, !ChatAnimationSettings.defaults.blocks.contains(where: { $0.name == type }) {
            throw Diagnostic.optionValue(option: "--type", given: type,
                                         expected: "is not a block; valid blocks: \(ChatAnimationSettings.defaults.blocks.map(\.name).joined(separator: ", "))")
        }
        try OutputPath.checkPNG(output)
    }

    func perform(cleanup: StopCleanup) throws {
        let settings = try Self.settings(in: file)
        let blocks = settings.blocks.filter { type == nil || $0.name == type }
        let picture = SettingsCurves.picture(blocks, text: try TextRenderer(pixelHeight: 15))
        try PNGFile.write(picture, to: output, cleanup: cleanup)
    }

    /// The settings a file holds: a settings file's, or a chat scenario's.
    static func settings(in file: String) throws -> ChatAnimationSettings {
        // A scenario names its scene; settings name their format.
        let bytes = try InputFile(path: file).readAll(limit: ScenarioFile.maximumBytes)
        if case .object(let top)? = try? JSONReader.read(bytes, limits: ScenarioFile.limits), top["scene"] == nil {
            return try ChatAnimationSettingsReader(file: file).settings(try SettingsFile.parse(bytes, file: file))
        }
        guard let driven = try ScenarioFile.loadAny(path: file) as? any SettingsDrivenScenario else {
            throw ScenarioError(file: file, location: "scene", "curves draws a chat's animation settings (this scenario is not a chat)")
        }
        guard let settings = driven.animationSettings else {
            throw ScenarioError(file: file, location: "animation", "the shipped curves have no settings form; give \"contest\", a settings file or an object")
        }
        return settings
    }
}
