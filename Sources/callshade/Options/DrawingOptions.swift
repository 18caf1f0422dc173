import ArgumentParser

/// What every command that draws frames takes: the layers, the scene (avatar,
/// point scale) and the renderer (size, backend, shaders, EGL platform).
struct DrawingOptions {
    let layerOptions: LayerOptions
    let scene: SceneOptions
    let render: RenderOptions
}

/// A command that draws frames declares the three option groups side by
/// side, not nested in a group of its own: a debug build of ArgumentParser
/// checks each nested group again for every level above it at every parse,
/// which made parsing `render`'s command line take four times as long.
protocol DrawsFrames {
    var layerOptions: LayerOptions { get }
    var sceneOptions: SceneOptions { get }
    var renderOptions: RenderOptions { get }
}

extension DrawsFrames {
    var drawing: DrawingOptions {
        DrawingOptions(layerOptions: layerOptions, scene: sceneOptions, render: renderOptions)
    }
}
