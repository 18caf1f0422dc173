import CallshadeCore
import CallshadeJSON
import CallshadeKinds
import CallshadeRender
import CallshadeText
import Foundation

/// The video call's golden scenes (fixture "video-call" in
/// Goldens/cases.json): each case holds its scenario verbatim, a scenario
/// file whose `remoteVideo` and `localVideo` are PNG stills under
/// Goldens/inputs/ (made by Scripts/make-golden-stills), read by the
/// scenario parser and opened as a render opens them.
enum VideoGoldenFixtures {
    static func goldenScene(_ golden: GoldenCase) throws -> Scene {
        let scenario = try ScenarioFile.parse(try scenarioBytes(of: golden.name), file: "Goldens/cases.json (\(golden.name))",
                                              folder: TestPaths.goldens.path)
        let timeline = CallTimeline(scenario)
        guard let videos = try CallInput.videos(scenario, timeline: timeline) else {
            throw GoldenCaseError("\(golden.name): its scenario names no remoteVideo or localVideo")
        }
        let layout = try CallLayout(size: FrameSize(parsing: golden.size))
        let elements = CallKind.elements(with: VideoElement(pictures: videos.pictures))
        // The texts depend on the scale, the name and which cameras the scenario has.
        let texts = "\(layout.scale) \(scenario.name) \(scenario.remoteVideoPath != nil) \(scenario.localVideoPath != nil)"
        let setter = try setters.value(for: texts) { try TextSetter(scale: layout.scale, texts: elements.texts(for: scenario)) }
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: setter, showing: try golden.sceneTags(),
                                elements: elements)
        let time = try golden.instant()
        return screen.scene(at: timeline.state(at: time), assets: try elements.assets(at: time))
    }

    /// The case's "scenario" object, as the bytes of a scenario file.
    static func scenarioBytes(of name: String) throws -> [UInt8] {
        let data = try Data(contentsOf: TestPaths.goldens.appendingPathComponent("cases.json"))
        guard let file = try JSONSerialization.jsonObject(with: data) as? [String: Any], let cases = file["cases"] as? [[String: Any]],
              let golden = cases.first(where: { $0["name"] as? String == name }), let scenario = golden["scenario"] else {
            throw GoldenCaseError("\(name): fixture video-call needs a \"scenario\" object")
        }
        return [UInt8](try JSONSerialization.data(withJSONObject: scenario))
    }

    private static let setters = Memo<String, TextSetter>(limit: 2)
}
