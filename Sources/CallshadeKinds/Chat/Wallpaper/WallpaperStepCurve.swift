import CallshadeCore

/// How one wallpaper step moves (chat, section 1.5): its length and its
/// progress 0 -> 1 over it, in closed form.
public enum WallpaperStepCurve: String, CaseIterable, Sendable {
    /// The app's: 0.3 s on V (shipped), or the contest settings' background block.
    case auto
    /// 0.5 s cubic-bezier(0.33, 0, 0, 1).
    case android
    /// 1 s on the article's 60-frame table, linear between frames.
    case article

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The shipped send's vertical curve V (chat, section 3.2).
    static let shippedV = CubicBezierEasing(0.19919, 0.01064, 0.27921, 0.91025)
    static let androidCurve = CubicBezierEasing(0.33, 0, 0, 1)

    /// The article's table: the movement in 27ths at each of 60 frames
    /// (0 .25 .5 .75 1, 1.5 ... 4 by .5, 5 ... 18 by 1, 18.3 ... 26.1 by .3,
    /// 26.3 ... 27 by .1); frame k at k/59 of the step, so that the last is
    /// the step's end (ours).
    public static let articleTable: [Double] = {
        var table = [0, 0.25, 0.5, 0.75, 1.0]
        table += (1...6).map { 1 + 0.5 * Double($0) }          // 1.5 ... 4
        table += (5...18).map { Double($0) }                    // 5 ... 18
        table += (1...27).map { 18 + 0.3 * Double($0) }         // 18.3 ... 26.1
        table += (0...7).map { 26.3 + 0.1 * Double($0) }        // 26.3 ... 27
        return table
    }()

    /// The step's length in seconds under `preset`.
    public func duration(_ preset: ChatAnimationPreset) -> Double {
        switch self {
        case .auto: return preset.settings.map { $0.block("background").window("position").endSeconds } ?? 0.3
        case .android: return 0.5
        case .article: return 1
        }
    }

    /// The progress at fraction `u` of the step (clamped to 0...1); 0 at 0 and 1 at 1.
    public func progress(_ u: Double, preset: ChatAnimationPreset) -> Double {
        let u = min(max(u, 0), 1)
        switch self {
        case .auto:
            guard let settings = preset.settings else { return Self.shippedV.value(u) }
            let window = settings.block("background").window("position")
            // The contest defaults' window (the whole of it, 0 to 60) as the curve over the step itself.
            if window.start == 0 { return window.curve.value(u) }
            return window.progress(u * window.endSeconds)
        case .android: return Self.androidCurve.value(u)
        case .article:
            let table = Self.articleTable
            let position = u * Double(table.count - 1)
            let frame = min(Int(position.rounded(.down)), table.count - 2)
            let fraction = position - Double(frame)
            return (table[frame] + (table[frame + 1] - table[frame]) * fraction) / 27
        }
    }
}
