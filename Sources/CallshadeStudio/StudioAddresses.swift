import FlyingSocks
import Foundation

/// Where the studio listens, and which `Host` headers and `Origin`s it
/// answers. By default both loopbacks, 127.0.0.1 and ::1; with `--host
/// ADDR`, that address alone (a numeric IPv4 or IPv6 address). A request's
/// `Host` must name a loopback (127.0.0.1, localhost, [::1]) or the address
/// given; for a wildcard (0.0.0.0, ::) any numeric address, never a name: a
/// page that a rebound DNS name sends here is refused.
package struct StudioAddresses: Sendable, Equatable {
    /// The addresses to listen on, numeric, as typed (no brackets).
    package let listen: [String]
    /// Whether `--host` gave them (the studio warns).
    package let explicit: Bool

    static let loopback = StudioAddresses(listen: ["127.0.0.1", "::1"], explicit: false)

    private init(listen: [String], explicit: Bool) {
        self.listen = listen
        self.explicit = explicit
    }

    /// `--host ADDR`'s addresses (nil: the loopbacks); an address that is not numeric throws.
    package init(host: String?) throws {
        guard let host else {
            self = .loopback
            return
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard Self.isNumeric(bare) else {
            throw StudioError.host(given: StudioRequest.shown(host),
                                  expected: "is not a numeric IPv4 or IPv6 address (such as 127.0.0.1, ::1, 192.168.1.20 or 0.0.0.0)")
        }
        self.init(listen: [bare], explicit: true)
    }

    static func isIPv6(_ address: String) -> Bool { (try? sockaddr_in6.inet6(ip6: address, port: 0)) != nil }
    static func isIPv4(_ address: String) -> Bool { (try? sockaddr_in.inet(ip4: address, port: 0)) != nil }
    static func isNumeric(_ address: String) -> Bool { isIPv4(address) || isIPv6(address) }

    /// An address as a URL writes it: an IPv6 address in brackets.
    package static func urlHost(_ address: String) -> String { isIPv6(address) ? "[\(address)]" : address }

    /// The page's address on each listening address.
    package func urls(port: UInt16) -> [String] { listen.map { "http://\(Self.urlHost($0)):\(port)/" } }

    private var wildcard: Bool { listen.contains { $0 == "0.0.0.0" || $0 == "::" } }

    /// Whether `name` (a `Host` header's host, brackets kept, lower case) is one this studio answers to.
    func answers(to name: String) -> Bool {
        if ["127.0.0.1", "localhost", "[::1]"].contains(name) { return true }
        if listen.contains(where: { Self.urlHost($0).lowercased() == name }) { return true }
        guard wildcard else { return false }
        let bare = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        return name.hasPrefix("[") ? Self.isIPv6(bare) : Self.isIPv4(bare)
    }

    /// The port of a `Host` header (`NAME:PORT`) whose name this studio answers to; nil for any other.
    func port(ofHost header: String) -> String? {
        let host = header.lowercased()
        guard let colon = host.lastIndex(of: ":") else { return nil }
        let name = String(host[..<colon])
        let port = host[host.index(after: colon)...]
        guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), answers(to: name) else { return nil }
        return String(port)
    }

    /// Whether an `Origin` is this studio's page: `http://NAME:PORT`, a name it answers to, and the port of the request's `Host`.
    func accepts(origin: String, port: String) -> Bool {
        let prefix = "http://"
        guard origin.lowercased().hasPrefix(prefix) else { return false }
        return self.port(ofHost: String(origin.dropFirst(prefix.count))) == port
    }
}
