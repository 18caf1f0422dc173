import CallshadeCore
import CallshadeKinds
import CallshadeRender
import CallshadeJSON
import CallshadeText
import Foundation

/// One golden picture as Goldens/cases.json lists it: what it shows (a
/// fixture of the tests, at an instant and size, with some tags), how it is
/// compared, and which independent oracle holds it (Scripts/check-goldens
/// reads the same file).
struct GoldenCase: Decodable {
    let name: String
    /// Which scene builder of `GoldenScenes` makes it.
    let fixture: String
    let size: String
    let time: Double?
    let palette: String?
    let phase: Double?
    /// The tags drawn: a list, or "all".
    let tags: Tags?
    let title: String?
    /// The chat wallpaper's variant, step curve, keyframes, step starts (seconds) and colours (chat, section 1); `phase` is its start phase.
    let variant: String?
    let step: String?
    let keyframes: Bool?
    let steps: [Double]?
    let colors: [String]?
    /// The chat wallpaper's pattern (an SVG, from the package's root), its intensity, and its mask as drawn (a PNG the oracle reads).
    let pattern: String?
    let intensity: Int?
    let mask: String?
    /// The chat layout's messages, oldest first.
    let messages: [Message]?
    /// A chat send's text, its instant, its kind (nil: from its text) and its settings file (from the package's root; nil: shipped).
    let send: String?
    let at: Double?
    let kind: String?
    let settings: String?
    /// The drawing session a drawing golden replays: Goldens/drawing/SESSION.json.
    let session: String?

    struct Message: Decodable {
        let side: String
        let text: String
        let time: String
    }
    /// "whole": the parity rule everywhere; "edges": the foreground's rule, which allows anti-aliased edges.
    let parity: String
    let oracle: String

    enum Tags: Decodable {
        case all
        case listed([String])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let word = try? container.decode(String.self), word == "all" {
                self = .all
            } else {
                self = .listed(try container.decode([String].self))
            }
        }
    }

    /// The tags as scene tags; an unknown name throws, naming the case.
    func sceneTags() throws -> Set<SceneTag> {
        switch tags {
        case .all, nil: return Set(CallKind.elements.tags)
        case .listed(let names):
            return Set(try names.map { name in
                guard let tag = CallKind.elements.tag(named: name) else { throw GoldenCaseError("\(self.name): no tag \"\(name)\"") }
                return tag
            })
        }
    }

    /// The background's palette at `phase` (default 0); nil when the case gives no palette.
    func background() throws -> GradientParameters? {
        guard let palette else { return nil }
        guard let known = Palette(rawValue: palette) else { throw GoldenCaseError("\(name): no palette \"\(palette)\"") }
        return GradientParameters(palette: known, phase: phase ?? 0)
    }

    /// How the routes are held to it, by its `parity`; an unknown one throws, naming the case.
    func rule() throws -> (ImageComparison) -> Bool {
        switch parity {
        case "whole": return \.withinParity
        case "edges": return \.withinForegroundParity
        default: throw GoldenCaseError("\(name): no parity rule \"\(parity)\"")
        }
    }

    func instant() throws -> Double {
        guard let time else { throw GoldenCaseError("\(name): fixture \(fixture) needs a time") }
        return time
    }

    /// Every case of Goldens/cases.json, in its order.
    static func all() throws -> [GoldenCase] {
        struct File: Decodable { let cases: [GoldenCase] }
        let data = try Data(contentsOf: TestPaths.goldens.appendingPathComponent("cases.json"))
        return try JSONDecoder().decode(File.self, from: data).cases
    }
}

