import CallshadeCore

/// What a renderer keeps of the tiles it read of its last nodes (their
/// `bounds` and `tileCoverage`, the plan's costliest reading of a full-screen
/// shape: four distances at each of 32,400 tiles of a 1080x1920 frame),
/// each with what they were read from: a node whose tiles depend on no more
/// than `Key` (the video call's backdrop, its video's frame whatever the
/// picture) reads them once while it stays. At most `capacity` are kept,
/// those used last. A renderer reads tiles on the thread that plans its
/// frames, one frame at a time.
struct RememberedTiles<Key: Equatable> {
    private struct Read: Equatable {
        let key: Key
        let size: FrameSize
    }

    private var kept: RecentlyMade<Read, CoveredTiles>

    init(capacity: Int) { kept = RecentlyMade(capacity: capacity) }

    /// The tiles of `node` in a frame of `size`, which depend only on `key`.
    mutating func tiles(of node: any SceneNode, key: Key, size: FrameSize) -> CoveredTiles {
        kept.value(for: Read(key: key, size: size)) { CoveredTiles(node, in: size) }
    }
}
