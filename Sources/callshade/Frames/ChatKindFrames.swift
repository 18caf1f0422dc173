import CallshadeCore

/// A chat's frames (`ChatFrames`).
extension ChatScenario: FramedScenario {
    var defaultFrameSize: FrameSize { size ?? .phone }
    var readFiles: [String] { [avatarPath, wallpaper.patternPath].compactMap { $0 } }

    func frames(_ request: FramesRequest) throws -> KindFrames {
        var made = try ChatFrames(self, file: request.file, size: request.size, showing: request.layers, options: request.options,
                                  reuse: request.reuse)
        made.dither = request.dither
        return KindFrames(scenes: made)
    }
}
