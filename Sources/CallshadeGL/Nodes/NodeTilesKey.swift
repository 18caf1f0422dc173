import CallshadeCore

/// The tiles read of a node (its `bounds` and `tileCoverage`, the plan's
/// costliest reading of a full-screen shape: four distances at each of
/// 32,400 tiles of a 1080x1920 frame), kept in the reuse store with what
/// they were read from: a node whose tiles depend on no more than `Key`
/// (the video call's backdrop; its video's placement whatever the picture)
/// reads them once while it stays.
struct NodeTilesKey<Key: Equatable & Sendable>: ReuseKey {
    typealias Value = CoveredTiles
    static var shelf: String { "node tiles" }
    let key: Key
    let size: FrameSize

    static func == (left: Self, right: Self) -> Bool { left.size == right.size && left.key == right.key }

    func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(ObjectIdentifier(Key.self))
    }
}

extension ReuseStore {
    /// The tiles of `node` in a frame of `size`, which depend only on `key`.
    func tiles<Key: Equatable & Sendable>(of node: any SceneNode, key: Key, size: FrameSize) -> CoveredTiles {
        value(NodeTilesKey(key: key, size: size)) {
            let tiles = CoveredTiles(node, in: size)
            return (tiles, 64 + tiles.coverage.count * MemoryLayout<TileCoverage>.stride)
        }
    }
}
