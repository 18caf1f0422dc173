import CallshadeCore

/// The gallery: its kind's elements (`GalleryKind.elements`) drawn at an
/// instant into a frame of a size, the grids where its timeline has them then.
/// Its title comes from a text setter made for the layout's scale.
public struct GalleryScreen: Sendable {
    public let scenario: GalleryScenario
    public let layout: GalleryLayout
    public let timeline: GalleryTimeline
    /// What the tiles show.
    public let items: GalleryTileItems
    public let showing: Set<SceneTag>
    public let elements: GalleryElements
    public let text: any TextSetting
    public var dither = false
    /// Keeps the grid's pictures between frames (a store of its own unless given).
    public let reuse: ReuseStore
    /// Stands for this screen in the keys of what it keeps.
    private let owner = ReuseOwner()

    public init(_ scenario: GalleryScenario, size: FrameSize, text: any TextSetting, showing: Set<SceneTag>? = nil,
                elements: GalleryElements = GalleryKind.elements, reuse: ReuseStore = ReuseStore(), file: String = "") throws {
        self.reuse = reuse
        self.scenario = scenario
        layout = scenario.layout(size: size)
        timeline = try GalleryTimeline(scenario, size: size, file: file)
        switch scenario.items {
        case .fill(let fill): items = .fill(fill)
        case .media(let entries): items = .media(try GalleryMediaLibrary(entries, reuse: reuse))
        }
        self.text = text
        self.elements = elements
        self.showing = showing ?? Set(elements.tags)
    }

    /// The scene at `time` seconds.
    public func scene(at time: Double) -> Scene {
        var scene = Scene(size: layout.size, background: nil)
        scene.dither = dither
        let instant = GalleryInstant(time: time, scenario: scenario, layout: layout, grids: timeline.shown(at: time),
                                     viewer: timeline.viewer(at: time), items: items, text: text, reuse: reuse, owner: owner)
        elements.add(to: &scene, at: instant, showing: showing)
        return scene
    }
}
