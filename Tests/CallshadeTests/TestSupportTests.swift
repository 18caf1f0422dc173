import CallshadeCore
import XCTest

/// The helpers the other tests compare with: if one of them missed a
/// difference, every test built on it would pass whatever it checked.
final class TestSupportTests: XCTestCase {
    func testImageComparisonFindsEveryDifference() throws {
        let a = RGBAImage(width: 5, height: 3, fill: (100, 100, 100, 255))
        var b = a
        XCTAssertEqual(ImageComparison(a, b).maxDelta, 0)
        XCTAssertNil(ImageComparison(a, b).firstDifference)
        b.setPixel(x: 4, y: 0, (101, 100, 100, 255))   // one level: counted in the maximum only
        b.setPixel(x: 1, y: 2, (100, 97, 100, 250))    // two channels over one
        b.setPixel(x: 3, y: 2, (0, 100, 100, 255))     // a lower value: the difference is absolute
        let comparison = ImageComparison(a, b)
        XCTAssertEqual(comparison.maxDelta, 100)
        XCTAssertEqual(comparison.channelsOverOne, 3)
        XCTAssertEqual(comparison.pixelsOverOne, 2)
        XCTAssertEqual(comparison.pixelCount, 15)
        XCTAssertEqual(comparison.firstDifference?.x, 1)
        XCTAssertEqual(comparison.firstDifference?.y, 2)
        XCTAssertEqual(comparison.firstDifference?.a, [100, 100, 100, 255])
        XCTAssertEqual(comparison.firstDifference?.b, [100, 97, 100, 250])
        XCTAssertFalse(comparison.withinParity)
    }

    func testSampleDifferencesCountsEverySample() {
        let a: [UInt8] = [0, 10, 20, 30, 255]
        XCTAssertEqual(SampleDifferences(a, a).differing, 0)
        let differences = SampleDifferences(a, [0, 11, 20, 28, 0])
        XCTAssertEqual(differences.maxDelta, 255)
        XCTAssertEqual(differences.differing, 3)
        XCTAssertEqual(differences.count, 5)
        XCTAssertEqual(differences.first?.index, 1)
        XCTAssertEqual(differences.first?.b, 11)
    }

    func testFailureCountKeepsTheFirstFailingCase() {
        var count = FailureCount()
        var described: [Int] = []
        for value in 0..<10 {
            count.check(value % 4 != 3, { described.append(value); return "value \(value)" }())
        }
        XCTAssertEqual(count.checked, 10)
        XCTAssertEqual(count.failed, 2)
        XCTAssertEqual(count.first, "value 3")
        XCTAssertEqual(described, [3], "only the first failing case is described")
        var later = FailureCount()
        later.check(false, "later")
        var merged = FailureCount()
        merged.add(FailureCount())
        merged.add(later)
        merged.add(count)
        XCTAssertEqual([merged.checked, merged.failed], [11, 3])
        XCTAssertEqual(merged.first, "later")
    }
}
