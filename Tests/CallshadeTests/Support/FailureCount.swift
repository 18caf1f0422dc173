import XCTest

/// The failures of one check made over many cases (pixels, samples, seeds),
/// reported by a single assertion that says how many failed and names the
/// first, instead of an XCTAssert per case: a million passing asserts cost
/// seconds, and a million failing ones flood the log.
struct FailureCount {
    private(set) var checked = 0
    private(set) var failed = 0
    private(set) var first: String?

    /// Records one case; `describe` is only evaluated for the first that fails.
    mutating func check(_ holds: Bool, _ describe: @autoclosure () -> String) {
        checked += 1
        guard !holds else { return }
        failed += 1
        if first == nil { first = describe() }
    }

    /// Adds the cases of `other`, checked after these: the first failure stays
    /// the first of these, if any failed.
    mutating func add(_ other: FailureCount) {
        checked += other.checked
        failed += other.failed
        if first == nil { first = other.first }
    }

    /// Fails, once, when any case failed (or when none was checked at all).
    func assertNone(_ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(checked, 0, "\(what): no case was checked", file: file, line: line)
        XCTAssertEqual(failed, 0, "\(what): \(failed) of \(checked) cases fail, the first: \(first ?? "")", file: file, line: line)
    }
}
