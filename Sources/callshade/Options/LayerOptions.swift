import ArgumentParser
import CallshadeCore

/// The layers to draw, shared by every command that renders.
struct LayerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        Comma-separated layers to draw: background, waves, avatar (default all). Without the background, the \
        waves are written as their mask (white, alpha = mask) and frames have an alpha channel.
        """, valueName: "LIST"), transform: ArgumentValues.layers)
    var layers: Set<Layer> = Set(Layer.available)
}
