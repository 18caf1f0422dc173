import CallshadeCore
import CallshadeRender

/// A chat's frames (`ChatFrames`).
extension ChatScenario: FramedScenario {
    public var kind: any SceneKind { ChatKind() }
    public var defaultFrameSize: FrameSize { size ?? .phone }
    public var readFiles: [String] { [avatarPath, wallpaper.patternPath].compactMap { $0 } }

    public func frames(_ request: FramesRequest) throws -> KindFrames {
        var made = try ChatFrames(self, file: request.file, size: request.size, showing: request.layers, choices: request.choices,
                                  reuse: request.reuse)
        made.dither = request.dither
        return KindFrames(scenes: made)
    }
}
