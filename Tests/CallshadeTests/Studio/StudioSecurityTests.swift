@testable import CallshadeStudio
@testable import callshade
import CallshadeSystem
import FlyingSocks
import Foundation
import XCTest

/// The studio's guards, asked over raw sockets (a client library would
/// tidy the paths and headers these send): it listens on 127.0.0.1 and ::1,
/// or on `--host`'s address alone; paths that climb out, encoded or not,
/// and a symlink out of the scenario's folder get 404; a foreign or missing
/// `Host` gets 403, and a POST from another `Origin` too; 200 frames asked
/// for at once leave the built binary answering, its memory bounded.
final class StudioSecurityTests: XCTestCase {
    private var servers: [StudioServer] = []

    override func tearDown() async throws {
        for server in servers { await server.stop() }
        servers = []
    }

    /// The studio of `file` as `studio FILE --port 0 OPTIONS` starts it (exports, were one let through, into a scratch folder); its port.
    private func start(_ file: String, _ options: [String] = [], name: String = #function) async throws -> Int {
        let exports = try scratchFolder(name + "-exports").path
        let command = try XCTUnwrap(try Callshade.parseAsRoot(["studio", file, "--port", "0", "--exports", exports] + options) as? StudioCommand)
        let server = StudioServer(studio: try command.makeStudio(cleanup: StopCleanup()), port: 0, addresses: try StudioAddresses(host: command.host))
        servers.append(server)
        return Int(try await server.start())
    }

    /// The answer's status line and body to `METHOD TARGET` sent as typed, with these header lines.
    private func raw(_ address: String, _ port: Int, _ target: String, method: String = "GET", headers: [String]) async throws -> (status: Int, text: String) {
        try await Self.offTheCooperativePool { try Self.rawWaiting(address, port, target, method: method, headers: headers) }
    }

    /// `raw`, on this thread.
    private static func rawWaiting(_ address: String, _ port: Int, _ target: String, method: String = "GET",
                                   headers: [String]) throws -> (status: Int, text: String) {
        let request = "\(method) \(target) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n"
        let socket: Socket
        if StudioAddresses.isIPv6(address) {
            socket = try Socket(domain: AF_INET6)
            try socket.connect(to: sockaddr_in6.inet6(ip6: address, port: UInt16(port)))
        } else {
            socket = try Socket(domain: AF_INET)
            try socket.connect(to: sockaddr_in.inet(ip4: address, port: UInt16(port)))
        }
        defer { try? socket.close() }
        let bytes = Data(request.utf8)
        var sent = bytes.startIndex
        while sent < bytes.endIndex { sent = try socket.write(bytes, from: sent) }
        var received: [UInt8] = []
        while true {
            do { received += try socket.read(atMost: 65536) } catch SocketError.disconnected { break }
        }
        let reply = String(decoding: received, as: UTF8.self)
        let fields = reply.prefix { $0 != "\r" }.split(separator: " ")
        guard fields.count > 1, let status = Int(fields[1]) else { throw SocketError.failed(type: "no status line", errno: 0, message: String(reply.prefix(200))) }
        return (status, reply)
    }

