import CallshadeCore
import CallshadeKinds
import CallshadeRender

extension SceneTag {
    /// The sketch's paper: the gradient behind it, its phase the time.
    static let sketchPaper = SceneTag("paper", help: "the sketch's paper")
    /// The sketch's strokes: a dot a stroke, from its instant on.
    static let sketchInk = SceneTag("ink", help: "the sketch's strokes")
}

/// The test-only sketch as every command and the studio see a kind: its
/// frames (`FramedScenario`), its `validate` listing (`ListedScenario`)
/// and its studio marks (`MarkedScenario`), all here in the tests, none in
/// callshade. `TestOnlyKindTests` runs the commands on it.
extension SketchKind.Sketch: FramedScenario, ListedScenario, MarkedScenario {
    var defaultFrameSize: FrameSize { size ?? (try? FrameSize(width: 120, height: 80)) ?? .phone }
    var readFiles: [String] { [] }
    var kind: any SceneKind { SketchKind() }

    /// The ink's colour: black, red or blue.
    var inkColour: RGB {
        switch ink {
        case "red": return RGB(1, 0, 0)
        case "blue": return RGB(0, 0, 1)
        default: return RGB(0, 0, 0)
        }
    }

    /// Where stroke `index` of `count` lands on a frame of `size`: evenly across the middle.
    static func centre(of index: Int, count: Int, size: FrameSize) -> Vec2 {
        Vec2(Double(size.width) * Double(index + 1) / Double(count + 1), Double(size.height) / 2)
    }

    func frames(_ request: FramesRequest) throws -> KindFrames {
        KindFrames(scenes: SketchFrames(sketch: self, size: request.size, layers: request.layers, dither: request.dither))
    }

    func listing(file: String) throws -> ValidationListing {
        ValidationListing(facts: ValidationListing.facts(duration: duration, seed: seed) + [ValidationListing.count(strokes.count, "stroke")],
                          kind: scene, details: ["ink: \(ink)"],
                          timeline: .moments(strokes.map { ($0.at, "stroke \(ShownNumber.text($0.width)) % wide") }))
    }

    var printed: [PrintedField: String] { ValidationListing.values(self, size: defaultFrameSize) }

    func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand]) {
        (strokes.map { TimelineMark(time: $0.at, label: "stroke") }, [TimelineBand(row: "ink", label: "drawn", start: strokes.first?.at ?? 0, end: duration)])
    }
}

/// The sketch at any instant: the paper's gradient (its phase the time), and a dot per stroke drawn by then.
struct SketchFrames: FrameScenes {
    let sketch: SketchKind.Sketch
    let size: FrameSize
    let layers: Set<SceneTag>
    let dither: Bool

    func scene(at time: Double) throws -> Scene {
        let paper = layers.contains(.sketchPaper) ? GradientParameters(palette: .blueViolet, phase: time) : nil
        let dots = layers.contains(.sketchInk) ? sketch.strokes.enumerated().filter { $0.element.at <= time }.map { index, stroke -> PlacedShape in
            let radius = Double(size.width) * stroke.width / 200
            return PlacedShape(geometry: .ellipse(a: radius, b: radius), stroke: 0, centre: SketchKind.Sketch.centre(of: index, count: sketch.strokes.count, size: size),
                               scale: 1, rotation: 0, color: sketch.inkColour, alpha: 1)
        } : []
        var scene = Scene(size: size, background: paper, nodes: dots.isEmpty ? [] : [ShapesNode(shapes: dots)])
        scene.dither = dither
        return scene
    }
}
