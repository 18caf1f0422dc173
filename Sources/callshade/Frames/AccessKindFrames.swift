import CallshadeCore

/// The access screen's frames (`AccessFrames`).
extension AccessScenario: FramedScenario {
    var defaultFrameSize: FrameSize { size ?? .phone }
    var readFiles: [String] { [] }

    func frames(_ request: FramesRequest) throws -> KindFrames {
        KindFrames(scenes: try AccessFrames(size: request.size, dither: request.dither, showing: request.layers, reuse: request.reuse))
    }
}
