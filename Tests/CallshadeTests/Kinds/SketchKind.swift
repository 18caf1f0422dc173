import CallshadeCore

/// A test-only scene kind beside the call: a "sketch" with an ink colour
/// and strokes. It shows that the shared parser is general: it dispatches
/// on "scene", holds every kind to the shared rules (`at`, limits, errors),
/// and refuses a key of one kind in a scenario of another.
struct SketchKind: SceneKind {
    struct Sketch: ParsedScenario, Equatable {
        let settings: ScenarioSettings
        let ink: String
        /// Each stroke's instant and width.
        let strokes: [Stroke]

        struct Stroke: Equatable {
            let at: Double
            let width: Double
        }

        var scene: String { "sketch" }
        var duration: Double { settings.duration }
        var seed: Int64 { settings.seed }
        var size: FrameSize? { settings.size }
        var fps: Int? { settings.fps }
    }

    var name: String { "sketch" }
    var keys: [String] { ["ink"] }
    var tags: [SceneTag] { [.sketchPaper, .sketchInk] }
    var eventKinds: [String] { ["stroke"] }

    func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> any ParsedScenario {
        let ink = try top["ink"].map { try reading.fields.string($0, "ink") } ?? "black"
        let strokes = try reading.events(top["events"], duration: settings.duration) { object, at, _, fields in
            guard let width = object["stroke"] else { throw fields.error("", "the event has no change; give a stroke") }
            return Sketch.Stroke(at: at, width: try fields.number(width, "stroke"))
        }
        return Sketch(settings: settings, ink: ink, strokes: strokes)
    }
}
