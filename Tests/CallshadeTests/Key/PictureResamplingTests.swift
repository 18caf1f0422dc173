@testable import CallshadeCore
import XCTest

/// `PictureResampling.resized` row by row equals the whole two passes it
/// replaced: every source row resampled across into one intermediate
/// picture, then every output row down from it, in the same taps' order.
final class PictureResamplingTests: XCTestCase {
    /// The two passes over a whole intermediate picture.
    static func twoPasses(_ rgba: [UInt8], width: Int, height: Int, to newWidth: Int, _ newHeight: Int) -> [UInt8] {
        let across = Resampling.weights(from: width, to: newWidth), down = Resampling.weights(from: height, to: newHeight)
        var rows = [Double](repeating: 0, count: newWidth * height * 4)
        for row in 0..<height {
            for (column, taps) in across.enumerated() {
                for channel in 0..<4 {
                    rows[(row * newWidth + column) * 4 + channel] = taps.reduce(0) { $0 + Double(rgba[(row * width + $1.0) * 4 + channel]) * $1.1 }
                }
            }
        }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for (row, taps) in down.enumerated() {
            for column in 0..<newWidth {
                for channel in 0..<4 {
                    let value = taps.reduce(0) { $0 + rows[($1.0 * newWidth + column) * 4 + channel] * $1.1 }
                    result[(row * newWidth + column) * 4 + channel] = UInt8(min(max(value.rounded(), 0), 255))
                }
            }
        }
        return result
    }

    func testRowByRowIsTheTwoPassesExactly() {
        var state: UInt32 = 12345
        func byte() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        for (width, height, newWidth, newHeight) in [(37, 23, 5, 7), (5, 4, 13, 9), (30, 5, 7, 11), (64, 64, 64, 64), (1, 9, 3, 2), (300, 200, 129, 129)] {
            let rgba = (0..<width * height * 4).map { _ in byte() }
            XCTAssertEqual(PictureResampling.resized(rgba, width: width, height: height, to: newWidth, newHeight),
                           Self.twoPasses(rgba, width: width, height: height, to: newWidth, newHeight), "\(width)x\(height) to \(newWidth)x\(newHeight)")
        }
    }
}
