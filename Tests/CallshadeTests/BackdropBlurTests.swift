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
