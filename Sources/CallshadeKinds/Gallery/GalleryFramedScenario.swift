import CallshadeCore
import CallshadeRender

/// The gallery's frames (`GalleryFrames`).
extension GalleryScenario: FramedScenario {
    public var kind: any SceneKind { GalleryKind() }
    public var defaultFrameSize: FrameSize { size ?? Self.defaultSize }
    public var readFiles: [String] { [] }

    public func frames(_ request: FramesRequest) throws -> KindFrames {
        KindFrames(scenes: try GalleryFrames(self, file: request.file, size: request.size, dither: request.dither, showing: request.layers,
                                             reuse: request.reuse))
    }
}
