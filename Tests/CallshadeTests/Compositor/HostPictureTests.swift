@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

/// An opaque canvas picture converted band by band as it is drawn (the
/// first time it is seen) gives the bytes of the picture converted whole
/// and kept (`ConvertedPicture`): RGBA and I420, for a frame of odd sides
/// drawn in bands, over seeded values.
final class HostPictureTests: XCTestCase {
    func testBandsConvertAsTheWholePictureDoes() throws {
        var random = SeededGenerator(state: 47)
        for (width, height) in [(37, 23), (40, 18)] {
            var pixels: [Float] = []
            for _ in 0..<(width * height) {
                pixels += [Float(random.below(1001)) / 1000, Float(random.below(1001)) / 1000, Float(random.below(1001)) / 1000, 1]
            }
            let picture = FramePicture(width: width, height: height, pixels: pixels)
            let whole = HostPicture(content: .picture(ConvertedPicture(picture))), bands = HostPicture(content: .rows(picture))
            var wholeRGBA = [UInt8](repeating: 0, count: width * height * 4), bandRGBA = wholeRGBA
            var wholePlanes = [UInt8](repeating: 0, count: YUV420.frameBytes(width: width, height: height)), bandPlanes = wholePlanes
            wholeRGBA.withUnsafeMutableBufferPointer { whole.draw(into: $0.baseAddress!, rows: 0..<height) }
            wholePlanes.withUnsafeMutableBufferPointer { whole.drawYUV420(into: $0.baseAddress!, rows: 0..<height) }
            for band in [0..<10, 10..<16, 16..<height] {
                bandRGBA.withUnsafeMutableBufferPointer { bands.draw(into: $0.baseAddress!, rows: band) }
                bandPlanes.withUnsafeMutableBufferPointer { bands.drawYUV420(into: $0.baseAddress!, rows: band) }
            }
            XCTAssertEqual(bandRGBA, wholeRGBA, "\(width)x\(height) RGBA")
            XCTAssertEqual(bandPlanes, wholePlanes, "\(width)x\(height) I420")
            XCTAssertNotEqual(Set(wholePlanes).count, 1, "the planes hold the picture")
        }
    }
}
