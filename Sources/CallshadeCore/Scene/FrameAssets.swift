/// The assets of one frame that its elements' providers gave
/// (`SceneElement.frameAssets`), each kept by its type: the render
/// pipeline asks for them before the scene is built
/// (`SceneElements.assets(at:)`), and an element finds its own by its type
/// while it adds its nodes (the video call's: `VideoFramePictures`).
public struct FrameAssets: Sendable {
    private var byType: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// The asset of type `type`, if a provider gave one.
    public subscript<Asset: Sendable>(_ type: Asset.Type) -> Asset? {
        get { byType[ObjectIdentifier(type)] as? Asset }
        set { byType[ObjectIdentifier(type)] = newValue }
    }

    /// Keeps `asset` by its own type (replacing one of that type).
    mutating func keep(_ asset: any Sendable) {
        byType[ObjectIdentifier(Swift.type(of: asset))] = asset
    }

    public var isEmpty: Bool { byType.isEmpty }
}

extension SceneElements {
    /// The assets every element with a provider needs for the frame at `time`.
    public func assets(at time: Double) throws -> FrameAssets {
        var assets = FrameAssets()
        for element in elements {
            guard let provider = element.frameAssets else { continue }
            assets.keep(try provider.asset(at: time))
        }
        return assets
    }
}
