import CallshadeCore
import CallshadeRender

/// What a command asks of a scenario's kind for its frames.
struct FramesRequest {
    /// The scenario file: for errors, and the files it names.
    let file: String
    let size: FrameSize
    /// The layers shown, of the scenario's own kind (`LayerOptions.layers(for:)`).
    let layers: Set<SceneTag>
    let options: SceneOptions
    var dither = false
    let reuse: ReuseStore
}

/// A kind's frames as the commands render them: the scenes at any instant,
/// and what a call brings besides (its recording, its audio file, the video
/// warnings said once the frames are done).
struct KindFrames {
    var scenes: any FrameScenes
    var recording: Recording?
    var audioPath: String?
    /// Said after the frames (a video's warnings).
    var afterwards: () -> Void = {}
}

/// A scenario whose frames `frame`, `render`, `sheet` and the studio draw:
/// every kind's, each in its own file of `Frames/`, so that no command names one.
protocol FramedScenario: ParsedScenario {
    /// The size its frames take without `--size`.
    var defaultFrameSize: FrameSize { get }
    /// The files its frames read besides the scenario file (pictures,
    /// recordings, videos): what the studio watches to draw again.
    var readFiles: [String] { get }
    /// Its frames for `request`; throws what would stop them (a font without
    /// the name's characters, a broken picture or pattern).
    func frames(_ request: FramesRequest) throws -> KindFrames
}

enum FramedScenarios {
    /// `scenario` as a `FramedScenario`; every registered kind's is one.
    static func framed(_ scenario: any ParsedScenario) throws -> any FramedScenario {
        guard let framed = scenario as? any FramedScenario else {
            throw Diagnostic.internalError("a scenario of kind \(scenario.scene) cannot be drawn")
        }
        return framed
    }
}