    /// Runs blocking socket calls on a thread of their own, so that the server's tasks keep the pool.
    private static func offTheCooperativePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A number of kilobytes in /proc/PID/status (VmHWM: the peak resident set).
    private static func kilobytes(_ field: String, of pid: Int32) -> Int? {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    func test200FramesAskedAtOnceLeaveItAnsweringWithItsMemoryBounded() throws {
        let folder = try scratchFolder()
        let process = Process()
        process.executableURL = TestPaths.executable
        process.arguments = ["studio", TestPaths.packageRoot.appendingPathComponent("Examples/drawing-canvas.json").path, "--port", "0", "--exports", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let port = try XCTUnwrap(waitForListeningPort(of: process.processIdentifier))
        let host = "Host: 127.0.0.1:\(port)"
        XCTAssertEqual(try Self.rawWaiting("127.0.0.1", port, "/api/frame?n=1", headers: [host]).status, 200)
        let before = try XCTUnwrap(Self.kilobytes("VmHWM", of: process.processIdentifier))

        // 200 connections, each on a thread of its own, asking for a different frame at once.
        let answers = Answers()
        let group = DispatchGroup()
        for n in 0..<200 {
            group.enter()
            Thread.detachNewThread {
                answers.add(n, Result { try Self.rawWaiting("127.0.0.1", port, "/api/frame?n=\(n * 2)", headers: [host]) })
                group.leave()
            }
        }
        group.wait()
        let peak = try XCTUnwrap(Self.kilobytes("VmHWM", of: process.processIdentifier))
        let all = answers.all
        XCTAssertEqual(all.count, 200)
        var drawn = 0, replaced = 0
        for (n, answer) in all {
            switch answer {
            case .success(let reply) where reply.status == 200:
                drawn += 1
                XCTAssertTrue(reply.text.contains("X-Callshade-Frame: \(n * 2)\r\n") || reply.text.lowercased().contains("x-callshade-frame: \(n * 2)\r\n"),
                              "frame \(n * 2): \(reply.text.prefix(300))")
            case .success(let reply):
                XCTAssertEqual(reply.status, 503, "frame \(n * 2): \(reply.text.prefix(300))")
                replaced += 1
            case .failure(let error):
                XCTFail("frame \(n * 2): \(error)")
            }
        }
        // Still answering: the status and a frame.
        XCTAssertEqual(try Self.rawWaiting("127.0.0.1", port, "/api/status", headers: [host]).status, 200)
        XCTAssertEqual(try Self.rawWaiting("127.0.0.1", port, "/api/frame?n=7", headers: [host]).status, 200)
        // Bounded: the flood adds far less than 200 frames' work would hold (a preview frame's RGBA is about 1 MB).
        XCTAssertLessThan(peak - before, 128 * 1024, "peak resident set \(before) kB before, \(peak) kB after")
        print("200 frames asked at once: \(drawn) drawn, \(replaced) replaced by a newer one (503); peak resident set \(before / 1024) MB before, \(peak / 1024) MB after")
    }

    /// The answers of the flood's threads.
    private final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [(Int, Result<(status: Int, text: String), Error>)] = []
        func add(_ n: Int, _ answer: Result<(status: Int, text: String), Error>) { lock.withLock { answers.append((n, answer)) } }
        var all: [(Int, Result<(status: Int, text: String), Error>)] { lock.withLock { answers } }
    }

    func testPathsThatClimbOutAndASymlinkOutOfTheFolderGet404() async throws {
        let folder = try scratchFolder()
        let scenario = folder.appendingPathComponent("drawing-canvas.json")
        try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("Examples/drawing-canvas.json"), to: scenario)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("passwd").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        let port = try await start(scenario.path)
        let host = "Host: 127.0.0.1:\(port)"
        let targets = [
            "/../../etc/passwd", "/../../../../../../etc/passwd", "/api/../../etc/passwd", "/api/frame/../../../etc/passwd",
            "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "/%252e%252e/%252e%252e/etc/passwd", "/%252e%252e%252f%252e%252e%252fetc%252fpasswd", "/..%5c..%5cetc%5cpasswd",
            "/.%2e/.%2e/etc/passwd", "//etc/passwd",
            // The scenario's folder: nothing in it is served, its own file and a symlink out of it included.
            "/passwd", "/etc/passwd", "/etc/hostname", "/drawing.json", "/./passwd", "/%70asswd",
        ]
        for target in targets {
            let answer = try await raw("127.0.0.1", port, target, headers: [host])
            XCTAssertEqual(answer.status, 404, target)
            XCTAssertFalse(answer.text.contains("root:"), target)
        }
        let page = try await raw("127.0.0.1", port, "/api/status", headers: [host])
        XCTAssertEqual(page.status, 200, "the same client gets what exists: \(page.text)")
    }

