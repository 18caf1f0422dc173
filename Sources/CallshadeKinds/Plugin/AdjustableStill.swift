import CallshadeCore
import CallshadeRender

/// What `frame` may change in one still besides the scenario: the
/// background's palette and phase, the voice level, the seed of the shapes
/// (`--palette`, `--phase`, `--level`, `--seed`).
public struct StillAdjustments {
    public var palette: Palette?
    public var phase: Double?
    public var level: Double?
    public var seed: Int64?

    public init(palette: Palette? = nil, phase: Double? = nil, level: Double? = nil, seed: Int64? = nil) {
        self.palette = palette
        self.phase = phase
        self.level = level
        self.seed = seed
    }

    /// The options given, by name, for a kind that takes none.
    public var given: [String] {
        [palette.map { _ in "--palette" }, phase.map { _ in "--phase" }, level.map { _ in "--level" }, seed.map { _ in "--seed" }].compactMap { $0 }
    }
}

/// A scenario whose still frames take `StillAdjustments` (a call's: its
/// gradient background and its voice). `frame` asks it for the instant.
public protocol AdjustableStill: FramedScenario {
    /// The scene at `time` as `render` draws it, adjusted; and what to say once it is drawn (a video's warnings).
    func still(at time: Double, request: FramesRequest, adjustments: StillAdjustments) throws -> (scene: Scene, warnings: () -> [String])
}

/// The scenarios the commands draw when given none.
public enum BuiltInScenarios {
    /// `frame`'s without `--scenario`: a call just placed.
    public static var placed: any AdjustableStill { PlacedCall() }
    /// `compare`'s without a scenario: the demo call.
    public static var demo: any FramedScenario { Scenario.demo }
    /// What `compare` calls it in its report.
    public static let demoTitle = "The built-in demo call"
}
