import CallshadeCore

/// What `validate` says of a stroke (issue 34): its tool, the samples the
/// point filter keeps (the pen's 8 / zoom, neon's 10 / zoom; the stamp
/// brushes keep every sample), when it starts and ends, its length in
/// canvas pixels (along its recorded samples), and what becomes of it
/// (`drawing-tools.md`): an object eraser's, that it removes strokes; a
/// stroke's, the eraser that removes it or the shape it turns into.
public struct StrokeSummary: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let tool: DrawingTool
    public let keptSamples: Int
    public let start: Double
    public let end: Double
    public let length: Double
    /// What becomes of it, as `validate` says it; nil when nothing does.
    public var fate: String?

    /// The distance the tool's point filter drops samples within, canvas
    /// pixels; nil for a tool that keeps every sample.
    public static func filterDistance(of stroke: Stroke) -> Double? {
        switch stroke.tool {
        case .pen, .eraser, .blur: 8 / stroke.zoom
        case .neon: 10 / stroke.zoom
        case .marker, .pencil, .lasso: nil
        }
    }

    public init(index: Int, stroke: Stroke) {
        self.index = index
        tool = stroke.tool
        keptSamples = Self.filterDistance(of: stroke).map { PenSamples.filtered(stroke.samples, minimumDistance: $0).count } ?? stroke.samples.count
        start = stroke.startTime
        end = stroke.endTime
        length = Self.pathLength(of: stroke)
        fate = stroke.erasesObjects ? "object eraser, removing the strokes it touches" : nil
    }

    /// Its summary with its fate among `fates` (`lassoFacts`: what the lasso's events did, found once for every stroke).
    init(index: Int, stroke: Stroke, fates: StrokeFates, lassoFacts: LassoFacts? = nil) {
        self.init(index: index, stroke: stroke)
        var parts = fate.map { [$0] } ?? []
        if stroke.tool == .lasso { parts.append(LassoListing.lassoFate(index, stroke: stroke, fates: fates)) }
        if let conversion = fates.conversions[index] {
            parts.append("held from sample \(conversion.heldSample) into a \(conversion.match.name) (score \(Self.fixed(conversion.match.score, 4))) "
                         + "at \(Self.instant(conversion.at)) s, the shape alone from \(Self.instant(conversion.settled)) s")
        }
        for erasure in fates.erasures[index] ?? [] {
            parts.append("removed by stroke \(erasure.eraser) at \(Self.instant(erasure.at)) s, gone from \(Self.instant(erasure.gone)) s"
                         + (erasure.restored.map { ", back from \(Self.instant($0)) s (the eraser undone)" } ?? ""))
        }
        parts += lassoFacts?.of(index) ?? []
        if let removal = fates.removals[index], lassoFacts?.deleted.contains(index) != true {
            parts.append("removed by the editor from \(Self.instant(removal)) s")
        }
        fate = parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// An instant as `validate` shows times.
    static func instant(_ seconds: Double) -> String { ShownNumber.text(seconds) }

    /// The length of `stroke`'s path along its recorded samples, canvas pixels.
    public static func pathLength(of stroke: Stroke) -> Double {
        var length = 0.0
        for index in stroke.samples.indices.dropFirst() { length += (stroke.samples[index].position - stroke.samples[index - 1].position).length }
        return length
    }

    /// `value` with `digits` decimals, trailing zeros kept.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        let scale = Double([1, 10, 100, 1000, 10_000][digits])
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        let decimals = text.split(separator: ".").last.map(\.count) ?? 0
        if !text.contains(".") { text += "." }
        return text + String(repeating: "0", count: max(digits - decimals, 0))
    }

    public var description: String {
        "stroke \(index): \(tool.rawValue), \(keptSamples) samples kept, \(ShownNumber.text(start))-\(ShownNumber.text(end)) s, \(Self.fixed(length, 1)) px"
            + (fate.map { "; \($0)" } ?? "")
    }
}
