import CallshadeCore
import CallshadePNG
import XCTest

/// The streaming avatar resampler against the two-pass resampling it
/// replaced, kept here as it was: the bytes must be the same for every input.
final class AvatarResamplingTests: XCTestCase {
    func testStreamingPrepareGivesTheTwoPassBytes() throws {
        // (width, height, side): shrinking, enlarging, odd sizes, non-square crops, whole ratios, one pixel.
        let cases = [(157, 203, 29), (203, 157, 64), (13, 9, 40), (50, 50, 50), (1, 1, 7), (7, 300, 3), (99, 100, 33),
                     (64, 64, 1), (301, 301, 97), (5, 5, 9), (640, 480, 131), (33, 2, 5), (2, 33, 1), (128, 128, 255)]
        var random = SeededGenerator(state: 20261123)
        for (width, height, side) in cases {
            let image = try XCTUnwrap(RGBAImage(width: width, height: height, pixels: Self.pixels(width * height, &random)))
            let streamed = try XCTUnwrap(AvatarImage.prepare(image, side: side))
            let twoPass = try XCTUnwrap(TwoPassAvatar.prepare(image, side: side))
            XCTAssertEqual(streamed.side, side)
            if streamed != twoPass {
                let first = zip(streamed.premultiplied, twoPass.premultiplied).enumerated().first { $0.element.0 != $0.element.1 }
                XCTFail("\(width)x\(height) to \(side): first difference at byte \(first?.offset ?? -1)")
            }
        }
    }

    func testAPhotoGivesTheTwoPassBytesAtEverySide() throws {
        let photo = try PNGFile.read(path: ForegroundFixtures.avatarPath)
        for side in [1, 17, 64, 171, min(photo.width, photo.height) + 1] {
            XCTAssertEqual(AvatarImage.prepare(photo, side: side), TwoPassAvatar.prepare(photo, side: side), "side \(side)")
        }
    }

    func testEmptyImagesAndSidesGiveNothing() throws {
        let image = try XCTUnwrap(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64)))
        XCTAssertNil(AvatarImage.prepare(image, side: 0))
        XCTAssertNil(AvatarImage.prepare(image, side: AvatarImage.maximumSide + 1))
        XCTAssertNil(AvatarImage.prepare(RGBAImage(width: 0, height: 5, fill: (1, 2, 3, 4)), side: 8))
    }

    /// Random-ish pixels; a third fully transparent or opaque, the rest translucent.
    static func pixels(_ count: Int, _ random: inout SeededGenerator) -> [UInt8] {
        (0..<count).flatMap { _ -> [UInt8] in
            let alpha: UInt8 = switch random.next() % 3 {
            case 0: random.next() % 2 == 0 ? 0 : 255
            default: UInt8(truncatingIfNeeded: random.next())
            }
            return [UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
                    UInt8(truncatingIfNeeded: random.next()), alpha]
        }
    }
}

/// `AvatarImage.prepare` and its weights as they were before streaming: the
/// whole crop copied into doubles, a crop x side horizontal pass, then the
/// vertical pass. The oracle for the streaming version.
private enum TwoPassAvatar {
    static func prepare(_ image: RGBAImage, side: Int) -> AvatarImage? {
        guard side > 0, image.width > 0, image.height > 0 else { return nil }
        let crop = min(image.width, image.height)
        let left = (image.width - crop) / 2
        let top = (image.height - crop) / 2
        var source = [Double](repeating: 0, count: crop * crop * 4)
        for y in 0..<crop {
            for x in 0..<crop {
                let from = ((top + y) * image.width + left + x) * 4
                let to = (y * crop + x) * 4
                let alpha = Double(image.pixels[from + 3]) / 255
                for channel in 0..<3 { source[to + channel] = Double(image.pixels[from + channel]) / 255 * alpha }
                source[to + 3] = alpha
            }
        }
        let weights = weights(from: crop, to: side)
        var horizontal = [Double](repeating: 0, count: crop * side * 4)
        for y in 0..<crop {
            for (x, taps) in weights.enumerated() {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for (index, weight) in taps {
                    let at = (y * crop + index) * 4
                    sum = (sum.0 + source[at] * weight, sum.1 + source[at + 1] * weight,
                           sum.2 + source[at + 2] * weight, sum.3 + source[at + 3] * weight)
                }
                let at = (y * side + x) * 4
                (horizontal[at], horizontal[at + 1], horizontal[at + 2], horizontal[at + 3]) = sum
            }
        }
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for (y, taps) in weights.enumerated() {
            for x in 0..<side {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for (index, weight) in taps {
                    let at = (index * side + x) * 4
                    sum = (sum.0 + horizontal[at] * weight, sum.1 + horizontal[at + 1] * weight,
                           sum.2 + horizontal[at + 2] * weight, sum.3 + horizontal[at + 3] * weight)
                }
                let at = (y * side + x) * 4
                pixels[at] = Quantize.byte(sum.0)
                pixels[at + 1] = Quantize.byte(sum.1)
                pixels[at + 2] = Quantize.byte(sum.2)
                pixels[at + 3] = Quantize.byte(sum.3)
            }
        }
        return AvatarImage(side: side, premultiplied: pixels)
    }

    static func weights(from inputCount: Int, to outputCount: Int) -> [[(Int, Double)]] {
        let ratio = Double(inputCount) / Double(outputCount)
        return (0..<outputCount).map { output in
            let centre = (Double(output) + 0.5) * ratio
            var taps: [(Int, Double)] = []
            if ratio > 1 {
                let low = centre - ratio / 2
                let high = centre + ratio / 2
                for input in max(0, Int(low.rounded(.down)))..<min(inputCount, Int(high.rounded(.up))) {
                    let overlap = min(high, Double(input + 1)) - max(low, Double(input))
                    if overlap > 0 { taps.append((input, overlap)) }
                }
            } else {
                let position = centre - 0.5
                let left = Int(position.rounded(.down))
                let fraction = position - Double(left)
                taps = [(min(max(left, 0), inputCount - 1), 1 - fraction),
                        (min(max(left + 1, 0), inputCount - 1), fraction)]
            }
            let total = taps.reduce(0) { $0 + $1.1 }
            return taps.map { ($0.0, $0.1 / total) }
        }
    }
}
