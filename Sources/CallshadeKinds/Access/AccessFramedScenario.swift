import CallshadeCore
import CallshadeRender

/// The access screen's frames (`AccessFrames`).
extension AccessScenario: FramedScenario {
    public var kind: any SceneKind { AccessKind() }
    public var defaultFrameSize: FrameSize { size ?? .phone }
    public var readFiles: [String] { [] }

    public func frames(_ request: FramesRequest) throws -> KindFrames {
        KindFrames(scenes: try AccessFrames(size: request.size, dither: request.dither, showing: request.layers, reuse: request.reuse))
    }
}
