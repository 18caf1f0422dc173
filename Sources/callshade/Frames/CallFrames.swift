import CallshadeCore
import CallshadeRender

/// A call's frames: its recording's voice, its videos, its avatar.
extension Scenario: FramedScenario {
    var defaultFrameSize: FrameSize { size ?? .phone }
    var readFiles: [String] { [avatarPath, audioPath, remoteVideoPath, localVideoPath].compactMap { $0 } }

    func frames(_ request: FramesRequest) throws -> KindFrames {
        try ScenarioInput.checkFonts(self, file: request.file)
        var made = try ScenarioFrames(scenario: self, size: request.size, layers: request.layers, scene: request.options, reuse: request.reuse)
        made.screen.dither = request.dither
        return KindFrames(scenes: made, recording: made.recording, audioPath: audioPath, afterwards: made.sayVideoWarnings)
    }
}
