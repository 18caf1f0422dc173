import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import Foundation

/// The scenarios goldens are drawn from, as files in Goldens/scenarios/:
/// the tests and the independent oracles (Scripts/spec-*.py) read the same
/// data, each with its own reader.
enum GoldenScenarios {
    static var folder: URL { TestPaths.goldens.appendingPathComponent("scenarios") }

    /// Goldens/scenarios/NAME.json; a file that does not load stops the run, naming it.
    static func load(_ name: String) -> Scenario {
        let path = folder.appendingPathComponent("\(name).json").path
        do {
            return try ScenarioFile.load(path: path)
        } catch {
            fatalError("\(path): \(error)")
        }
    }
}
