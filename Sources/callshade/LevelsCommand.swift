import ArgumentParser
import CallshadeCore
import CallshadeRender
import Foundation

struct LevelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "levels",
        abstract: "Print the voice level track of a recording or a scenario, 60 values a second.",
        discussion: """
        For each 60 Hz tick: the time, the loudness of the 1/30 s before it in dBFS, \
        the level it maps to (0 below -50 dBFS; 10^((dBFS + 20) / 20) above, so \
        -20 dBFS reads 1 and -6 dBFS reads 5), and the smoothed level the waves \
        follow. Give a scenario (.json) to see its recording (or its level events) \
        as the call uses them, or an audio file to see it alone.

        Examples:
          callshade levels Examples/call.json
          callshade levels voice.wav --csv > levels.csv
        """
    )

    @Argument(help: ArgumentHelp("A scenario (.json) or an audio file.", valueName: "SCENARIO_OR_AUDIO"))
    var input: String

    @Flag(help: "Comma-separated values with a header line, for plotting.")
    var csv = false

    func run() throws {
        let rows: [(time: Double, dbfs: Double?, level: Double, smoothed: Double)]
        if input.lowercased().hasSuffix(".json") {
            let scenario = try ScenarioInput.load(input)
            let meter = try ScenarioInput.recording(scenario)?.meter()
            let timeline = ScenarioInput.timeline(scenario, meter: meter)
            let ticks = CallTimeline.levelTickCount(duration: scenario.duration) - 2
            let smoothed = timeline.smoothedLevels
            rows = (0..<ticks).map { tick in
                let time = Double(tick) / 60
                let dbfs = meter?.dbfs(atTick: tick)
                let level = dbfs.map(VoiceLevelMeter.level(dbfs:)) ?? timeline.state(at: time).status.level
                return (time, dbfs, level, smoothed[tick])
            }
        } else {
            let meter = try Recording(path: input).meter()
            let ticks = Int((meter.duration * 60).rounded(.up))
            let levels = meter.levels(tickCount: ticks + 2)
            let smoothed = CallTimeline(Scenario(duration: max(meter.duration, 1e-3), events: []), voiceLevels: levels).smoothedLevels
            rows = (0..<ticks).map { tick in
                (Double(tick) / 60, meter.dbfs(atTick: tick), levels[tick], smoothed.indices.contains(tick) ? smoothed[tick] : 0)
            }
        }
        var output = csv ? "time,dbfs,level,smoothed\n" : "  time (s)    dBFS   level  smoothed\n"
        for row in rows {
            let dbfs = row.dbfs.map { $0.isFinite ? String(format: "%.2f", $0) : "-inf" } ?? ""
            if csv {
                output += String(format: "%.4f,%@,%.4f,%.4f\n", row.time, dbfs, row.level, row.smoothed)
            } else {
                output += String(format: "%10.4f %7@ %7.3f %9.3f\n", row.time, dbfs, row.level, row.smoothed)
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
