import CallshadeCore
import CallshadeSystem
import XCTest

/// Write errors keep their cause: the system's words and the errno's symbol.
final class SystemErrorTests: XCTestCase {
    func testTheErrorsAFullOrLockedDiskGivesAreNamed() {
        for (code, symbol) in [(ENOSPC, "ENOSPC"), (EDQUOT, "EDQUOT"), (EROFS, "EROFS"), (EACCES, "EACCES")] {
            let error = SystemError("write", code: code)
            XCTAssertTrue(error.reason.hasSuffix("(\(symbol))"), error.reason)
            XCTAssertTrue(error.description.hasPrefix("write failed: "), error.description)
        }
        XCTAssertEqual(SystemError("write", code: ENOSPC).reason, "no space left on device (ENOSPC)")
    }

    func testAStagingNameFitsNameMax() throws {
        let folder = try scratchFolder()
        let name = String(repeating: "é", count: 125) + ".png"   // 254 bytes
        let target = try OutputPath(folder.appendingPathComponent(name).path, kind: .file)
        let staging = URL(fileURLWithPath: target.stagingTemplate).lastPathComponent
        XCTAssertLessThanOrEqual(staging.utf8.count, OutputPath.nameLimit)
        XCTAssertTrue(staging.hasPrefix(".é") && staging.hasSuffix(".partial-XXXXXX"), staging)
    }
}
