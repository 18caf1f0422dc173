import CallshadeCore
import CallshadeKinds
import FlyingFox
import FlyingSocks
import Foundation

/// The studio over HTTP (FlyingFox): the page, the summary, the status the
/// page polls, frames, and exports; everything else is 404. Listens on
/// 127.0.0.1 and ::1 (a server on each, the same port), or on `--host`'s
/// address alone (`StudioAddresses`). A request whose `Host` is not an
/// address it answers to is refused (DNS rebinding), and so is a request
/// that changes something (POST) from another `Origin`. The watched files
/// are polled twice a second.
package final class StudioServer: Sendable {
    let studio: Studio
    let addresses: StudioAddresses
    private let requestedPort: UInt16
    private let routes: StudioRoutes
    /// The servers listening, one an address, kept to be stopped.
    private let servers = ServerList()
    /// The task that polls the watched files, cancelled by `stop`.
    private let poller = PollingTask()

    /// How often the watched files are read for changes, in milliseconds.
    static let pollInterval = 500

    package init(studio: Studio, port: UInt16, addresses: StudioAddresses = .loopback) {
        self.studio = studio
        self.addresses = addresses
        requestedPort = port
        routes = StudioRoutes(studio: studio, addresses: addresses)
    }

    /// Starts listening on every address; returns the port (the one asked
    /// for, or the one the system chose for port 0 on the first address, then
    /// used for the others). A port in use, or one that may not be used,
    /// throws `StudioError.address`; so does a machine without IPv6
    /// when ::1 is one of the addresses.
    package func start() async throws -> UInt16 {
        var port = requestedPort
        for address in addresses.listen {
            let server: HTTPServer
            do {
                server = try Self.makeServer(address, port: port, routes: routes)
            } catch {
                throw Self.listenFailure(error, address: address, port: port)
            }
            servers.append(server)
            port = try await Self.listen(server, address: address, port: port)
        }
        let studio = self.studio
        poller.set(Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Self.pollInterval))
                if Task.isCancelled { break }
                await studio.checkForChanges()
            }
        })
        return port
    }

    private static func makeServer(_ address: String, port: UInt16, routes: StudioRoutes) throws -> HTTPServer {
        if StudioAddresses.isIPv6(address) {
            return HTTPServer(address: try .inet6(ip6: address, port: port), timeout: 30, logger: .disabled, handler: routes)
        }
        return HTTPServer(address: try .inet(ip4: address, port: port), timeout: 30, logger: .disabled, handler: routes)
    }

    /// Runs `server` until it listens; its port.
    private static func listen(_ server: HTTPServer, address: String, port: UInt16) async throws -> UInt16 {
        let outcome = StartOutcome()
        Task {
            do {
                try await server.run()
                outcome.finish(.failure(StudioError.address("the server stopped before it listened")))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        Task {
            do {
                try await server.waitUntilListening(timeout: 60)
                outcome.finish(.success(()))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        do {
            try await outcome.wait()
        } catch {
            throw listenFailure(error, address: address, port: port)
        }
        switch await server.listeningAddress {
        case .ip4(_, let listening)?, .ip6(_, let listening)?: return listening
        default: throw StudioError.address("cannot tell the port the server on \(address) listens on")
        }
    }

    /// Stops listening, closes the connections at once, and ends the drawing thread.
    func stop() async {
        poller.cancel()
        for server in servers.all { await server.stop(timeout: 0) }
        studio.stop()
    }

    static func listenFailure(_ error: Error, address: String, port: UInt16) -> Error {
        if let known = error as? StudioError { return known }
        let shown = "\(StudioAddresses.urlHost(address)):\(port)"
        if case SocketError.failed(let call, let number, let message) = error {
            if number == EADDRINUSE {
                return StudioError.address("cannot listen on \(shown): the port is in use (EADDRINUSE); give another with --port, or --port 0 for a free one")
            }
            if number == EADDRNOTAVAIL || number == EAFNOSUPPORT {
                return StudioError.address("cannot listen on \(shown): this machine has no such address (\(message)); give one it has with --host")
            }
            return StudioError.address("cannot listen on \(shown): \(call) failed: \(message) (errno \(number))")
        }
        return StudioError.address("cannot listen on \(shown): \(error)")
    }
}

/// The servers started, kept to be stopped.
private final class ServerList: @unchecked Sendable {
    private let lock = NSLock()
    private var servers: [HTTPServer] = []

    func append(_ server: HTTPServer) {
        lock.withLock { servers.append(server) }
    }

    var all: [HTTPServer] { lock.withLock { servers } }
}

/// The polling task, kept to be cancelled.
private final class PollingTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    func set(_ started: Task<Void, Never>) {
        lock.withLock { task = started }
    }

    func cancel() {
        lock.withLock { task }?.cancel()
    }
}

/// Whichever comes first of the server listening and its run ending.
private final class StartOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Void, Error>?
    private var waiting: CheckedContinuation<Void, Error>?

    func finish(_ outcome: Result<Void, Error>) {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return
        }
        result = outcome
        let continuation = waiting
        waiting = nil
        lock.unlock()
        continuation?.resume(with: outcome)
    }

    func wait() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            lock.lock()
            if let result {
                lock.unlock()
                continuation.resume(with: result)
            } else {
                waiting = continuation
                lock.unlock()
            }
        }
    }
}

