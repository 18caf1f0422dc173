import CallshadeCore
import Foundation

/// What a video's tile carries (`gallery.md` section 3): its duration
/// label over a shadow, the blob under it, or on a small tile the play
/// badge instead. Sizes in points from the tile's bottom-right corner.
public enum GalleryVideoMarks {
    /// The label's face: Inter SemiBold 11 pt (ours, for SF Pro Semibold),
    /// white, its figures proportional (the spec's "4:52" is 24.3125 pt).
    public static let style = TextStyle(.semibold, 11, proportionalFigures: true)
    /// The label box's right and bottom edges inside the tile's, points.
    public static let inset = 6.0
    /// The shadow: black at 0.4, a Gaussian of σ 2 pt, no offset.
    public static let shadowAlpha = 0.4
    public static let shadowSigma = 2.0
    /// Tiles under this many points get the badge instead (ours; Telegram's shared media: 80).
    public static let badgeUnder = 60.0

    /// Whole seconds (truncated) as "h:mm:ss" from an hour, else "m:ss", minutes unpadded: 0:07, 4:52, 24:16, 1:02:03.
    public static func label(seconds: Int) -> String {
        let whole = max(seconds, 0)
        let hours = whole / 3600, minutes = whole / 60 % 60, rest = whole % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(whole / 60):\(two(rest))"
    }

    /// The blob's alpha (ours: a fit of Telegram's shadow image) at `u`, `v`
    /// points from the tile's right and bottom edges: 0.25 G(u; 9.5, 8.5, 37) G(v; 7.5, 8.5, 11).
    public static func blobAlpha(u: Double, v: Double) -> Double {
        blobAcross(u) * blobDown(v)
    }

    /// The blob's two factors, so that a tile works each out once a column and once a row: 0.25 G(u; 9.5, 8.5, 37) and G(v; 7.5, 8.5, 11).
    static func blobAcross(_ u: Double) -> Double { 0.25 * halfGaussian(u, centre: 9.5, near: 8.5, far: 37) }
    static func blobDown(_ v: Double) -> Double { halfGaussian(v, centre: 7.5, near: 8.5, far: 11) }

    /// G(d; c, a, b): exp(-(d - c)² / 2a²) below c, exp(-(d - c)² / 2b²) from it.
    static func halfGaussian(_ d: Double, centre: Double, near: Double, far: Double) -> Double {
        let width = d < centre ? near : far
        return exp(-(d - centre) * (d - centre) / (2 * width * width))
    }

    /// The badge on a tile `side` points high: a disc of radius 10k pt (k =
    /// min(1, side / 74)), black at 0.5, centred 3 + 10k pt in from the
    /// right and bottom edges, and a white triangle (-3, -4.5), (-3, 4.5),
    /// (4.5, 0) x k pt about that centre. Offsets from the corner, points.
    public struct Badge: Equatable, Sendable {
        public static let discAlpha = 0.5
        public let k: Double

        public init(side: Double) { k = min(1, side / 74) }

        public var radius: Double { 10 * k }
        /// The centre from the tile's bottom-right corner (negative: up and left), points.
        public var centre: Vec2 { Vec2(-3 - radius, -3 - radius) }
        /// The triangle's corners about the centre, points.
        public var triangle: [Vec2] { [Vec2(-3 * k, -4.5 * k), Vec2(-3 * k, 4.5 * k), Vec2(4.5 * k, 0)] }
    }
}
