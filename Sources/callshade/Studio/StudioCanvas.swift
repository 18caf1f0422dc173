import CallshadeCore
import CallshadePNG
import CallshadeRender
import CallshadeReport

/// What the studio draws with, used on its drawing thread alone: the
/// renderers `--backend` and the CPU reference give (made once, on first
/// use), and the frames prepared for a size and a set of layers (the last
/// few kept), each as `frame` prepares them.
final class StudioCanvas {
    let scene: SceneOptions
    let render: RenderOptions
    private var renderers: [Backend: FrameRenderer] = [:]
    private var prepared: [(key: Key, frames: any FrameScenes)] = []
    private var labels: [Int: TextRenderer] = [:]

    /// The most sets of prepared frames kept besides the scenario's own preview.
    static let preparedKept = 2

    private struct Key: Equatable {
        let version: Int
        let full: Bool
        let layers: Set<SceneTag>?
    }

    init(scene: SceneOptions, render: RenderOptions) {
        self.scene = scene
        self.render = render
    }

    /// A picture drawn, its PNG's bytes and what the page may show of it.
    struct Drawn {
        let png: [UInt8]
        var headers: [String: String] = [:]
    }

    /// The frame `request` asks of `scenario` (`version` counts the studio's reloads and settings edits):
    /// `frame`'s picture for the same instant, size, layers and backend, or compare's heat map.
    func draw(_ request: StudioFrameRequest, of scenario: StudioScenario, version: Int) throws -> Drawn {
        let frames = try self.frames(request, of: scenario, version: version)
        let time = StudioScenario.time(ofFrame: request.frame, fps: scenario.fps)
        defer { (frames as? ScenarioFrames)?.sayVideoWarnings() }
        let scene = try frames.scene(at: time)
        var headers = ["X-Callshade-Time": "\(time)", "X-Callshade-Frame": "\(request.frame)"]
        switch request.view {
        case .render:
            return Drawn(png: try PNGFile.bytes(of: try renderer(render.backend).render(scene)), headers: headers)
        case .reference:
            return Drawn(png: try PNGFile.bytes(of: try renderer(.cpu).render(scene)), headers: headers)
        case .difference:
            let gpu = try renderer(.gpu).render(scene)
            let cpu = try renderer(.cpu).render(scene)
            let metrics = try ImageMetrics(gpu, cpu, tolerance: CompareHeatMap.tolerance)
            let picture = ReviewPictures.heatMap(gpu, cpu, scale: CompareHeatMap.scale(for: metrics), text: try label(width: gpu.width))
            headers["X-Callshade-Largest-Difference"] = "\(metrics.largestDifference)"
            headers["X-Callshade-Pixels-Over"] = "\(metrics.pixelsOverTolerance) of \(metrics.pixelCount)"
            headers["X-Callshade-Passes"] = metrics.passes ? "yes" : "no"
            return Drawn(png: try PNGFile.bytes(of: picture), headers: headers)
        }
    }

    /// Forgets the frames prepared for earlier versions of the scenario.
    func forget(before version: Int) {
        prepared.removeAll { $0.key.version < version }
    }

    private func frames(_ request: StudioFrameRequest, of scenario: StudioScenario, version: Int) throws -> any FrameScenes {
        let every = Set(StudioScenario.tags(of: scenario.parsed))
        if !request.full, request.layers == nil || request.layers == every { return scenario.previewFrames }
        let key = Key(version: version, full: request.full, layers: request.layers)
        if let kept = prepared.first(where: { $0.key == key }) { return kept.frames }
        let frames = try StudioScenario.frames(of: scenario.parsed, file: scenario.file,
                                               size: request.full ? scenario.fullSize : scenario.previewSize,
                                               layers: request.layers ?? every, options: scene)
        prepared.append((key, frames))
        if prepared.count > Self.preparedKept { prepared.removeFirst() }
        return frames
    }

    private func renderer(_ backend: Backend) throws -> FrameRenderer {
        if let made = renderers[backend] { return made }
        let made = try render.makeRenderer(backend: backend)
        renderers[backend] = made
        return made
    }

    private func label(width: Int) throws -> TextRenderer {
        if let made = labels[width] { return made }
        let made = try CompareHeatMap.label(width: width)
        labels = [width: made]
        return made
    }
}
