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
