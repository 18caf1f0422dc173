/// An object named in a key by which one it is (`===`), not by its value:
/// the glyph atlas a line was set against, the layer a canvas was composed
/// from. The key holds it, so no other object can come to have its address
/// while the key is kept.
public struct ReuseIdentity<Object: AnyObject & Sendable>: Hashable, Sendable {
    public let object: Object

    public init(_ object: Object) { self.object = object }

    public static func == (left: Self, right: Self) -> Bool { left.object === right.object }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
}

/// Who made a kept value, when that is what its key must say: a screen's
/// own token, made with it, stands for everything the screen was made from
/// (its scenario, size and pictures), which no other screen shares.
public final class ReuseOwner: Sendable {
    public init() {}
}
