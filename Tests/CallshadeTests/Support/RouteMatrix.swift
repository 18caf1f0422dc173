import CallshadeCore
import CallshadeGL
import CallshadePNG
import Foundation
import XCTest

/// The three routes a frame can take, each configured explicitly, so that a
/// test holds every one of them and none falls back to another unseen: the
/// CPU reference (the contract), the GPU passes, and host composition (the
/// route every render without a GPU takes), forced onto small frames with a
/// grid fine enough to apply there.
enum TestRoute: String, CaseIterable {
    case reference
    case passes
    case host
}

struct RouteMatrix {
    let gpu: GPURenderer
    let reference = ReferenceRenderer()

    init(gpu: GPURenderer) {
        self.gpu = gpu
    }

    /// The routes a frame of `scene` can take: all three, but host
    /// composition only under a background (it composes over the
    /// interpolated gradient) on frames at least 32 pixels a side (a grid
    /// of 16 texels at factor 2), or on a frame without one that the host
    /// draws whole (the chat's: its wallpaper lowest and opaque, every node
    /// drawn on the host; `ChatHostRouteTests` holds that chat frames are).
    /// Any other frame without a background, the waves' mask, say, takes
    /// the GPU passes on every route, as `render --layers waves` does.
    func routes(for scene: Scene) -> [TestRoute] {
        guard scene.background != nil else {
            let host = renderer(.host, for: scene) as? GPURenderer
            return host?.route(for: scene) == .hostComposition ? TestRoute.allCases : [.reference, .passes]
        }
        return min(scene.size.width, scene.size.height) >= 32 ? TestRoute.allCases : [.reference, .passes]
    }

    /// The renderer of `route` for `scene`. Host composition takes the
    /// largest grid factor up to the default (8) that leaves the grid at least
    /// 120 texels a side, or for frames too small for that (the gradient
    /// goldens, 117 pixels wide) factor 2 with the grid's minimum lowered to
    /// 16: the route itself, not the passes it would fall back to.
    func renderer(_ route: TestRoute, for scene: Scene) -> any FrameRenderer {
        switch route {
        case .reference:
            return reference
        case .passes:
            return gpu.reconfigured(RendererConfiguration(route: .gpuPasses, yuvConverter: .cpu))
        case .host:
            let side = min(scene.size.width, scene.size.height)
            let fine = (2...RendererConfiguration.defaultGradientFactor).last { side / $0 >= 120 }
            var configuration = RendererConfiguration(route: .hostComposition, yuvConverter: .cpu, gradientFactor: fine ?? 2)
            if fine == nil { configuration.minimumGridSide = 16 }
            return gpu.reconfigured(configuration)
        }
    }

    /// Nil when `renderer` takes `route` for `scene`; else what it takes instead.
    func fallback(of renderer: any FrameRenderer, _ route: TestRoute, for scene: Scene) -> String? {
        guard route != .reference, let gpu = renderer as? GPURenderer else { return nil }
        let taken = gpu.route(for: scene)
        let wanted: RendererConfiguration.Route = route == .host ? .hostComposition : .gpuPasses
        return taken == wanted ? nil : "the \(route.rawValue) route fell back to \(taken.title)"
    }

    /// Holds every GPU route `scene` can take (`routes(for:)`) to the CPU
    /// reference by `rule` (the parity rule, or the foreground's).
    /// `reference`: the CPU reference's frame when the caller has it already.
    func assertEveryRouteAgrees(_ scene: Scene, name: String, reference: RGBAImage? = nil,
                                rule: (ImageComparison) -> Bool = \.withinParity,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        try assert(routes(for: scene).filter { $0 != .reference }, drawing: scene, match: try reference ?? self.reference.render(scene),
                   called: "the CPU reference", name: name, rule: rule, file: file, line: line)
    }

    /// Holds `routes` drawing `scene` to `expected` (called `expectedName`
    /// in messages) by `rule`: a route that falls back fails, and a failure
    /// names the route, the environment and what it wrote to
    /// .build/test-failures/ (as `name`).
    func assert(_ routes: [TestRoute], drawing scene: Scene, match expected: RGBAImage, called expectedName: String, name: String,
                rule: (ImageComparison) -> Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        for route in routes {
            let renderer = renderer(route, for: scene)
            if let fallback = fallback(of: renderer, route, for: scene) {
                XCTFail("\(name): \(fallback) (\(environment))", file: file, line: line)
                continue
            }
            let got = try renderer.render(scene)
            let comparison = ImageComparison(got, expected)
            if !rule(comparison) {
                let paths = try Self.writeFailure(name: name, route: route, got: got, expected: expected)
                XCTFail("\(name) on the \(route.rawValue) route differs from \(expectedName): \(comparison) "
                        + "(\(environment); wrote \(paths.joined(separator: ", ")))", file: file, line: line)
            }
        }
        try assertPlanes(routes, drawing: scene, match: expected, called: expectedName, name: name, rule: rule, file: file, line: line)
    }

