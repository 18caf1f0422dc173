import CallshadeCore
import CallshadeSystem
import Foundation
import XCTest

/// A child's CPU priority lowered after it starts (as the encoder's is), read back from /proc.
final class ProcessPriorityTests: XCTestCase {
    func testLoweringAChildsPriorityRaisesItsNiceness() throws {
        let null = try FileDescriptor.open("/dev/null", .readWrite)
        defer { try? null.close() }
        let child = try Subprocess(executable: "/bin/sleep", arguments: ["10"], standardInput: null, standardOutput: null, standardError: null)
        defer { _ = try? child.killAndReap() }
        let before = try Self.niceness(of: child.pid)
        try child.lowerPriority(by: 4)
        XCTAssertEqual(try Self.niceness(of: child.pid), min(before + 4, 19))
        // Never past the lowest priority there is.
        try child.lowerPriority(by: 40)
        XCTAssertEqual(try Self.niceness(of: child.pid), 19)
    }

    /// Field 19 of /proc/PID/stat, after the command name in parentheses.
    static func niceness(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = try XCTUnwrap(stat.split(separator: ")").last).split(separator: " ")
        // After ")": state is field 3, so field 19 is index 16.
        return try XCTUnwrap(Int(fields[16]))
    }
}
