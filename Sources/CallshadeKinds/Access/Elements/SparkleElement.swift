import CallshadeCore

/// The sparkle looping over the access screen's button (`AccessSparkle`):
/// a sheen node while its band is over the button, nothing otherwise.
public struct SparkleElement: AccessElement {
    public init() {}

    public var tags: [SceneTag] { [.sparkle] }

    public func add(to scene: inout Scene, at instant: AccessInstant, showing: Set<SceneTag>) {
        if let sheen = AccessSparkle(layout: instant.layout).node(at: instant.time) { scene.nodes.append(sheen) }
    }
}

extension SceneTag {
    public static let sparkle = SceneTag("sparkle", help: "The access screen's sparkle: a band of white crossing the button, and its rim.")
}
