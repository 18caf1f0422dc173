import ArgumentParser
import CallshadeKinds
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
        let rows = input.lowercased().hasSuffix(".json") ? try VoiceLevelTrack.rows(scenarioFile: input)
            : try VoiceLevelTrack.rows(audioFile: input)
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
