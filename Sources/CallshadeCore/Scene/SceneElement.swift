/// One registered part of a scene kind's screen (the call's words, its key,
/// its buttons): the tags `--layers` knows it by, the texts it may show
/// (what the glyph atlas of a render must hold), and what it adds to the
/// scene at an instant. A kind's scene is its ordered list of elements
/// (`SceneElements`), bottom to top.
///
/// `Instant` is what the kind's elements draw from at one instant (the
/// call's: `CallInstant`, its timeline's state and its screen); `Source`
/// is what their texts depend on (the call's: its `Scenario`).
public protocol SceneElement<Source, Instant>: Sendable {
    associatedtype Source
    associatedtype Instant

    /// Its tags, in the order `--layers` lists them.
    var tags: [SceneTag] { get }

    /// Every text it can show for `source`, by style (none by default).
    func texts(for source: Source) -> [TextStyle: [String]]

    /// Adds what it draws at `instant` to `scene`: its nodes over those of
    /// the elements below it (or the scene's background). It draws only
    /// what `showing` names of its tags; it is asked only when `showing`
    /// names at least one.
    func add(to scene: inout Scene, at instant: Instant, showing: Set<SceneTag>)

    /// Input it draws frame by frame that its kind's timeline does not hold
    /// (a video call's frames, a drawing's strokes); nil, the default, for
    /// an element drawn from the timeline alone.
    var frameAssets: (any FrameAssetProvider)? { get }
}

extension SceneElement {
    public func texts(for source: Source) -> [TextStyle: [String]] { [:] }

    public var frameAssets: (any FrameAssetProvider)? { nil }
}

/// What an element draws that comes frame by frame from outside its kind's
/// timeline: a decoded video frame, the strokes drawn so far. The render
/// pipeline asks it for each frame's asset before the scene is built
/// (`SceneElements.assets(at:)`, into `FrameAssets`), so that building a
/// scene stays a pure function of its instant and those assets. (The
/// video call's: `CallVideoPictures`.)
public protocol FrameAssetProvider<Asset>: Sendable {
    associatedtype Asset: Sendable

    /// The asset of the frame at `time` seconds.
    func asset(at time: Double) throws -> Asset
}
