import CallshadeCore

/// The union's coverage of a stroke's first `count` segments, worked out
/// by `HostStroke.raise` over `region` (frame pixels; 0 outside it), row
/// by row: what a frame of a growing stroke takes from the frames before.
struct SettledCoverage: Sendable {
    private(set) var count: Int
    private(set) var region: PixelRect
    private(set) var values: [Double]

    /// Raises `coverage` (pixels `columns` of row `y`) to the settled values there.
    @inline(__always)
    func copy(row y: Int, columns: Range<Int>, into coverage: UnsafeMutableBufferPointer<Double>) {
        guard y >= region.y, y < region.y + region.height else { return }
        let shared = columns.clamped(to: region.x..<region.x + region.width)
        guard !shared.isEmpty else { return }
        let rowStart = (y - region.y) * region.width - region.x
        for column in shared where values[rowStart + column] > coverage[column - columns.lowerBound] {
            coverage[column - columns.lowerBound] = values[rowStart + column]
        }
    }
}

/// What `StrokeRenderer` keeps of the pen strokes it has drawn on the host
/// from one frame to the next (drawing.md's growing stroke; speed.md): a
/// stroke's segments do not change as it grows but for its last curve, so
/// the coverage of the segments a frame shares with the frame before (the
/// longest common prefix, compared exactly) is kept, and a frame works out
/// only the rest. The coverage of a segment is a pure function of it and
/// the union's is the largest, in any order, so a frame is the same to the
/// byte with and without what is kept. At most `capacity` strokes are kept
/// (the last drawn); used by the renderer's thread only.
final class SettledStrokes {
    private final class Kept {
        let size: FrameSize
        /// The last frame's segments of the stroke.
        var segments: [TaperedCapsule]
        var coverage: SettledCoverage

        init(size: FrameSize, segments: [TaperedCapsule]) {
            self.size = size
            self.segments = segments
            coverage = .none
        }
    }

    static let capacity = 2
    private var kept: [Kept] = []

    init() {}

    /// The settled coverage for `node` in a frame of `size` (nil: none
    /// yet), after keeping what this frame shares with the last frame of
    /// the same stroke (a stroke is known by its first segment).
    func settle(_ node: StrokeNode, size: FrameSize) -> SettledCoverage? {
        guard let first = node.segments.first else { return nil }
        guard let index = kept.firstIndex(where: { $0.size == size && $0.segments.first == first }) else {
            kept.append(Kept(size: size, segments: node.segments))
            if kept.count > Self.capacity { kept.removeFirst() }
            return nil
        }
        let stroke = kept.remove(at: index)
        kept.append(stroke)
        var shared = 0
        let last = stroke.segments, limit = min(last.count, node.segments.count)
        while shared < limit && last[shared] == node.segments[shared] { shared += 1 }
        if shared < stroke.coverage.count {
            // Some kept segment is not in this frame (an earlier instant): start again from what is shared.
            stroke.coverage = .none
        }
        if shared > stroke.coverage.count {
            stroke.coverage.raise(by: node.segments[stroke.coverage.count..<shared], size: size)
        }
        stroke.segments = node.segments
        return stroke.coverage.count > 0 ? stroke.coverage : nil
    }

}

extension SettledCoverage {
    /// Nothing settled.
    static let none = SettledCoverage(count: 0, region: PixelRect(x: 0, y: 0, width: 0, height: 0), values: [])

    /// How far past what it must hold a region grows, so that a growing stroke seldom moves its values.
    static let slack = 128

    /// `segments` (the stroke's next ones) raised into it, its region grown
    /// (by `slack`, within a frame of `size`) where they reach past it.
    mutating func raise(by segments: ArraySlice<TaperedCapsule>, size: FrameSize) {
        let boxes = segments.map(HostStroke.box)
        var needed = region
        for box in boxes {
            let columns = HostStroke.columns(box.left, box.right, within: 0..<size.width)
            let rows = HostStroke.columns(box.top, box.bottom, within: 0..<size.height)
            guard !columns.isEmpty, !rows.isEmpty else { continue }
            let reach = PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
            needed = needed.isEmpty ? reach : needed.union(reach)
        }
        if needed != region {
            let slack = Self.slack
            let left = max(needed.x - slack, 0), top = max(needed.y - slack, 0)
            let grown = PixelRect(x: left, y: top, width: min(needed.x + needed.width + slack, size.width) - left,
                                  height: min(needed.y + needed.height + slack, size.height) - top)
            var moved = [Double](repeating: 0, count: grown.width * grown.height)
            for y in region.y..<region.y + region.height {
                let from = (y - region.y) * region.width, to = (y - grown.y) * grown.width + region.x - grown.x
                for offset in 0..<region.width { moved[to + offset] = values[from + offset] }
            }
            (region, values) = (grown, moved)
        }
        let (region, run) = (self.region, self.region.x..<self.region.x + self.region.width)
        values.withUnsafeMutableBufferPointer { values in
            for (segment, box) in zip(segments, boxes) {
                for y in HostStroke.columns(box.top, box.bottom, within: region.y..<region.y + region.height) {
                    let row = UnsafeMutableBufferPointer(rebasing: values[(y - region.y) * region.width..<(y - region.y + 1) * region.width])
                    HostStroke.raise(row, by: segment, box: box, row: Double(y) + 0.5, run: run)
                }
            }
        }
        count += segments.count
    }
}
