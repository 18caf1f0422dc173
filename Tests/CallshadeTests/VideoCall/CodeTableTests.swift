@testable import CallshadeCore
import XCTest

/// The blurred copy converts a picture's codes through a table of the terms
/// that hang on one code: the colour `YCbCrConversion.rgb` gives, to the bit,
/// for every luma code and cb, cr codes across their span, in each matrix and range.
final class CodeTableTests: XCTestCase {
    func testTheTableGivesTheConversionsColourToTheBit() {
        for matrix in [VideoMatrix.bt601, .bt709, .bt2020] {
            for range in [VideoRange.limited, .full] {
                let table = YCbCrConversion.CodeTable(matrix: matrix, range: range)
                var compared = 0
                for luma in 0..<256 {
                    for cb in stride(from: 0, through: 255, by: 5) {
                        for cr in stride(from: 0, through: 255, by: 5) {
                            let expected = YCbCrConversion.rgb(luma: Double(luma), cb: Double(cb), cr: Double(cr), matrix: matrix, range: range)
                            let found = table.rgb(luma: UInt8(luma), cb: UInt8(cb), cr: UInt8(cr))
                            if found != expected {
                                XCTFail("\(matrix) \(range) (\(luma), \(cb), \(cr)): \(found) against \(expected)")
                                return
                            }
                            compared += 1
                        }
                    }
                }
                XCTAssertEqual(compared, 256 * 52 * 52)
            }
        }
    }
}
