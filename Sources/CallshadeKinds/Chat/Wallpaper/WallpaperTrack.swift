import CallshadeCore

/// The wallpaper's motion over a chat scenario (chat, sections 1.5 and
/// 1.6), in closed form: each send and each `wallpaper: step` starts a step
/// at its instant, and the phase falls by the step curve's progress.
public struct WallpaperTrack: Equatable, Sendable {
    /// What the wallpaper shows at an instant.
    public enum Look: Equatable, Sendable {
        /// One raster at this pose.
        case exact(WallpaperPose)
        /// The keyframes' cross-dissolve: `from`'s raster, then `to`'s at `amount` (0...1) over it.
        case dissolve(from: WallpaperPose, to: WallpaperPose, amount: Double)
    }

    public let phase: Int
    public let curve: WallpaperStepCurve
    public let preset: ChatAnimationPreset
    public let keyframes: Bool
    /// The instants steps start, in order.
    public let starts: [Double]

    public init(phase: Int, curve: WallpaperStepCurve, preset: ChatAnimationPreset, keyframes: Bool, starts: [Double]) {
        self.phase = phase
        self.curve = curve
        self.preset = preset
        self.keyframes = keyframes
        self.starts = starts.sorted()
    }

    public init(_ scenario: ChatScenario) {
        let starts = scenario.events.compactMap { event -> Double? in
            switch event.change {
            case .send, .wallpaperStep: return event.at
            case .read: return nil
            }
        }
        self.init(phase: scenario.wallpaper.phase, curve: scenario.wallpaper.step, preset: scenario.animation,
                  keyframes: scenario.wallpaper.iosKeyframes, starts: starts)
    }

    /// A step's length in seconds.
    public var stepDuration: Double { curve.duration(preset) }

    /// The exact phase at `time`: the start phase less every started step's progress.
    public func phase(at time: Double) -> Double {
        let duration = stepDuration
        var phase = Double(self.phase)
        for start in starts where start <= time {
            phase -= curve.progress((time - start) / duration, preset: preset)
        }
        return phase
    }

    /// The keyframes of one step: n = floor(30 D), keyframe m's progress
    /// floor(n curve(m / (n - 1))) / (n - 1) (the last n / (n - 1), past the anchors).
    public var keyframeProgresses: [Double] {
        let count = Int((30 * stepDuration + 1e-9).rounded(.down))
        guard count >= 2 else { return [0, 1] }
        return (0..<count).map { m in
            let curveValue = curve.progress(Double(m) / Double(count - 1), preset: preset)
            return (Double(count) * curveValue + 1e-9).rounded(.down) / Double(count - 1)
        }
    }

    public func look(at time: Double) -> Look {
        guard keyframes else { return .exact(WallpaperPose(phase: phase(at: time))) }
        // The last step started restarts from the exact anchors: every earlier one counts whole.
        let started = starts.filter { $0 <= time }
        guard let start = started.last else { return .exact(WallpaperPose(phase: Double(phase))) }
        let base = phase - (started.count - 1)
        let progresses = keyframeProgresses
        func pose(_ m: Int) -> WallpaperPose { WallpaperPose(segment: base - 1, fraction: 1 - progresses[m]) }
        let position = (time - start) / stepDuration * Double(progresses.count - 1)
        guard position < Double(progresses.count - 1) else { return .exact(pose(progresses.count - 1)) }
        let m = Int(position.rounded(.down))
        let amount = position - Double(m)
        return amount == 0 ? .exact(pose(m)) : .dissolve(from: pose(m), to: pose(m + 1), amount: amount)
    }
}