    func testItListensOnBothLoopbacksAndAnswersOnlyItsOwnHostNames() async throws {
        let port = try await start(TestPaths.packageRoot.appendingPathComponent("Examples/drawing-canvas.json").path)
        let answered = [("127.0.0.1", "127.0.0.1:\(port)"), ("127.0.0.1", "localhost:\(port)"), ("::1", "[::1]:\(port)"), ("::1", "LOCALHOST:\(port)")]
        for (address, host) in answered {
            let answer = try await raw(address, port, "/api/status", headers: ["Host: \(host)"])
            XCTAssertEqual(answer.status, 200, "\(address) with Host \(host): \(answer.text)")
        }
        let refused: [[String]] = [
            [], ["Host: rebound.example.com:\(port)"], ["Host: 127.0.0.1.rebound.example.com:\(port)"], ["Host: localhost.:\(port)"],
            ["Host: 192.168.1.20:\(port)"], ["Host: 127.0.0.1"], ["Host: 127.0.0.1:"], ["Host: 127.0.0.1:80x"], ["Host: [::2]:\(port)"],
        ]
        for headers in refused {
            for address in ["127.0.0.1", "::1"] {
                let answer = try await raw(address, port, "/api/status", headers: headers)
                XCTAssertEqual(answer.status, 403, "\(address) with \(headers)")
                XCTAssertTrue(answer.text.contains("answers only requests to its own address"), answer.text)
            }
        }
        // A change from another page: refused before its parameters are read (the export below would otherwise start).
        for origin in ["http://rebound.example.com:\(port)", "http://127.0.0.1:\(port + 1)", "https://127.0.0.1:\(port)", "null"] {
            let answer = try await raw("::1", port, "/api/export?from=0&to=1", method: "POST", headers: ["Host: [::1]:\(port)", "Origin: \(origin)"])
            XCTAssertEqual(answer.status, 403, origin)
            XCTAssertTrue(answer.text.contains("from another origin"), answer.text)
        }
        let ownOrigin = try await raw("::1", port, "/api/export?from=2&to=1", method: "POST", headers: ["Host: [::1]:\(port)", "Origin: http://[::1]:\(port)"])
        XCTAssertEqual(ownOrigin.status, 400, "its own page's change gets to the parameters: \(ownOrigin.text)")
    }

    func testHostListensThereAloneAndWarns() async throws {
        let port = try await start(TestPaths.packageRoot.appendingPathComponent("Examples/drawing-canvas.json").path, ["--host", "127.0.0.2"])
        let there = try await raw("127.0.0.2", port, "/api/status", headers: ["Host: 127.0.0.2:\(port)"])
        XCTAssertEqual(there.status, 200, there.text)
        let loopbackName = try await raw("127.0.0.2", port, "/api/status", headers: ["Host: localhost:\(port)"])
        XCTAssertEqual(loopbackName.status, 200, loopbackName.text)
        let foreign = try await raw("127.0.0.2", port, "/api/status", headers: ["Host: 127.0.0.3:\(port)"])
        XCTAssertEqual(foreign.status, 403)
        do {
            _ = try await raw("127.0.0.1", port, "/api/status", headers: ["Host: 127.0.0.1:\(port)"])
            XCTFail("with --host 127.0.0.2 the studio also listened on 127.0.0.1")
        } catch SocketError.failed(_, let number, _) {
            // Nothing listens there.
            XCTAssertEqual(number, ECONNREFUSED)
        }

        let given = try StudioAddresses(host: "127.0.0.2")
        XCTAssertEqual(given.urls(port: 9000), ["http://127.0.0.2:9000/"])
        XCTAssertEqual(try StudioAddresses(host: "[::1]").urls(port: 9000), ["http://[::1]:9000/"])
        XCTAssertEqual(StudioAddresses.loopback.urls(port: 8036), ["http://127.0.0.1:8036/", "http://[::1]:8036/"])
        let warning = try XCTUnwrap(StudioCommand.hostWarning(given))
        XCTAssertTrue(warning.contains("127.0.0.2") && warning.contains("anyone who can reach"), warning)
        XCTAssertNil(StudioCommand.hostWarning(.loopback))
        // Every address: any numeric Host (a rebound name is still refused).
        let everywhere = try StudioAddresses(host: "0.0.0.0")
        XCTAssertEqual(everywhere.port(ofHost: "192.168.1.20:8036"), "8036")
        XCTAssertNil(everywhere.port(ofHost: "rebound.example.com:8036"))
        XCTAssertEqual(try StudioAddresses(host: "::").port(ofHost: "[fe80::1]:8036"), "8036")
        XCTAssertNil(try StudioAddresses(host: "::").port(ofHost: "fe80.rebound.example.com:8036"))
        for bad in ["example.com", "localhost", "127.0.0.1:80", "", "1.2.3.4.5"] {
            XCTAssertThrowsError(try StudioAddresses(host: bad), bad)
        }
        let refused = runInProcess(["studio", "Examples/drawing-canvas.json", "--host", "rebound.example.com"])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.standardError.contains("--host 'rebound.example.com' is not a numeric IPv4 or IPv6 address"), refused.standardError)
    }
}
