@testable import callshade
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `callshade studio` as the built binary, stopped by a signal while an
/// export renders a video: it exits as a stopped render does (143), its
/// ffmpeg is gone with it, and the unfinished video is removed.
final class StudioStopTests: XCTestCase {
    func testSIGTERMWhileExportingStopsTheExportsFFmpegAndLeavesNothing() throws {
        let folder = try scratchFolder()
        let call = TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path
        let video = folder.appendingPathComponent("call-0-20s.mp4").path
        var stopped = HostileCase(name: "SIGTERM while the studio exports", arguments: ["studio", call, "--port", "0", "--exports", folder.path],
                                  outcome: .refused(status: 143, id: "interrupted", mentioning: "terminated"),
                                  absent: [video], folders: [folder.path])
        var exported: String?
        var atSignal = ""
        stopped.during = { pid in
            guard let port = waitForListeningPort(of: pid) else { return }
            exported = Self.post("http://127.0.0.1:\(port)/api/export?from=0&to=20&size=preview")
            // Stopped once the export has rendered a few frames into its ffmpeg.
            waitFor(seconds: 60) {
                atSignal = Self.get("http://127.0.0.1:\(port)/api/export") ?? ""
                return atSignal.contains("\"phase\":\"running\"") && !atSignal.contains("\"done\":0,") && !atSignal.contains("\"done\":1,")
            }
            kill(pid, SIGTERM)
        }
        stopped.exitWithinSeconds = HostileTests.stopHangsAfter
        HostileHarness.hold("studio", [stopped])
        XCTAssertTrue(exported?.contains("\"phase\":\"running\"") == true, exported ?? "the export was not started")
        XCTAssertTrue(atSignal.contains("\"phase\":\"running\""), "the export was not running at the signal: \(atSignal)")
        print("studio stopped while exporting: \(atSignal)")
    }

    private static func post(_ address: String) -> String? { ask(address, method: "POST") }
    private static func get(_ address: String) -> String? { ask(address, method: "GET") }

    /// The body of a request's answer, waited for on this thread.
    private static func ask(_ address: String, method: String) -> String? {
        guard let url = URL(string: address) else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = method
        let answer = Answer()
        URLSession.shared.dataTask(with: request) { data, _, _ in answer.finish(data) }.resume()
        return answer.wait().map { String(decoding: $0, as: UTF8.self) }
    }

    private final class Answer: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data: Data?
        func finish(_ data: Data?) {
            self.data = data
            done.signal()
        }
        func wait() -> Data? {
            done.wait()
            return data
        }
    }
}

/// The TCP port process `pid` listens on, read from /proc (its sockets'
/// inodes against the listening sockets of /proc/net/tcp), waited for up to 30 s.
func waitForListeningPort(of pid: pid_t) -> Int? {
    var port: Int?
    waitFor(seconds: 30) {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        let sockets = Set(descriptors.compactMap { descriptor -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"),
                  target.hasPrefix("socket:[") else { return nil }
            return String(target.dropFirst("socket:[".count).dropLast())
        })
        let table = (try? String(contentsOfFile: "/proc/\(pid)/net/tcp", encoding: .utf8)) ?? ""
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            // local address, state 0A (listening), inode.
            guard fields.count > 9, fields[3] == "0A", sockets.contains(String(fields[9])),
                  let hex = fields[1].split(separator: ":").last, let number = Int(hex, radix: 16) else { continue }
            port = number
            return true
        }
        return false
    }
    return port
}
