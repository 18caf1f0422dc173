import CallshadeCore
import CallshadeRender

/// A voice level track, 60 rows a second (`callshade levels`): each tick's
/// time, the loudness of the 1/30 s before it, the level it maps to and the
/// smoothed level the waves follow.
public enum VoiceLevelTrack {
    public typealias Row = (time: Double, dbfs: Double?, level: Double, smoothed: Double)

    /// A call scenario's track: its recording, or its level events, as the call uses them.
    public static func rows(scenarioFile file: String) throws -> [Row] {
        let scenario = try CallInput.load(file)
        let meter = try CallInput.recording(scenario)?.meter()
        let timeline = CallInput.timeline(scenario, meter: meter)
        let ticks = CallTimeline.levelTickCount(duration: scenario.duration) - 2
        let smoothed = timeline.smoothedLevels
        return (0..<ticks).map { tick in
            let time = Double(tick) / 60
            let dbfs = meter?.dbfs(atTick: tick)
            let level = dbfs.map(VoiceLevelMeter.level(dbfs:)) ?? timeline.state(at: time).status.level
            return (time, dbfs, level, smoothed[tick])
        }
    }

    /// An audio file's track, alone.
    public static func rows(audioFile file: String) throws -> [Row] {
        let meter = try Recording(path: file).meter()
        let ticks = Int((meter.duration * 60).rounded(.up))
        let levels = meter.levels(tickCount: ticks + 2)
        let smoothed = CallTimeline(Scenario(duration: max(meter.duration, 1e-3), events: []), voiceLevels: levels).smoothedLevels
        return (0..<ticks).map { tick in
            (Double(tick) / 60, meter.dbfs(atTick: tick), levels[tick], smoothed.indices.contains(tick) ? smoothed[tick] : 0)
        }
    }
}
