import CallshadeCore
import CallshadeKinds
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

    /// Valid scenarios to start from: the two examples (their avatar, audio
    /// and videos are found next to them) and a few small ones.
    static let originals: [String] = [
        #"{"duration": 5}"#,
        #"{"duration": 12.5, "seed": -3, "fps": 30, "size": "390x844", "events": [{"at": 0, "state": "ringing"}, "#
            + #"{"at": 1.5, "level": 0.4}, {"at": 2, "signal": 0.15}, {"at": 2, "state": "active"}, {"at": 12.5, "remoteMuted": false}]}"#,
        #"{"events": [{"at": 3, "tap": true}, {"at": 1, "proximity": "near"}, {"at": 2, "energySaving": true}], "duration": 3}"#,
        "{\"duration\":1,\"events\":[{\"at\":1e-3,\"state\":\"ended\"},\n\t{\"at\":0,\"proximity\":\"far\"}]}",
    ]

    /// A folder that holds what the examples name: the avatar and the
    /// recording linked from Examples/, and the video call's two cameras as
    /// empty stand-ins (parsing checks only that a regular file is there;
    /// the real ones are made, not kept in git).
    private func examplesFolder() throws -> URL {
        let examples = TestPaths.packageRoot.appendingPathComponent("Examples")
        let folder = try scratchFolder()
        for name in ["avatar.png", "voice.flac"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name),
                                                       withDestinationURL: examples.appendingPathComponent(name))
        }
        let media = folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for name in ["peer.mp4", "me.mp4"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: media.appendingPathComponent(name).path, contents: Data()))
        }
        return folder
    }

    func testMutatedScenariosGiveAScenarioOrAOneLineError() throws {
        let examplesSource = TestPaths.packageRoot.appendingPathComponent("Examples")
        let examples = try examplesFolder()
        let call = try Array(Data(contentsOf: examplesSource.appendingPathComponent("call.json")))
        let videoCall = try Array(Data(contentsOf: examplesSource.appendingPathComponent("video-call.json")))
        let originals = [call, videoCall] + Self.originals.map { Array($0.utf8) }
        for original in originals {
            XCTAssertNoThrow(try ScenarioFile.parse(original, file: "fuzz.json", folder: examples.path))
        }
        // The video call's keys and events are there to be mutated.
        let parsedVideoCall = try ScenarioFile.parse(videoCall, file: "fuzz.json", folder: examples.path)
        XCTAssertNotNil(parsedVideoCall.remoteVideoPath)
        XCTAssertNotNil(parsedVideoCall.localVideoPath)

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