/// The studio's routes.
struct StudioRoutes: HTTPHandler {
    let studio: Studio
    let addresses: StudioAddresses

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let reply = await answer(request)
        var headers: HTTPHeaders = [.contentType: reply.contentType, .cacheControl: "no-store"]
        for (name, value) in reply.headers { headers[HTTPHeader(name)] = value }
        return HTTPResponse(statusCode: HTTPStatusCode(reply.status, phrase: Self.phrase(reply.status)), headers: headers, body: Data(reply.body))
    }

    func answer(_ request: HTTPRequest) async -> StudioReply {
        guard let port = request.headers[.host].flatMap(addresses.port(ofHost:)) else {
            return .error("this studio answers only requests to its own address (\(addresses.listen.map(StudioAddresses.urlHost).joined(separator: ", ")))",
                          status: 403)
        }
        if request.method != .GET, request.method != .HEAD, let origin = request.headers[HTTPHeader("Origin")],
           !addresses.accepts(origin: origin, port: port) {
            return .error("a change from another origin ('\(StudioRequest.shown(origin))') is refused", status: 403)
        }
        var query: [String: String] = [:]
        for item in request.query {
            guard query[item.name] == nil else { return .error("parameter '\(StudioRequest.shown(item.name))' is given twice", status: 400) }
            query[item.name] = item.value
        }
        switch (request.method, request.path) {
        case (.GET, let path) where StudioPage.file(at: path) != nil:
            guard let page = StudioPage.file(at: path) else { return .error("no such page", status: 404) }
            return StudioReply(status: 200, contentType: page.contentType, body: page.body)
        case (.GET, "/api/summary"):
            return studio.summary()
        case (.GET, "/api/status"):
            return .json(studio.status)
        case (.GET, "/api/frame"):
            let download = query.removeValue(forKey: "download") == "1"
            var reply = await studio.frame(query: query)
            if download, reply.status == 200 {
                let stem = URL(fileURLWithPath: studio.file).deletingPathExtension().lastPathComponent
                let name = "\(stem)-frame-\(String(format: "%06d", Int(query["n"] ?? "") ?? 0)).png"
                reply.headers["Content-Disposition"] = "attachment; filename=\"\(name)\""
            }
            return reply
        case (.POST, "/api/export"):
            return studio.export(query: query)
        case (.GET, "/api/export"):
            return .json(studio.exports.state)
        case (.GET, "/api/settings"):
            return studio.settings()
        case (.POST, "/api/settings"):
            let body: [UInt8]?
            do {
                body = try await Self.body(of: request, limit: ChatAnimationSettingsReader.maximumBytes)
            } catch {
                return .error("the settings sent could not be read: \(error)", status: 400)
            }
            guard let body else { return .error("the settings sent are more than the 1 MiB settings may have", status: 413) }
            return await studio.editSettings(body: body)
        case (.DELETE, "/api/settings"):
            return studio.resetSettings()
        case (.POST, "/api/settings/save"):
            return studio.saveSettings()
        case (.GET, "/api/compare"):
            return studio.comparison.map { .json($0.state) } ?? .error("the studio was started without --compare", status: 404)
        case (.POST, "/api/compare"):
            return studio.compareAgain()
        case (.GET, "/api/compare/plot"):
            return studio.comparison?.plot(duration: studio.current.scenario.parsed.duration)
                ?? .error("the studio was started without --compare", status: 404)
        case (_, "/"), (_, "/api/summary"), (_, "/api/status"), (_, "/api/frame"), (_, "/api/export"), (_, "/api/settings"), (_, "/api/settings/save"),
             (_, "/api/compare"), (_, "/api/compare/plot"):
            return .error("\(request.method.rawValue) is not allowed here", status: 405)
        default:
            return .error("no such page", status: 404)
        }
    }

    /// The request's body, unless it is longer than `limit` bytes (nil; read no further).
    static func body(of request: HTTPRequest, limit: Int) async throws -> [UInt8]? {
        if let count = request.bodySequence.count, count > limit { return nil }
        var bytes: [UInt8] = []
        for try await chunk in request.bodySequence {
            bytes += chunk
            if bytes.count > limit { return nil }
        }
        return bytes
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 202: return "Accepted"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 503: return "Service Unavailable"
        default: return "Internal Server Error"
        }
    }
}
