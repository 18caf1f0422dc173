import CallshadeCore
import Dispatch

/// Makes the scene of the frame to come on a thread of its own while the
/// frame at hand renders: a drawing's or a chat's scene is worked out on
/// one thread (smoothing the stroke being drawn, laying out the messages),
/// which would otherwise leave the other cores idle before each frame's
/// rows are shaded side by side. At most one scene is made ahead, and only
/// one scene is ever being made at a time, in the order the frames are
/// asked for (so `make` need not be safe to call from two threads at once:
/// the caches scenes share lock their own state). The scenes are the ones
/// `make` gives; only the thread differs.
public final class SceneAhead: @unchecked Sendable {
    private let make: (Int) throws -> Scene
    private let queue = DispatchQueue(label: "callshade.scene-ahead")
    private let pending = DispatchGroup()
    /// The frame whose scene is being made ahead, and what came of it (read once `pending` is done).
    private var ahead: Int?
    private var made: Result<Scene, Error>?

    public init(_ make: @escaping (Int) throws -> Scene) {
        self.make = make
    }

    /// The scene of frame `index`: the one made ahead for it, else made now.
    public func scene(_ index: Int) throws -> Scene {
        pending.wait()
        defer { (ahead, made) = (nil, nil) }
        if ahead == index, let made { return try made.get() }
        return try make(index)
    }

    /// Starts making frame `index`'s scene ahead (after any made ahead before is taken).
    public func start(_ index: Int) {
        pending.wait()
        ahead = index
        made = nil
        pending.enter()
        queue.async { [self] in
            made = Result { try make(index) }
            pending.leave()
        }
    }

    /// Waits until no scene is being made.
    public func waitUntilIdle() {
        pending.wait()
    }
}
