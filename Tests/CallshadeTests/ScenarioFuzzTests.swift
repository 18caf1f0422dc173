import CallshadeCore
import CallshadeJSON
import Foundation
import XCTest

/// Seeded mutations of valid scenarios, each parsed in-process through the
/// entry point the CLI uses for a file's bytes: every one must give a
/// `Scenario` or a one-line `ScenarioError`; a crash or trap fails the run.
/// CALLSHADE_FUZZ_COUNT sets the number of cases (default 100000); case i
/// is seeded with i, so any case can be replayed alone.
final class ScenarioFuzzTests: XCTestCase {
    static let defaultCount = 100_000

    /// Valid scenarios to start from: the example (its avatar and audio are
    /// found next to it) and a few small ones.
    static let originals: [String] = [
        #"{"duration": 5}"#,
        #"{"duration": 12.5, "seed": -3, "fps": 30, "size": "390x844", "events": [{"at": 0, "state": "ringing"}, "#
            + #"{"at": 1.5, "level": 0.4}, {"at": 2, "signal": 0.15}, {"at": 2, "state": "active"}, {"at": 12.5, "remoteMuted": false}]}"#,
        #"{"events": [{"at": 3, "tap": true}, {"at": 1, "proximity": "near"}, {"at": 2, "energySaving": true}], "duration": 3}"#,
        "{\"duration\":1,\"events\":[{\"at\":1e-3,\"state\":\"ended\"},\n\t{\"at\":0,\"proximity\":\"far\"}]}",
    ]

    func testMutatedScenariosGiveAScenarioOrAOneLineError() throws {
        let examples = TestPaths.packageRoot.appendingPathComponent("Examples")
        let example = try Array(Data(contentsOf: examples.appendingPathComponent("call.json")))
        let originals = [example] + Self.originals.map { Array($0.utf8) }
        for original in originals {
            XCTAssertNoThrow(try ScenarioFile.parse(original, file: "fuzz.json", folder: examples.path))
        }

        let count = ProcessInfo.processInfo.environment["CALLSHADE_FUZZ_COUNT"].flatMap { Int($0) } ?? Self.defaultCount
        var accepted = 0
        var refused = 0
        var failures = 0
        var firstFailure: String?
        let start = Date()
        for index in 0..<count {
            var mutator = ScenarioMutator(seed: UInt64(index))
            let bytes = mutator.mutate(originals[index % originals.count])
            do {
                _ = try ScenarioFile.parse(bytes, file: "fuzz.json", folder: examples.path)
                accepted += 1
            } catch let error as ScenarioError {
                let text = error.description
                if text.contains(where: \.isNewline) || text.count > 400 {
                    failures += 1
                    firstFailure = firstFailure ?? "case \(index): not one short line: \(text.prefix(500))"
                } else {
                    refused += 1
                }
            } catch {
                failures += 1
                firstFailure = firstFailure ?? "case \(index): threw \(type(of: error)): \(error)"
            }
        }
        let seconds = Date().timeIntervalSince(start)
        var usage = rusage()
        XCTAssertEqual(getrusage(RUSAGE_SELF.rawValue, &usage), 0)
        print("scenario fuzz: \(count) cases in \(String(format: "%.1f", seconds)) s: \(accepted) accepted, "
              + "\(refused) refused, \(failures) failed; peak RSS \(usage.ru_maxrss / 1024) MiB")
        XCTAssertEqual(failures, 0, "first failure: \(firstFailure ?? "none")")
    }
}
