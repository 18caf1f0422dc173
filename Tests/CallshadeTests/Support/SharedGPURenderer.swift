@testable import CallshadeGL
import Foundation

/// One GPU renderer (a GL context and its compiled shaders, which take a
/// second or more to build on llvmpipe) for all the tests of a class that do
/// not need a fresh one. A class holds one in a static constant and lets it
/// go in its `override class func tearDown()`:
///
///     static let shared = SharedGPURenderer()
///     override class func tearDown() { shared.release(); super.tearDown() }
///     ... let gpu = try Self.shared.renderer()
///
/// Each test gets it with every option as a new renderer has it, whatever
/// the test before changed.
final class SharedGPURenderer: @unchecked Sendable {
    private let lock = NSLock()
    private var made: GPURenderer?
    private var defaults: (gradientFactor: Int, convertsOnGPU: Bool, composesOnHost: Bool, classifiesTiles: Bool)?

    func renderer() throws -> GPURenderer {
        lock.lock()
        defer { lock.unlock() }
        if let made, let defaults {
            made.gradientFactor = defaults.gradientFactor
            made.convertsOnGPU = defaults.convertsOnGPU
            made.composesOnHost = defaults.composesOnHost
            made.classifiesTiles = defaults.classifiesTiles
            return made
        }
        let renderer = try makeGPURenderer()
        made = renderer
        defaults = (renderer.gradientFactor, renderer.convertsOnGPU, renderer.composesOnHost, renderer.classifiesTiles)
        return renderer
    }

    /// Lets the renderer and its context go; a later `renderer()` makes a new one.
    func release() {
        lock.lock()
        defer { lock.unlock() }
        made = nil
        defaults = nil
    }
}
