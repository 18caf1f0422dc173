import CallshadeCore
import CallshadeKinds
import CallshadePNG
import CallshadeRender
import CallshadeReport
import CallshadeVideo

/// What the studio draws with, used on its drawing thread alone: the
/// renderers `--backend` and the CPU reference give (made once, on first
/// use), and the frames prepared for a size and a set of layers (the last
/// few kept), each as `frame` prepares them.
final class StudioCanvas {
    let rendering: StudioRendering
    private var renderers: [StudioRendering.Backend: FrameRenderer] = [:]
    private var prepared: [(key: Key, frames: KindFrames)] = []
    private var labels: [Int: TextRenderer] = [:]

    /// The most sets of prepared frames kept besides the scenario's own preview.
    static let preparedKept = 2

    private struct Key: Equatable {
        let version: Int
        let full: Bool
        let layers: Set<SceneTag>?
    }

    /// The comparison with a recording (`--compare`), and the recording opened for its views.
    private let comparison: StudioComparison?
    private var recording: VideoSource?

    /// The kept work of its renderers and of the frames it prepares (one store while the studio runs).
    private let reuse: ReuseStore

    init(rendering: StudioRendering, reuse: ReuseStore, comparison: StudioComparison? = nil) {
        self.reuse = reuse
        self.rendering = rendering
        self.comparison = comparison
    }

    /// A picture drawn, its PNG's bytes and what the page may show of it.
    struct Drawn {
        let png: [UInt8]
        var headers: [String: String] = [:]
    }

    /// The frame `request` asks of `scenario` (`version` counts the studio's reloads and settings edits):
    /// `frame`'s picture for the same instant, size, layers and backend, or compare's heat map.
    func draw(_ request: StudioFrameRequest, of scenario: StudioScenario, version: Int) throws -> Drawn {
        var request = request
        // The recording is the frames' full size (compare needs one size); its difference is taken there.
        if request.view == .recordingDifference { request.full = true }
        let frames = try self.frames(request, of: scenario, version: version)
        let time = StudioScenario.time(ofFrame: request.frame, fps: scenario.fps)
        defer { frames.warnings().forEach(rendering.warn) }
        let scene = try frames.scenes.scene(at: time)
        var headers = ["X-Callshade-Time": "\(time)", "X-Callshade-Frame": "\(request.frame)"]
        switch request.view {
        case .render:
            return Drawn(png: try PNGFile.bytes(of: try renderer(rendering.backend).render(scene)), headers: headers)
        case .reference:
            return Drawn(png: try PNGFile.bytes(of: try renderer(.cpu).render(scene)), headers: headers)
        case .difference:
            return try heatMap(try renderer(.gpu).render(scene), try renderer(.cpu).render(scene), headers: headers)
        case .recording, .recordingDifference:
            guard let comparison, let recorded = try comparison.recordingFrame(pairedWith: request.frame, source: &recording) else {
                throw StudioRequestError(message: "the recording has no frame paired with frame \(request.frame) (or is not compared yet)")
            }
            headers["X-Callshade-Recording-Frame"] = "\(request.frame - (comparison.state.offset ?? 0))"
            guard request.view == .recordingDifference else { return Drawn(png: try PNGFile.bytes(of: recorded), headers: headers) }
            return try heatMap(try renderer(rendering.backend).render(scene), recorded, headers: headers)
        }
    }

    /// Compare's heat map of `a` against `b`, its metrics in the headers.
    private func heatMap(_ a: RGBAImage, _ b: RGBAImage, headers: [String: String]) throws -> Drawn {
        let metrics = try ImageMetrics(a, b, tolerance: CompareHeatMap.tolerance)
        let picture = ReviewPictures.heatMap(a, b, scale: CompareHeatMap.scale(for: metrics), text: try label(width: a.width))
        var headers = headers
        headers["X-Callshade-Largest-Difference"] = "\(metrics.largestDifference)"
        headers["X-Callshade-Pixels-Over"] = "\(metrics.pixelsOverTolerance) of \(metrics.pixelCount)"
        headers["X-Callshade-Passes"] = metrics.passes ? "yes" : "no"
        return Drawn(png: try PNGFile.bytes(of: picture), headers: headers)
    }

    /// Forgets the frames prepared for earlier versions of the scenario.
    func forget(before version: Int) {
        prepared.removeAll { $0.key.version < version }
    }

    private func frames(_ request: StudioFrameRequest, of scenario: StudioScenario, version: Int) throws -> KindFrames {
        let every = Set(SceneKinds.tags(of: scenario.parsed))
        if !request.full, request.layers == nil || request.layers == every { return scenario.preview }
        let key = Key(version: version, full: request.full, layers: request.layers)
        if let kept = prepared.first(where: { $0.key == key }) { return kept.frames }
        let frames = try StudioScenario.frames(of: scenario.parsed, file: scenario.file,
                                               size: request.full ? scenario.fullSize : scenario.previewSize,
                                               layers: request.layers ?? every, options: rendering.choices, reuse: reuse)
        prepared.append((key, frames))
        if prepared.count > Self.preparedKept { prepared.removeFirst() }
        return frames
    }

    private func renderer(_ backend: StudioRendering.Backend) throws -> FrameRenderer {
        if let made = renderers[backend] { return made }
        let made = try rendering.makeRenderer(backend, reuse)
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
