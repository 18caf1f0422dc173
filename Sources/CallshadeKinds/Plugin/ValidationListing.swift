import CallshadeCore
import CallshadeRender
import Foundation

/// What `validate` says of a scenario, whatever its kind, and the one way it
/// is printed: the settings line, `scene: KIND`, the kind's own lines, then
/// its timeline (at most `lines` entries, the middle left out), or with
/// `--print` one value. Each kind makes its own (`ListedScenario`).
public struct ValidationListing {
    /// What follows "FILE: valid; ": the duration, the counts, the settings given.
    public var facts: [String]
    /// The kind's name, for "scene: ...".
    public var kind: String
    /// Its own lines after that (the chat's wallpaper, the drawing's canvas).
    public var details: [String] = []
    /// Its moments in time order.
    public var timeline = Timeline.none
    /// Lines after the timeline, never left out (the drawing's entities).
    public var closing: [String] = []
    /// Said on standard error before the timeline.
    public var warnings: [String] = []

    public enum Timeline {
        case none
        /// "  time (s)  what" and a line a moment.
        case moments([(time: Double, text: String)])
        /// A line an item, indented (the drawing's strokes).
        case items([String])
    }

    /// The facts every kind starts with: its duration, then its seed unless `seed` is nil.
    public static func facts(duration: Double, seed: Int64?) -> [String] {
        ["\(ShownNumber.text(duration)) s"] + (seed.map { ["seed \($0)"] } ?? [])
    }

    /// The settings a scenario gave (not their defaults): "size WxH", "N fps".
    public static func settings(size: FrameSize?, fps: Int?) -> [String] {
        (size.map { ["size \($0)"] } ?? []) + (fps.map { ["\($0) fps"] } ?? [])
    }

    /// "1 event", "5 events".
    public static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// The values every kind has for `--print`: its size and fps (or their defaults), duration and seed.
    public static func values(_ scenario: any ParsedScenario, size: FrameSize? = nil) -> [PrintedField: String] {
        [.size: "\(size ?? scenario.size ?? .phone)", .fps: "\(scenario.fps ?? 60)",
         .duration: ShownNumber.text(scenario.duration), .seed: "\(scenario.seed)"]
    }

    public init(facts: [String], kind: String, details: [String] = [], timeline: Timeline = .none, closing: [String] = [],
                warnings: [String] = []) {
        self.facts = facts
        self.kind = kind
        self.details = details
        self.timeline = timeline
        self.closing = closing
        self.warnings = warnings
    }

    /// Prints the listing of `file`.
    public func print(file: String, lines: Int) {
        Swift.print("\(file): valid; " + facts.joined(separator: ", "))
        Swift.print("scene: \(kind)")
        for warning in warnings { FileHandle.standardError.write(Data(("Warning: " + warning + "\n").utf8)) }
        details.forEach { Swift.print($0) }
        switch timeline {
        case .none: break
        case .moments(let moments):
            Swift.print("  time (s)  what")
            Self.shown(moments, at: lines, elided: "       ...  %d more") { Swift.print("\(String(format: "%9.3f", $0.time))  \($0.text)") }
        case .items(let items):
            Self.shown(items, at: lines, elided: "  ...  %d more") { Swift.print("  \($0)") }
        }
        closing.forEach { Swift.print($0) }
    }

    /// Calls `body` with each of `entries`, or when there are more than
    /// `lines` (2 at least), with the first and last halves of that many
    /// and `elided`'s line (its %d the number left out) between them.
    private static func shown<Entry>(_ entries: [Entry], at lines: Int, elided: String, _ body: (Entry) -> Void) {
        let most = max(lines, 2)
        guard entries.count > most else { return entries.forEach(body) }
        entries.prefix(most / 2).forEach(body)
        Swift.print(String(format: elided, entries.count - most / 2 * 2))
        entries.suffix(most / 2).forEach(body)
    }
}

/// What `validate --print` can print.
public enum PrintedField: String, CaseIterable, Sendable {
    case size, fps, duration, seed, audio, avatar
}

/// A scenario `validate` can list: every kind's, each in its own file.
public protocol ListedScenario: ParsedScenario {
    /// The listing of the scenario read from `file`; throws what a render
    /// would refuse that parsing could not see (a broken pattern or picture).
    func listing(file: String) throws -> ValidationListing
    /// What `--print FIELD` prints; a field the kind does not have prints an empty line.
    var printed: [PrintedField: String] { get }
}