struct GoldenCaseError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The scene of each golden case, from the fixture it names.
enum GoldenScenes {
    static func scene(for golden: GoldenCase) throws -> Scene {
        switch golden.fixture {
        case "gradient":
            guard let background = try golden.background() else { throw GoldenCaseError("\(golden.name): a gradient needs a palette") }
            return Scene(size: try FrameSize(parsing: golden.size), background: background)
        case "foreground", "foreground-photo":
            return try ForegroundFixtures.scene(at: try golden.instant(), size: golden.size, layers: try golden.sceneTags(),
                                                photo: golden.fixture == "foreground-photo")
        case "words":
            return try WordsFixtures.goldenScene(at: try golden.instant(), size: golden.size, layers: try golden.sceneTags(),
                                                 background: try required(golden.background(), golden))
        case "title":
            guard let title = golden.title else { throw GoldenCaseError("\(golden.name): a title case needs a title") }
            return try ScriptFixtures.goldenScene(title: title, at: try golden.instant(), size: golden.size, layers: try golden.sceneTags(),
                                                  background: try required(golden.background(), golden))
        case "key":
            return try KeyFixtures.goldenScene(at: try golden.instant(), size: golden.size, layers: try golden.sceneTags(),
                                               background: try required(golden.background(), golden))
        case "rating-five-stars", "rating-three-stars":
            return try RatingFixtures.goldenScene(golden.fixture == "rating-five-stars" ? RatingFixtures.fiveStars : RatingFixtures.threeStars,
                                                  at: try golden.instant(), size: golden.size, layers: try golden.sceneTags(),
                                                  background: try required(golden.background(), golden))
        case "video-call":
            return try VideoGoldenFixtures.goldenScene(golden)
        case "chat-wallpaper":
            return try ChatFixtures.wallpaperScene(golden)
        case "chat-layout":
            return try ChatFixtures.layoutScene(golden)
        case "chat-send":
            return try ChatFixtures.sendScene(golden)
        case "drawing-shapes":
            let drawing = try drawingScenario(golden)
            var screen = DrawingScreen(drawing, size: try FrameSize(parsing: golden.size))
            screen.textPictures = try TextEntityPictures.make(for: drawing, placement: screen.placement)
            return screen.scene(at: try golden.instant())
        case "drawing-editor":
            // The editor's screen as the commands draw it: its labels set, its texts' pictures made (`DrawingFrames`).
            let drawing = try drawingScenario(golden)
            let screen = try DrawingFrames.screen(drawing, file: golden.name, size: FrameSize(parsing: golden.size), reuse: ReuseStore(.off))
            return screen.scene(at: try golden.instant())
        case "gallery":
            // Media files are named from Goldens/ (inputs/gallery/, Scripts/make-gallery-inputs).
            let parsed = try ScenarioFile.parseAny(try VideoGoldenFixtures.scenarioBytes(of: golden.name), file: "Goldens/cases.json (\(golden.name))",
                                                   folder: TestPaths.goldens.path)
            guard let gallery = parsed as? GalleryScenario else { throw GoldenCaseError("\(golden.name): its scenario is not a gallery") }
            return try GalleryFrames(gallery, file: golden.name, size: FrameSize(parsing: golden.size), reuse: ReuseStore(.off)).scene(at: golden.instant())
        case "chat-scenario":
            // A chat scenario as the commands draw it (its stickers named from Goldens/: inputs/chat/, Scripts/make-stickers).
            let parsed = try ScenarioFile.parseAny(try VideoGoldenFixtures.scenarioBytes(of: golden.name), file: "Goldens/cases.json (\(golden.name))",
                                                   folder: TestPaths.goldens.path)
            guard let chat = parsed as? ChatScenario else { throw GoldenCaseError("\(golden.name): its scenario is not a chat") }
            let frames = try FramedScenarios.framed(chat).frames(FramesRequest(file: golden.name, size: FrameSize(parsing: golden.size),
                                                                               layers: Set(ChatKind.elements.tags), reuse: ReuseStore(.off)))
            return try frames.scenes.scene(at: golden.instant())
        case "access":
            return try AccessScreenTests.screen(size: FrameSize(parsing: golden.size)).scene(at: golden.instant())
        case "drawing":
            guard let session = golden.session else { throw GoldenCaseError("\(golden.name): a drawing case needs a session") }
            return try DrawingFixture.load(session).scene(at: try golden.instant(), size: try FrameSize(parsing: golden.size))
        default:
            throw GoldenCaseError("\(golden.name): no fixture \"\(golden.fixture)\"")
        }
    }

    /// The drawing scenario of `golden`'s "scenario" object.
    private static func drawingScenario(_ golden: GoldenCase) throws -> DrawingScenario {
        let parsed = try ScenarioFile.parseAny(try VideoGoldenFixtures.scenarioBytes(of: golden.name), file: "Goldens/cases.json (\(golden.name))", folder: "/")
        guard let drawing = parsed as? DrawingScenario else { throw GoldenCaseError("\(golden.name): its scenario is not a drawing") }
        return drawing
    }

    private static func required(_ background: GradientParameters?, _ golden: GoldenCase) throws -> GradientParameters {
        guard let background else { throw GoldenCaseError("\(golden.name): fixture \(golden.fixture) needs a palette") }
        return background
    }
}
