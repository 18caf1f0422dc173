import CallshadeCore
import CallshadeKinds

/// A request the studio refuses (HTTP 400), with what is wrong in the words
/// the command line uses for the same mistake.
struct StudioRequestError: Error, Equatable {
    let message: String
}

/// What `GET /api/frame` asks for: a frame number of the scenario, a size,
/// the layers shown and the view. Every parameter is checked as the command
/// line checks its option; the frame is `frame --time n/fps` at that size
/// with those layers and backend.
struct StudioFrameRequest: Equatable {
    /// What the frame shows: the studio's renderer (`--backend`, gpu by
    /// default), the CPU reference, compare's heat map of the GPU frame
    /// against the CPU reference; with `--compare`, the recording's frame
    /// paired with this one, or the heat map of the renderer's frame (full size) against it.
    enum View: String, CaseIterable {
        case render, reference, difference, recording
        case recordingDifference = "recording-difference"
    }

    let frame: Int
    /// Full size (the scenario's, or `--size`), else the preview.
    var full: Bool
    /// The layers given (nil: all); held to the kind's as `--layers` is.
    let layers: Set<SceneTag>?
    let view: View

    /// The most characters of any parameter's value read.
    static let longestValue = 1000

    /// The request's query parameters, checked against `scenario`.
    init(query: [String: String], scenario: StudioScenario, describe: (Error) -> String) throws {
        for (name, value) in query {
            guard ["n", "size", "layers", "view"].contains(name) else {
                throw StudioRequestError(message: "unknown parameter '\(StudioRequest.shown(name))'; the frame takes n, size, layers and view")
            }
            guard value.count <= Self.longestValue else {
                throw StudioRequestError(message: "\(name) is longer than \(Self.longestValue) characters")
            }
        }
        frame = try StudioRequest.frameNumber(query["n"], name: "n", last: scenario.lastFrame)
        switch query["size"] ?? "preview" {
        case "preview": full = false
        case "full": full = true
        case let other: throw StudioRequestError(message: "size '\(StudioRequest.shown(other))' must be preview or full")
        }
        guard let view = View(rawValue: query["view"] ?? "render") else {
            throw StudioRequestError(message: "view '\(StudioRequest.shown(query["view"] ?? ""))' must be one of "
                                     + View.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.view = view
        if let given = query["layers"] {
            guard let kind = SceneKinds.named(scenario.parsed.scene), !kind.tags.isEmpty else {
                throw StudioRequestError(message: "\(SceneKinds.withArticle(scenario.parsed.scene)) scene has no layers to choose")
            }
            do {
                layers = try SceneLayers.held(try SceneLayers.parse(given), to: kind)
            } catch {
                throw StudioRequestError(message: describe(error))
            }
        } else {
            layers = nil
        }
    }
}

/// What `POST /api/export` asks for: a render of the frames from one
/// instant to another (the page sends two marks' times), as a video or PNG frames.
struct StudioExportRequest: Equatable {
    let from: Double
    let to: Double
    let format: String
    let full: Bool

    /// The most frames one export renders.
    static let mostFrames = 3600

    init(query: [String: String], scenario: StudioScenario) throws {
        from = try StudioRequest.seconds(query["from"], name: "from", duration: scenario.parsed.duration)
        to = try StudioRequest.seconds(query["to"], name: "to", duration: scenario.parsed.duration)
        guard to > from else { throw StudioRequestError(message: "to (\(ShownNumber.text(to))) must come after from (\(ShownNumber.text(from)))") }
        let frames = Int(((to - from) * Double(scenario.fps)).rounded(.up))
        guard frames <= Self.mostFrames else {
            throw StudioRequestError(message: "the range has \(frames) frames, more than the \(Self.mostFrames) one export renders")
        }
        format = query["format"] ?? "mp4"
        guard ["mp4", "png"].contains(format) else { throw StudioRequestError(message: "format '\(StudioRequest.shown(format))' must be mp4 or png") }
        switch query["size"] ?? "full" {
        case "preview": full = false
        case "full": full = true
        case let other: throw StudioRequestError(message: "size '\(StudioRequest.shown(other))' must be preview or full")
        }
    }
}

/// The checks the studio's parameters share.
enum StudioRequest {
    /// A frame number from 0 to `last`.
    static func frameNumber(_ text: String?, name: String, last: Int) throws -> Int {
        guard let text else { throw StudioRequestError(message: "\(name) (the frame number) is missing") }
        guard let value = Int(text) else { throw StudioRequestError(message: "\(name) '\(shown(text))' is not a whole number") }
        guard (0...last).contains(value) else { throw StudioRequestError(message: "\(name) must be between 0 and \(last) (got \(value))") }
        return value
    }

    /// An instant within the scenario, in seconds.
    static func seconds(_ text: String?, name: String, duration: Double) throws -> Double {
        guard let text else { throw StudioRequestError(message: "\(name) (seconds) is missing") }
        guard let value = Double(text), value.isFinite else { throw StudioRequestError(message: "\(name) '\(shown(text))' is not a finite number") }
        guard value >= 0, value <= duration else {
            throw StudioRequestError(message: "\(name) \(ShownNumber.text(value)) is outside the scenario (0 to \(ShownNumber.text(duration)) s)")
        }
        return value
    }

    /// A value as quoted back in a message: at most 40 characters, printable.
    static func shown(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(40)) + "..." : text
        return String(cut.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? "?" : Character($0) })
    }
}
