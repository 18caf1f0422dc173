import CallshadeCore
import CallshadeSVG
import CallshadeText

/// One frame of a chat scenario, as `frame --scenario` draws it: the
/// pattern drawn for the frame's size, the messages' text set at its scale
/// (its width over 390 pt), the scene at the instant. (Every layer is drawn:
/// `--layers` names the call's.)
struct ChatFrame {
    let scenario: ChatScenario
    /// The scenario's file, for messages.
    let file: String
    let size: FrameSize

    /// The scene at `time` (seconds, within the scenario).
    func scene(at time: Double, dither: Bool) throws -> Scene {
        guard time >= 0, time <= scenario.duration else {
            throw Diagnostic.timeOutsideScenario(option: "--time", time: time, duration: scenario.duration)
        }
        var pattern: PatternMask?
        if let path = scenario.wallpaper.patternPath {
            do {
                pattern = try PatternDrawing.mask(file: path, size: size)
            } catch let error as PatternError {
                throw Diagnostic.pattern("\(file): wallpaper.pattern: \(error)")
            }
        }
        let text = try TextSetter(scale: Double(size.width) / 390, texts: ChatKind.elements.texts(for: scenario))
        var scene = ChatScreen(scenario, size: size, pattern: pattern, text: text).scene(at: time)
        scene.dither = dither
        return scene
    }
}
