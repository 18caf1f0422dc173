@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

/// A shade's rows whose pixels are alike (`HostShade.uniformRow`) are
/// mixed through a table of the 256 levels (`HostShadedDrawing`'s alike
/// path): the same bytes as mixing each pixel.
final class AlikeRowsTests: XCTestCase {
    /// `HostShade` with no row known to be alike: `HostShadedDrawing` then mixes pixel by pixel.
    private struct PerPixel: HostRowShader {
        let shade: HostShade
        func makeRowMemory(width: Int) {}
        func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: Void) {
            shade.shade(row: y, from: x, count: count, into: values, memory: ())
        }
        func uniformRow(_ y: Int, from x: Int, count: Int) -> SIMD4<Float>? { nil }
    }

    private static let size = try! FrameSize(width: 240, height: 320)

    /// Shades of every kind: shadows alone, shapes inside and outside with a shadow, at amounts 0, tiny, between and 1.
    private static func shades(_ alpha: Double) -> [(String, ShadeNode)] {
        let screen = RoundedRectangle(x: 0, y: 0, width: 240, height: 320, cornerRadius: 29)
        return [
            ("shadows", ShadeNode(parts: [.shadow(edge: 0, depth: 57.5, downward: true, alpha: alpha),
                                          .shadow(edge: 320, depth: 57.5, downward: false, alpha: alpha)])),
            ("shapes", ShadeNode(parts: [.inside(RoundedRectangle(x: 30.3, y: 41.7, width: 150.2, height: 180.9, cornerRadius: 40), alpha: alpha),
                                         .outside(screen, alpha: alpha * 0.8),
                                         .shadow(edge: 0, depth: 90, downward: true, alpha: alpha)])),
            ("backdrop", ShadeNode(parts: [.inside(screen, alpha: alpha), .outside(screen, alpha: alpha)])),
        ]
    }

    /// The video call's own shades at 390x844: its backdrop with the phone's
    /// corners as it grows and at rest, its shadows with the controls shown and hidden.
    private static func callShades() throws -> [(String, ShadeNode, FrameSize)] {
        let (screen, timeline) = try VideoCallFixtures.screen(VideoCallFixtures.scenario([(1, .remoteVideo(true))]),
                                                              layers: [.video])
        var shades: [(String, ShadeNode, FrameSize)] = []
        for time in [1.05, 2, 4.5] {
            let scene = try VideoCallFixtures.scene(screen, timeline, at: time)
            for (index, node) in scene.nodes.compactMap({ $0 as? ShadeNode }).enumerated() { shades.append(("call at \(time), shade \(index)", node, scene.size)) }
        }
        return shades
    }

    /// At every row, for runs of many starts and widths (odd ones, the
    /// whole row, runs across a corner's rows), `uniformRow` is nil or what
    /// `shade` writes at every pixel of the run, bit for bit; and it is not
    /// always nil. Catches: a row called alike where a shape's edge crosses
    /// it, coverage 1 and 0 swapped, a shape's or a shadow's factor left out
    /// or combined in another order (another float).
    func testAnAlikeRowIsWhatShadeWritesAtEachPixel() throws {
        var random = SeededGenerator(state: 44_11)
        var cases = try Self.callShades()
        for alpha in [1, 0.5, 1e-7, 0] { cases += Self.shades(alpha).map { ("\($0.0) at \(alpha)", $0.1, Self.size) } }
        for (name, node, size) in cases {
            let shader = HostShade(node: node)
            var (alike, checked) = (0, 0)
            ShadedRow.with(count: size.width) { values in
                for y in 0..<size.height {
                    var runs = [(0, size.width), (1, size.width - 1), (0, 1), (size.width - 3, 3), (8, size.width - 16)]
                    for _ in 0..<4 {
                        let x = random.below(size.width)
                        runs.append((x, 1 + random.below(size.width - x)))
                    }
                    for (x, count) in runs {
                        checked += 1
                        guard let uniform = shader.uniformRow(y, from: x, count: count) else { continue }
                        alike += 1
                        shader.shade(row: y, from: x, count: count, into: values, memory: ())
                        for index in 0..<count where Self.bits(values[index]) != Self.bits(uniform) {
                            XCTFail("\(name): row \(y), run \(x)+\(count), pixel \(x + index): shade \(values[index]), uniformRow \(uniform)")
                            return
                        }
                    }
                }
            }
            XCTAssertGreaterThan(alike, checked / 10, "\(name): rows found alike")
        }
    }

    private static func bits(_ value: SIMD4<Float>) -> [UInt32] { [value.x, value.y, value.z, value.w].map(\.bitPattern) }

    /// Over random planes, the shade drawn into I420 (its alike rows
    /// through tables, its surely black columns as solid runs, its parts
    /// read from rows made once or not) is byte for byte the shade drawn
    /// pixel by pixel, over RGBA too:
    /// runs from odd columns and of odd widths and heights, bands of rows in
    /// any order. Catches: a table entry off by one level, a block's chroma
    /// sums added in another order (another float, another byte), a run's
    /// odd first column's share given to the wrong block, a row pair called
    /// alike whose blocks differ.
    func testAShadeDrawnThroughTablesIsTheShadeMixedPerPixel() throws {
        var random = SeededGenerator(state: 44_12)
        let rectSets: [[PixelRect]] = [
            [PixelRect(x: 0, y: 0, width: 240, height: 320)],
            [PixelRect(x: 3, y: 5, width: 37, height: 21), PixelRect(x: 48, y: 40, width: 64, height: 31),
             PixelRect(x: 1, y: 100, width: 239, height: 50), PixelRect(x: 0, y: 150, width: 120, height: 170),
             PixelRect(x: 120, y: 150, width: 120, height: 170)],
        ]
        var cases = try Self.callShades()
        for alpha in [1, 0.5, 0.999, 1e-7, 0] { cases += Self.shades(alpha).map { ("\($0.0) at \(alpha)", $0.1, Self.size) } }
        for (name, node, size) in cases {
            let frameBytes = YUV420.frameBytes(width: size.width, height: size.height)
            let whole = [PixelRect(x: 0, y: 0, width: size.width, height: size.height)]
            for rects in size == Self.size ? rectSets : [whole] {
                let below = (0..<frameBytes).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let cuts = stride(from: 0, to: size.height, by: 64).map { $0 } + [size.height]
                let bands = zip(cuts, cuts.dropFirst()).map { $0..<$1 }.shuffled(using: &random)
                var (tabled, kept, perPixel) = (below, below, below)
                let fast = HostShadedDrawing(shader: HostShade(node: node), rects: rects, size: size)
                // Its parts along the rows read from a table made once (as its renderer keeps them), over a span of the rows only.
                let rows = ShadeRows(node, rows: size.height / 4..<size.height)
                let fromRows = HostShadedDrawing(shader: HostShade(node: node, rows: rows), rects: rects, size: size)
                let slow = HostShadedDrawing(shader: PerPixel(shade: HostShade(node: node)), rects: rects, size: size)
                for band in bands {
                    tabled.withUnsafeMutableBufferPointer { fast.drawYUV420(into: $0.baseAddress!, rows: band) }
                    kept.withUnsafeMutableBufferPointer { fromRows.drawYUV420(into: $0.baseAddress!, rows: band) }
                    perPixel.withUnsafeMutableBufferPointer { slow.drawYUV420(into: $0.baseAddress!, rows: band) }
                }
                let differences = SampleDifferences(tabled, perPixel)
                XCTAssertEqual(differences.differing, 0, "\(name), \(rects.count) rects: \(differences)")
                XCTAssertEqual(kept, tabled, "\(name), \(rects.count) rects: the parts read from rows made once")
                // Over RGBA too, where solid runs are mixed as any pixel.
                let pixels = (0..<size.pixelCount * 4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                var (solidRGBA, perPixelRGBA) = (pixels, pixels)
                for band in bands {
                    solidRGBA.withUnsafeMutableBufferPointer { fromRows.draw(into: $0.baseAddress!, rows: band) }
                    perPixelRGBA.withUnsafeMutableBufferPointer { slow.draw(into: $0.baseAddress!, rows: band) }
                }
                XCTAssertEqual(solidRGBA, perPixelRGBA, "\(name), \(rects.count) rects: RGBA")
            }
        }
    }

    /// The scalar rule of an 8-bit level: the value plus one half, clamped, its whole part.
    private static func level(_ value: Float) -> UInt8 { UInt8(min(max(value + 0.5, 0), 255)) }

    /// `levelTable` is the scalar level of each of the 256 values, bit for
    /// bit, for a luma sample's mix (below + amount x (target - below)) and a
    /// chroma sample's (mean + below x (1 - amount)), at random and at
    /// edges (amounts 0, 1, tiny; values half way between levels, beyond
    /// 0...255). Catches: rounding half to even rather than down from the
    /// half added, a clamp at the wrong end, a lane written to the wrong entry.
    func testALevelTableIsTheScalarLevelOfEachValue() {
        var random = SeededGenerator(state: 44_13)
        var pairs: [(Float, Float)] = [(0, 100), (1, 100.5), (1, 16), (1, 235), (1e-7, 200), (0.5, 0.5), (0.25, -0.5), (1, 255.5), (1, -40), (1, 300)]
        for _ in 0..<4000 {
            let amount = random.pick([Float(random.unit()), 0, 1, Float(random.unit()) * 1e-5, 1 - Float(random.unit()) * 1e-5])
            let target = random.below(3) == 0 ? Float(random.below(300) - 20) + 0.5 : Float(random.unit() * 320 - 30)
            pairs.append((amount, target))
        }
        var table = [UInt8](repeating: 0, count: 256)
        for (amount, target) in pairs {
            table.withUnsafeMutableBufferPointer { HostShadedDrawing<HostShade>.levelTable(into: $0.baseAddress!) { below in below + amount * (target - below) } }
            for below in 0..<256 {
                let value = Float(below) + amount * (target - Float(below))
                guard table[below] == Self.level(value) else {
                    return XCTFail("luma: amount \(amount), target \(target), level \(below): table \(table[below]), scalar \(Self.level(value))")
                }
            }
            // The chroma form: a block's mean share and the part of what is below left.
            let mean = target * amount
            table.withUnsafeMutableBufferPointer { HostShadedDrawing<HostShade>.levelTable(into: $0.baseAddress!) { below in mean + below * (1 - amount) } }
            for below in 0..<256 {
                let value = mean + Float(below) * (1 - amount)
                guard table[below] == Self.level(value) else {
                    return XCTFail("chroma: amount \(amount), mean \(mean), level \(below): table \(table[below]), scalar \(Self.level(value))")
                }
            }
        }
    }
}
