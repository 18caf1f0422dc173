/// Where the gradient's four colour centres are for a phase (spec section 1).
public enum GradientMotion {
    /// The eight anchor positions the centres travel through, in unit-square coordinates.
    public static let anchors: [Vec2] = [
        Vec2(0.80, 0.10), Vec2(0.60, 0.20), Vec2(0.35, 0.25), Vec2(0.25, 0.60),
        Vec2(0.20, 0.90), Vec2(0.40, 0.80), Vec2(0.65, 0.75), Vec2(0.75, 0.40),
    ]

    /// The phase folded into [0, 8).
    public static func wrapped(_ phase: Double) -> Double {
        let folded = phase.truncatingRemainder(dividingBy: 8)
        let positive = folded < 0 ? folded + 8 : folded
        return positive >= 8 ? 0 : positive   // -tiny + 8 can round up to 8
    }

    /// The centre of colour `index` (0...3) at `phase`: it sits on anchor
    /// `(2 index + floor(phase)) mod 8` and moves linearly towards the next one.
    public static func centre(_ index: Int, phase: Double) -> Vec2 {
        let folded = wrapped(phase)
        let step = Int(folded.rounded(.down))
        let from = anchors[(2 * index + step) % 8]
        let to = anchors[(2 * index + step + 1) % 8]
        return Vec2.lerp(from, to, folded - Double(step))
    }

    /// The four centres at `phase`, in palette-colour order.
    public static func centres(phase: Double) -> [Vec2] {
        (0..<4).map { centre($0, phase: phase) }
    }
}
