import CallshadeCore

/// A drawing's frames (`DrawingFrames`): its canvas's size without `--size`.
extension DrawingScenario: FramedScenario {
    var defaultFrameSize: FrameSize { DrawingFrames.size(self) }
    var readFiles: [String] {
        if case .picture(let path) = canvas.background { return [path] }
        return []
    }

    func frames(_ request: FramesRequest) throws -> KindFrames {
        KindFrames(scenes: try DrawingFrames.screen(self, file: request.file, size: request.size, dither: request.dither,
                                                    showing: request.layers, reuse: request.reuse))
    }
}
