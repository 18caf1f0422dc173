import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import CallshadeRender
import CallshadeSystem
import Foundation

/// A scenario as the studio shows it: read as `frame` and `render` read it,
/// and checked by preparing its preview frames (its fonts, recording,
/// videos, avatar, pattern or canvas picture), so that what does not
/// validate is refused with the error those commands give.
struct StudioScenario {
    let file: String
    let parsed: any ParsedScenario
    /// The frames' size: `--size`, else the scenario's.
    let fullSize: FrameSize
    /// The full size's aspect at most `previewWidth` wide.
    let previewSize: FrameSize
    let fps: Int
    /// The kind's layers, in `--layers`' order (none for a drawing: every layer is drawn).
    let layerNames: [String]
    /// The files whose change reloads it: the scenario and every file it names.
    let watchedFiles: [String]
    /// The frames at the preview's size showing every layer, made while checking it, and their warnings.
    let preview: KindFrames
    var previewFrames: any FrameScenes { preview.scenes }
    /// Where a chat's animation settings come from (nil for other kinds).
    let animation: StudioAnimationSource?

    /// The widest preview, in pixels.
    static let previewWidth = 390

    /// Reads and checks `file`; `options` give the avatar and point scale,
    /// `size` the frames' size (`--size`). With `settings`, a chat is read as
    /// if its `animation` were those settings written inline (the editor's
    /// settings, not yet saved): what `frame` draws with `"animation"` naming a file that holds them.
    init(file: String, rendering: StudioRendering, settings: ChatAnimationSettings? = nil) throws {
        let (options, size) = (rendering.choices, rendering.size)
        self.file = file
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        // Read and checked as every command reads it (its errors are theirs); then its JSON, for the settings.
        let plain = try ScenarioFile.loadAny(path: file)
        let root = plain is any SettingsDrivenScenario ? try Self.json(of: file) : nil
        animation = root.map { StudioAnimationSource($0, folder: folder) }
        if let settings, case .object(var top)? = root {
            top["animation"] = try SettingsFile.parse(Array(ChatAnimationSettingsWriter.text(settings).utf8), file: file)
            parsed = try ScenarioParser.parse(.object(top), file: file, folder: folder, namedFile: ScenarioFile.namedFile, kinds: SceneKinds.all, jsonFile: SettingsFile.json)
        } else {
            parsed = plain
        }
        let framed = try FramedScenarios.framed(parsed)
        fullSize = size ?? framed.defaultFrameSize
        previewSize = Self.preview(of: fullSize)
        fps = parsed.fps ?? 60
        let tags = SceneKinds.tags(of: parsed)
        layerNames = tags.map(\.name)
        preview = try framed.frames(FramesRequest(file: file, size: previewSize, layers: Set(tags), choices: options, reuse: try rendering.makeReuse()))
        // The scenario, the avatar given on the command line, what the kind reads, and a chat's settings file.
        watchedFiles = [file, options.avatarPath].compactMap { $0 } + framed.readFiles + [animation?.file].compactMap { $0 }
    }

    /// The JSON of a scenario file that `ScenarioFile.loadAny` has read (its errors are only for a file changed since).
    static func json(of file: String) throws -> JSONValue {
        try JSONReader.read(try InputFile(path: file).readAll(limit: ScenarioFile.maximumBytes), limits: ScenarioFile.limits)
    }

    /// The last frame number within the scenario: the largest n with n / fps at most its duration.
    var lastFrame: Int {
        var last = Int((parsed.duration * Double(fps)).rounded(.down))
        while last > 0, Self.time(ofFrame: last, fps: fps) > parsed.duration { last -= 1 }
        return max(last, 0)
    }

    /// The instant of frame `index` at `fps`, as `render` times its frames from 0.
    static func time(ofFrame index: Int, fps: Int) -> Double {
        Double(index) / Double(fps)
    }

    /// `size`'s aspect, at most `previewWidth` pixels wide.
    static func preview(of size: FrameSize) -> FrameSize {
        guard size.width > previewWidth else { return size }
        let height = max(1, Int((Double(size.height) * Double(previewWidth) / Double(size.width)).rounded()))
        return (try? FrameSize(width: previewWidth, height: height)) ?? size
    }

    /// The frames of `scenario` at `size` showing `layers`, prepared as
    /// `frame` and `render` prepare them for their kind.
    static func frames(of scenario: any ParsedScenario, file: String, size: FrameSize, layers: Set<SceneTag>,
                       options: SceneChoices, reuse: ReuseStore) throws -> KindFrames {
        try FramedScenarios.framed(scenario).frames(FramesRequest(file: file, size: size, layers: layers, choices: options, reuse: reuse))
    }
}
