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
/// Its configuration is fixed, so every test gets it as it was made; a test
/// that needs another one takes `renderer().with { ... }`, which shares it.
/// Each `renderer()` empties its reuse store, so no test finds work another kept.
final class SharedGPURenderer: @unchecked Sendable {
    private let lock = NSLock()
    private var made: GPURenderer?

    func renderer() throws -> GPURenderer {
        lock.lock()
        defer { lock.unlock() }
        if let made {
            made.reuse.empty()
            return made
        }
        let renderer = try makeGPURenderer()
        made = renderer
        return renderer
    }

    /// Lets the renderer and its context go; a later `renderer()` makes a new one.
    func release() {
        lock.lock()
        defer { lock.unlock() }
        made = nil
    }
}
