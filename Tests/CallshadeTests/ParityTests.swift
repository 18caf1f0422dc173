import Foundation
import CallshadeCore
@testable import CallshadeGL
import XCTest

/// The GPU renderer held to the CPU reference: per channel |delta| <= 1 on at
/// least 99.9 % of pixels and <= 2 everywhere.
final class ParityTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    /// The GPU's routes (`RouteMatrix`: the passes, and host composition
    /// wherever it can run) held to the CPU reference; a route that fell back
    /// fails. `reference`: the CPU reference's frame when the test has it already.
    func assertParity(_ request: Scene, gpu: GPURenderer, reference: RGBAImage? = nil,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        // Named by size and the centres' first coordinates (the failure files' names).
        let centres = request.background?.centres.map { String(format: "%.3f", $0.x) }.joined(separator: "_") ?? "none"
        let name = "gradient-\(request.size)-\(centres)"
        try RouteMatrix(gpu: gpu).assertEveryRouteAgrees(request, name: name, reference: reference, file: file, line: line)
    }

    func testSmallSizesAndFractionalPhases() throws {
        let gpu = try Self.shared.renderer()
        let phases = [0, 1, 2.5, 5.75, 7.3, -1.25, 13.9]
        // Every palette at every phase on the small sizes, where a frame costs nothing.
        for size in ["1x1", "7x3", "3x7", "64x64"] {
            for phase in phases {
                for palette in Palette.allCases {
                    let request = Scene(size: try FrameSize(parsing: size),
                                               background: GradientParameters(palette: palette, phase: phase))
                    try assertParity(request, gpu: gpu)
                }
            }
        }
        // At 390x844, where a CPU reference frame takes over a second
        // unoptimised, a sample: each palette once, at a fractional phase.
        for (palette, phase) in zip(Palette.allCases, [2.5, 7.3, -1.25]) {
            try assertParity(Scene(size: try FrameSize(parsing: "390x844"),
                                          background: GradientParameters(palette: palette, phase: phase)), gpu: gpu)
        }
    }

    func testFullPhoneSizeAndTheGridPath() throws {
        let gpu = try Self.shared.renderer()
        // The sizes here where the GPU interpolates the gradient from its
        // low-resolution grid: the phone's, blue-violet at phase 0 (what
        // `SpecValueTests` checks too: its reference frame is rendered once a
        // run), and the smallest frame the grid is used for (120 texels
        // across), with another palette at a fractional phase.
        XCTAssertEqual(LowResolutionGrid(width: 960, height: 1280, factor: RendererConfiguration.defaultGradientFactor).innerWidth,
                       LowResolutionGrid.minimumSide)
        for (size, palette, phase) in [(FrameSize.phone, Palette.blueViolet, 0.0), (try FrameSize(parsing: "960x1280"), .orangeRed, 2.5)] {
            let request = Scene(size: size, background: GradientParameters(palette: palette, phase: phase))
            try assertParity(request, gpu: gpu, reference: try ReferenceFrames.render(request))
        }
    }

    func testTonedGradient() throws {
        let gpu = try Self.shared.renderer()
        for palette in Palette.allCases {
            var background = GradientParameters(palette: palette, phase: 4.4)
            background.tone = .waves
            try assertParity(Scene(size: try FrameSize(parsing: "270x480"), background: background), gpu: gpu)
        }
    }

    func testOtherFalloffAndNoSwirl() throws {
        // The 2021 article's family: falloff max(0, 1 - d)^4, no swirl.
        let gpu = try Self.shared.renderer()
        var background = GradientParameters(palette: .blueGreen, phase: 6.2)
        background.falloffRadius = 1
        background.falloffExponent = 4
        background.swirlStrength = 0
        try assertParity(Scene(size: try FrameSize(parsing: "200x300"), background: background), gpu: gpu)
    }

    func testExtremeAspectRatiosUpToTheLimit() throws {
        let gpu = try Self.shared.renderer()
        let limit = min(gpu.context.info.maximumRenderSize, FrameSize.maximumSide)
        for size in [try FrameSize(width: limit, height: 1), try FrameSize(width: 1, height: limit)] {
            try assertParity(Scene(size: size, background: GradientParameters(palette: .blueViolet, phase: 1.5)), gpu: gpu)
        }
    }

    func testRendersAreByteIdenticalWhenRepeated() throws {
        let gpu = try Self.shared.renderer()
        let request = Scene(size: try FrameSize(parsing: "333x555"),
                                   background: GradientParameters(palette: .orangeRed, phase: 3.3))
        let first = try gpu.render(request)
        _ = try gpu.render(Scene(size: try FrameSize(parsing: "20x20"), background: GradientParameters(palette: .blueGreen, phase: 0)))
        assertSameImage(try gpu.render(request), first)
        assertSameImage(try makeGPURenderer().render(request), first)
        assertSameImage(try ReferenceRenderer().render(request), try ReferenceRenderer().render(request))
    }

    func testSizesPastTheDriversLimitAreRefused() throws {
        let gpu = try Self.shared.renderer()
        let limit = gpu.context.info.maximumRenderSize
        XCTAssertThrowsError(try gpu.context.checkRenderable(width: limit + 1, height: 1)) { error in
            XCTAssertEqual(error as? RenderLimitError, .tooLarge(width: limit + 1, height: 1, maximum: limit))
        }
        XCTAssertNoThrow(try gpu.context.checkRenderable(width: limit, height: limit))
    }
}
