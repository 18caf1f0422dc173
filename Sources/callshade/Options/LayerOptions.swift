import ArgumentParser
import CallshadeCore
import CallshadeKinds

/// What to draw, by the scene's tags; shared by every command that renders.
/// The list is read against every kind's tags, then held to the kind of the
/// scenario drawn (`layers(of:)`): a layer of another kind is refused.
struct LayerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        Comma-separated layers to draw, by tag: \(SceneKinds.tagList) (default all). Without the background, the waves are written as their mask (white, alpha = mask) and frames have an alpha channel.
        """, valueName: "LIST"), transform: ArgumentValues.layers)
    var layers: Set<SceneTag>?

    /// The layers of `scenario`, by its own kind's tags (`layers(of:)`).
    func layers(for scenario: any ParsedScenario) throws -> Set<SceneTag> {
        guard let kind = SceneKinds.named(scenario.scene) else { throw Diagnostic.internalError("no scene kind is called \(scenario.scene)") }
        return try layers(of: kind)
    }

    /// The layers of a scene of `kind` (all when none are given); one of another kind is refused, naming the kind's.
    func layers(of kind: any SceneKind) throws -> Set<SceneTag> {
        try SceneLayers.held(layers, to: kind)
    }
}
