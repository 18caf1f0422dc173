@testable import CallshadeGL
import XCTest

/// The glass backdrop's blur on the GPU (the passes route, nothing read
/// back) against the host's: the same kernel, taps and edge rule, the same
/// sums tap by tap, so the same half floats.
final class BackdropBlurTests: XCTestCase {
    func testTheGPUsBlurIsTheHosts() throws {
        let context = try GLContext()
        let pass = try BackdropBlurPass(context: context, shaders: .embedded)
        var random = SeededGenerator(state: 29_40)
        var wrong = FailureCount()
        for (columns, rows, sigma) in [(37, 23, (2.1, 1.9)), (5, 40, (0.7, 3.3)), (64, 3, (9.0, 0.0)), (1, 1, (2.0, 2.0))] {
            // Half floats in 0...1, as the gradient pass leaves them.
            let values = (0..<columns * rows * 4).map { $0 % 4 == 3 ? 1 : Float(Float16(Float(random.unit()))) }
            let lattice = try Texture(context: context, width: columns, height: rows, format: .rgba16f)
            try lattice.upload(floats: values)
            let output = try Framebuffer(color: try Texture(context: context, width: columns, height: rows, format: .rgba16f))
            try pass.blur(lattice, sigma: sigma, into: output)
            try output.bind()
            var gpu = [Float](repeating: 0, count: columns * rows * 4)
            try gpu.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                try GLCalls.readPixels(output.bounds, as: .rgba32f, into: base)
            }
            let host = BackdropLattice.blurred(values, columns: columns, rows: rows, sigma: sigma).map { Float(Float16($0)) }
            for index in host.indices {
                // Within one half-float step of values under 1 (a fused multiply-add may round the other way).
                wrong.check(abs(gpu[index] - host[index]) <= 1.0 / 2048, "\(columns)x\(rows) at \(index / 4), channel \(index % 4): GPU \(gpu[index]), host \(host[index])")
            }
        }
        wrong.assertNone("the GPU's blur against the host's")
    }
}

/// The blur kept at every few points (the dense lattice over a video or the
/// chat's wallpaper) is the dense blur at those points: the same sums, in the
/// same order, so the same floats.
final class BackdropBlurStrideTests: XCTestCase {
    /// Each kept point is the Gaussian's taps times the points they reach (indices beyond an edge clamped to it),
    /// summed in tap order along the rows, then down the columns: to the float, inside the lattice and near its edges.
    func testTheBlurIsTheClampedSumInTapOrder() {
        var random = SeededGenerator(state: 33_05)
        for (columns, rows, sigma, stride) in [(150, 90, (8.0, 8.0), 4), (90, 70, (2.5, 6.0), 1), (7, 160, (8.0, 8.0), 4)] {
            let values = (0..<columns * rows * 4).map { $0 % 4 == 3 ? 1 : Float(random.unit()) }
            let blurred = BackdropLattice.blurred(values, columns: columns, rows: rows, sigma: sigma, stride: stride)
            let (across, down) = (BackdropLattice.kernel(sigma.0), BackdropLattice.kernel(sigma.1))
            let keptColumns = (columns - 1) / stride + 1, keptRows = (rows - 1) / stride + 1
            func clamped(_ index: Int, _ count: Int) -> Int { min(max(index, 0), count - 1) }
            // Along the rows, at every row and each kept column.
            var horizontal = [Float](repeating: 0, count: keptColumns * rows * 4)
            for row in 0..<rows {
                for column in 0..<keptColumns {
                    for channel in 0..<3 {
                        var sum: Float = 0
                        for (tap, weight) in across.enumerated() {
                            sum += values[(row * columns + clamped(column * stride + tap - across.count / 2, columns)) * 4 + channel] * weight
                        }
                        horizontal[(row * keptColumns + column) * 4 + channel] = sum
                    }
                }
            }
            for row in 0..<keptRows {
                for column in 0..<keptColumns {
                    for channel in 0..<3 {
                        var sum: Float = 0
                        for (tap, weight) in down.enumerated() {
                            sum += horizontal[(clamped(row * stride + tap - down.count / 2, rows) * keptColumns + column) * 4 + channel] * weight
                        }
                        XCTAssertEqual(blurred[(row * keptColumns + column) * 4 + channel], sum,
                                       "\(columns)x\(rows) stride \(stride) at (\(column), \(row)), channel \(channel)")
                    }
                    XCTAssertEqual(blurred[(row * keptColumns + column) * 4 + 3], 1)
                }
            }
        }
    }

    func testKeptPointsAreTheDenseBlursPoints() {
        var random = SeededGenerator(state: 32_04)
        for (columns, rows, sigma, stride) in [(37, 23, (8.0, 8.0), 4), (9, 41, (2.5, 7.0), 4), (13, 13, (1.0, 1.0), 3), (1, 5, (8.0, 8.0), 4)] {
            let values = (0..<columns * rows * 4).map { $0 % 4 == 3 ? 1 : Float(random.unit()) }
            let dense = BackdropLattice.blurred(values, columns: columns, rows: rows, sigma: sigma)
            let kept = BackdropLattice.blurred(values, columns: columns, rows: rows, sigma: sigma, stride: stride)
            let keptColumns = (columns - 1) / stride + 1, keptRows = (rows - 1) / stride + 1
            XCTAssertEqual(kept.count, keptColumns * keptRows * 4)
            for row in 0..<keptRows {
                for column in 0..<keptColumns {
                    for channel in 0..<4 {
                        XCTAssertEqual(kept[(row * keptColumns + column) * 4 + channel],
                                       dense[(row * stride * columns + column * stride) * 4 + channel],
                                       "\(columns)x\(rows) stride \(stride) at (\(column), \(row)), channel \(channel)")
                    }
                }
            }
        }
    }
}
