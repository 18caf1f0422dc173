import CallshadeCore
import CallshadeRender

/// A drawing's frames (`DrawingFrames`): its canvas's size without `--size`.
extension DrawingScenario: FramedScenario {
    public var kind: any SceneKind { DrawingKind() }
    public var defaultFrameSize: FrameSize { DrawingFrames.size(self) }
    public var readFiles: [String] {
        if case .picture(let path) = canvas.background { return [path] }
        return []
    }

    public func frames(_ request: FramesRequest) throws -> KindFrames {
        KindFrames(scenes: try DrawingFrames.screen(self, file: request.file, size: request.size, dither: request.dither,
                                                    showing: request.layers, reuse: request.reuse))
    }
}
