import CallshadeCore

/// What `validate` says of a stroke (issue 34): its tool, the samples the
/// point filter keeps (the pen's 8 / zoom, neon's 10 / zoom; the stamp
/// brushes keep every sample), when it starts and ends, and its length in
/// canvas pixels (along its recorded samples).
public struct StrokeSummary: Equatable, Sendable, CustomStringConvertible {
    public let index: Int
    public let tool: DrawingTool
    public let keptSamples: Int
    public let start: Double
    public let end: Double
    public let length: Double

    /// The distance the tool's point filter drops samples within, canvas
    /// pixels; nil for a tool that keeps every sample.
    public static func filterDistance(of stroke: Stroke) -> Double? {
        switch stroke.tool {
        case .pen, .eraser, .blur: 8 / stroke.zoom
        case .neon: 10 / stroke.zoom
        case .marker, .pencil: nil
        }
    }

    public init(index: Int, stroke: Stroke) {
        self.index = index
        tool = stroke.tool
        keptSamples = Self.filterDistance(of: stroke).map { PenSamples.filtered(stroke.samples, minimumDistance: $0).count } ?? stroke.samples.count
        start = stroke.startTime
        end = stroke.endTime
        length = Self.pathLength(of: stroke)
    }

    /// The length of `stroke`'s path along its recorded samples, canvas pixels.
    public static func pathLength(of stroke: Stroke) -> Double {
        var length = 0.0
        for index in stroke.samples.indices.dropFirst() { length += (stroke.samples[index].position - stroke.samples[index - 1].position).length }
        return length
    }

    public var description: String {
        func fixed(_ value: Double, _ digits: Int) -> String {
            let scale = Double([1, 10, 100, 1000][digits])
            let rounded = (value * scale).rounded() / scale
            var text = "\(rounded)"
            let decimals = text.split(separator: ".").last.map(\.count) ?? 0
            if !text.contains(".") { text += "." }
            return text + String(repeating: "0", count: max(digits - decimals, 0))
        }
        return "stroke \(index): \(tool.rawValue), \(keptSamples) samples kept, \(ShownNumber.text(start))-\(ShownNumber.text(end)) s, \(fixed(length, 1)) px"
    }
}