    /// Holds the I420 planes that `routes` draw of `scene` (an even size;
    /// nothing for an odd one) to `expected` converted exactly
    /// (`YUV420.convert`): each plane by `rule`, as if it were an image of
    /// its samples. The passes route converts on the GPU (`yuv.frag`), as it
    /// does on a real GPU; the host route composes the planes itself.
    func assertPlanes(_ routes: [TestRoute], drawing scene: Scene, match expected: RGBAImage, called expectedName: String, name: String,
                      rule: (ImageComparison) -> Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        guard scene.size.width % 2 == 0, scene.size.height % 2 == 0 else { return }
        var wanted: [UInt8] = []
        try YUV420.convert(expected, into: &wanted)
        for route in routes {
            let renderer = planeRenderer(route, for: scene)
            var got: [UInt8] = []
            try renderer.renderYUV420(scene, into: &got)
            for plane in PlaneComparison.planes(of: got, wanted, width: scene.size.width, height: scene.size.height) {
                let comparison = plane.comparison
                if route == .host, let allowed = HostChromaAllowance.known["\(name) \(plane.name)"] {
                    XCTAssertFalse(rule(comparison), "\(name)'s \(plane.name) plane now keeps the route rule on the host route "
                                   + "(\(comparison)): strike it from HostChromaAllowance", file: file, line: line)
                    XCTAssert(comparison.maxDelta <= allowed.maxDelta && comparison.pixelsOverOne <= allowed.beyondOne,
                              "\(name)'s \(plane.name) plane on the host route strays further than HostChromaAllowance allows "
                              + "(\(allowed.maxDelta), \(allowed.beyondOne)): \(comparison)", file: file, line: line)
                    continue
                }
                guard !rule(comparison) else { continue }
                let pictures = plane.pictures
                let paths = try Self.writeFailure(name: "\(name)-\(plane.name)", route: route, got: pictures.got, expected: pictures.expected)
                XCTFail("\(name) on the \(route.rawValue) route in I420 differs from \(expectedName) converted, in its \(plane.name) plane: "
                        + "\(comparison) (\(environment); wrote \(paths.joined(separator: ", ")))", file: file, line: line)
            }
        }
    }

    /// The renderer of `route` for `scene`'s I420 planes: `renderer(_:for:)`'s,
    /// but the passes route converting on the GPU.
    func planeRenderer(_ route: TestRoute, for scene: Scene) -> any FrameRenderer {
        guard route == .passes else { return renderer(route, for: scene) }
        return gpu.reconfigured(RendererConfiguration(route: .gpuPasses, yuvConverter: .gpu))
    }

    /// What a failure names besides the route: the GL renderer and the
    /// versions of the font packages the text is set from.
    var environment: String {
        "GL renderer \(gpu.context.info.renderer); fonts \(Self.fontPackages)"
    }

    private static let fontPackages: String = {
        let names = ["fonts-inter", "fonts-dejavu-core", "fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji",
                     "fonts-material-design-icons-iconfont"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        process.arguments = ["-W", "-f", "${Package} ${Version}, "] + names
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "(dpkg-query did not run)" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: ", "))
    }()

    /// Writes what `route` drew for `name`, the golden, and a map of their
    /// differences (each channel's |delta| times 16) to .build/test-failures/;
    /// returns the folder's paths written.
    static func writeFailure(name: String, route: TestRoute, got: RGBAImage, expected: RGBAImage) throws -> [String] {
        try FileManager.default.createDirectory(at: TestPaths.failureOutput, withIntermediateDirectories: true)
        let stem = TestPaths.failureOutput.appendingPathComponent("\(name)-\(route.rawValue)").path
        var paths = [stem + ".got.png", stem + ".expected.png"]
        try PNGFile.write(got, to: paths[0])
        try PNGFile.write(expected, to: paths[1])
        if got.width == expected.width, got.height == expected.height {
            let amplified = zip(got.pixels, expected.pixels).enumerated().map { index, pair in
                index % 4 == 3 ? UInt8(255) : UInt8(min(255, abs(Int(pair.0) - Int(pair.1)) * 16))
            }
            if let diff = RGBAImage(width: got.width, height: got.height, pixels: amplified) {
                paths.append(stem + ".diff.png")
                try PNGFile.write(diff, to: paths[2])
            }
        }
        return paths
    }
}
