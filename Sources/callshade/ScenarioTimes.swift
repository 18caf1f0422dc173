import CallshadeCore

/// The times the commands take (`--from`, `--to`, `--at`, `--time`), held to the scenario.
enum ScenarioTimes {
    /// A time given with `option` that must lie within the scenario.
    static func time(_ value: Double, option: String, in scenario: any ParsedScenario) throws -> Double {
        guard value >= 0, value <= scenario.duration else {
            throw Diagnostic.timeOutsideScenario(option: option, time: value, duration: scenario.duration)
        }
        return value
    }
}
