import CallshadeCore

/// What a command asks of a scenario's kind for its frames.
public struct FramesRequest {
    /// The scenario file: for errors, and the files it names.
    public let file: String
    public let size: FrameSize
    /// The layers shown, of the scenario's own kind.
    public let layers: Set<SceneTag>
    public let choices: SceneChoices
    public var dither: Bool
    public let reuse: ReuseStore

    public init(file: String, size: FrameSize, layers: Set<SceneTag>, choices: SceneChoices = SceneChoices(), dither: Bool = false,
                reuse: ReuseStore) {
        self.file = file
        self.size = size
        self.layers = layers
        self.choices = choices
        self.dither = dither
        self.reuse = reuse
    }
}

/// A kind's frames as the commands render them: the scenes at any instant,
/// and what a call brings besides (its recording, its audio file, the
/// warnings met while drawing, for the caller to say).
public struct KindFrames {
    public var scenes: any FrameScenes
    public var recording: Recording?
    public var audioPath: String?
    /// The warnings met while drawing since it was last asked, each once (a
    /// video's damaged data); the library says nothing itself.
    public var warnings: () -> [String]

    public init(scenes: any FrameScenes, recording: Recording? = nil, audioPath: String? = nil, warnings: @escaping () -> [String] = { [] }) {
        self.scenes = scenes
        self.recording = recording
        self.audioPath = audioPath
        self.warnings = warnings
    }
}

/// A scenario whose frames `frame`, `render`, `sheet`, `compare`, the studio
/// and `RenderJob` draw: every kind's (CallshadeKinds), so that none of them
/// names a kind.
public protocol FramedScenario: ParsedScenario {
    /// Its kind (its `--layers` tags, its name).
    var kind: any SceneKind { get }
    /// The size its frames take without `--size`.
    var defaultFrameSize: FrameSize { get }
    /// The files its frames read besides the scenario file (pictures,
    /// recordings, videos): what the studio watches to draw again.
    var readFiles: [String] { get }
    /// Its frames for `request`; throws what would stop them (a font without
    /// the name's characters, a broken picture or pattern).
    func frames(_ request: FramesRequest) throws -> KindFrames
}

public enum FramedScenarios {
    /// `scenario` as a `FramedScenario`; every registered kind's is one
    /// (once CallshadeKinds is linked).
    public static func framed(_ scenario: any ParsedScenario) throws -> any FramedScenario {
        guard let framed = scenario as? any FramedScenario else { throw FramesError.notDrawable(kind: scenario.scene) }
        return framed
    }
}
