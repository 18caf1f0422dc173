@testable import CallshadeCore
import XCTest

/// The blurred copy converts a picture's rows of codes through a table of
/// the terms that hang on one code, two pixels at a time: the colour
/// `YCbCrConversion.rgb` gives, to the bit (the sign of a zero included),
/// for every luma code and cb, cr codes across their span, in each matrix
/// and range, in a row of even and of odd length.
final class CodeTableTests: XCTestCase {
    func testTheTableGivesTheConversionsColourToTheBit() {
        let lumaCodes = (0..<256).map(UInt8.init)
        for matrix in [VideoMatrix.bt601, .bt709, .bt2020] {
            for range in [VideoRange.limited, .full] {
                let table = YCbCrConversion.CodeTable(matrix: matrix, range: range)
                var compared = 0
                for cb in stride(from: 0, through: 255, by: 5) {
                    for cr in stride(from: 0, through: 255, by: 5) {
                        // Pixel x reads chroma sample x / 2: both samples alike, so every pixel's codes are (x, cb, cr).
                        for count in [256, 255] {
                            let chroma = (cb: [UInt8](repeating: UInt8(cb), count: 128), cr: [UInt8](repeating: UInt8(cr), count: 128))
                            var (reds, greens, blues) = ([Double](repeating: .nan, count: count), [Double](repeating: .nan, count: count),
                                                         [Double](repeating: .nan, count: count))
                            reds.withUnsafeMutableBufferPointer { reds in
                                greens.withUnsafeMutableBufferPointer { greens in
                                    blues.withUnsafeMutableBufferPointer { blues in
                                        table.row(luma: lumaCodes, cb: chroma.cb, cr: chroma.cr, count: count, reds: reds.baseAddress!,
                                                  greens: greens.baseAddress!, blues: blues.baseAddress!)
                                    }
                                }
                            }
                            for luma in 0..<count {
                                let expected = YCbCrConversion.rgb(luma: Double(luma), cb: Double(cb), cr: Double(cr), matrix: matrix, range: range)
                                let found = (reds[luma], greens[luma], blues[luma])
                                guard found.0.bitPattern == expected.r.bitPattern, found.1.bitPattern == expected.g.bitPattern,
                                      found.2.bitPattern == expected.b.bitPattern else {
                                    XCTFail("\(matrix) \(range) (\(luma), \(cb), \(cr)): \(found) against \(expected)")
                                    return
                                }
                                compared += 1
                            }
                        }
                    }
                }
                XCTAssertEqual(compared, 511 * 52 * 52)
            }
        }
    }
}
