import CallshadeCore
import Foundation

/// One key of an entity's motion (`drawing.md` section 5): at `at` seconds
/// its centre is at (`x`, `y`) canvas pixels, scaled by `scale` and turned by
/// `rotation` degrees (clockwise on screen).
public struct EntityKey: Equatable, Sendable {
    public var at: Double
    public var x: Double
    public var y: Double
    public var scale: Double
    public var rotation: Double

    public init(at: Double, x: Double, y: Double, scale: Double = 1, rotation: Double = 0) {
        self.at = at
        self.x = x
        self.y = y
        self.scale = scale
        self.rotation = rotation
    }
}

/// Where an entity is at an instant, in canvas pixels: its centre, its
/// scale (the pop-in's included), its turn in radians (clockwise on screen)
/// and its opacity (the pop-in's).
public struct EntityPose: Equatable, Sendable {
    public var centre: Vec2
    public var scale: Double
    public var rotation: Double
    public var alpha: Double
}

/// An entity's motion through its keys (`drawing.md` section 5, ours for
/// the springs' timing): it exists from its first key on and pops in (scale
/// from 0.5 to 1 and opacity from 0 to 1 on the bouncy spring of 0.3 s);
/// between two keys each value moves on the standard spring lasting the
/// gap (normalised: it leaves the first key at its start and is exactly at
/// the next at the gap's end); after the last key it stays.
public enum EntityMotion {
    public static let popIn = Spring.bouncy(0.3)

    /// The pose at `time`; nil before the first key.
    public static func pose(_ keys: [EntityKey], at time: Double) -> EntityPose? {
        guard let first = keys.first, time >= first.at else { return nil }
        var key = first
        if let next = keys.firstIndex(where: { $0.at > time }), next > 0 {
            let from = keys[next - 1], to = keys[next]
            let progress = Spring.standard(to.at - from.at).progress(time - from.at)
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
            key = EntityKey(at: time, x: mix(from.x, to.x), y: mix(from.y, to.y), scale: mix(from.scale, to.scale),
                            rotation: mix(from.rotation, to.rotation))
        } else if let last = keys.last, time >= last.at {
            key = last
        }
        let pop = popIn.progress(time - first.at)
        return EntityPose(centre: Vec2(key.x, key.y), scale: key.scale * (0.5 + 0.5 * pop), rotation: key.rotation * Double.pi / 180,
                          alpha: min(max(pop, 0), 1))
    }
}
