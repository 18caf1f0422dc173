import ArgumentParser
import CallshadeCore

/// What every command that draws frames takes: the layers, the scene (avatar,
/// point scale) and the renderer (size, backend, shaders, EGL platform).
struct DrawingOptions: ParsableArguments {
    @OptionGroup var layerOptions: LayerOptions
    @OptionGroup var scene: SceneOptions
    @OptionGroup var render: RenderOptions

    var layers: Set<SceneTag> { layerOptions.layers }
}
