import CallshadeCore
import CallshadeRender

/// A call's frames: its recording's voice, its videos, its avatar.
extension Scenario: FramedScenario {
    public var kind: any SceneKind { CallKind() }
    public var defaultFrameSize: FrameSize { size ?? .phone }
    public var readFiles: [String] { [avatarPath, audioPath, remoteVideoPath, localVideoPath].compactMap { $0 } }

    public func frames(_ request: FramesRequest) throws -> KindFrames {
        try CallInput.checkFonts(self, file: request.file)
        var made = try ScenarioFrames(scenario: self, size: request.size, layers: request.layers, choices: request.choices, reuse: request.reuse)
        made.screen.dither = request.dither
        return KindFrames(scenes: made, recording: made.recording, audioPath: audioPath, warnings: made.videoWarnings)
    }
}
