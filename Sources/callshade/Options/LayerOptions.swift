import ArgumentParser
import CallshadeCore

/// What to draw, by the scene's tags; shared by every command that renders.
struct LayerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        Comma-separated layers to draw, by tag: \(CallKind.elements.names) (default all). Without the background, the \
        waves are written as their mask (white, alpha = mask) and frames have an alpha channel.
        """, valueName: "LIST"), transform: ArgumentValues.layers)
    var layers: Set<SceneTag> = Set(CallKind.elements.tags)
}
