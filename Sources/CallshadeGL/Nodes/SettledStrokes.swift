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

/// What `StrokeRenderer` keeps of the pen strokes it has drawn from one
/// frame to the next (drawing.md's growing stroke; speed.md): a stroke's
/// segments do not change as it grows but for its last curve, so what a
/// frame works out from the segments it shares with the stroke's last frame
/// (the longest common prefix, compared exactly) is kept, `Value`, and a
/// frame works out only the rest. Each use (`SettledCoverage`, a stroke's
/// tiles) adds segments in a way that gives the same whatever the order and
/// the number of calls, so a frame is the same to the byte with and without
/// what is kept. At most `capacity` strokes are kept (the last drawn), each
/// known by its first segment and `Key`; used by the renderer's thread only.
final class SettledStrokes<Key: Equatable, Value> {
    private final class Kept {
        let key: Key
        /// The last frame's segments of the stroke.
        var segments: [TaperedCapsule]
        /// What is kept of `segments[..<count]`.
        var value: Value
        var count = 0

        init(key: Key, segments: [TaperedCapsule], value: Value) {
            self.key = key
            self.segments = segments
            self.value = value
        }
    }

    static var capacity: Int { 2 }
    private var kept: [Kept] = []
    /// What is kept of no segment.
    private let empty: Value

    init(empty: Value) {
        self.empty = empty
    }

    /// What is kept of the first segments of `segments` (a frame of a stroke
    /// known by `key`) and how many, once `add` has added to what was kept the
    /// segments this frame shares with the stroke's last frame that were not.
    func settle(_ segments: [TaperedCapsule], key: Key, add: (inout Value, ArraySlice<TaperedCapsule>) -> Void) -> (value: Value, count: Int) {
        guard let first = segments.first else { return (empty, 0) }
        guard let index = kept.firstIndex(where: { $0.key == key && $0.segments.first == first }) else {
            kept.append(Kept(key: key, segments: segments, value: empty))
            if kept.count > Self.capacity { kept.removeFirst() }
            return (empty, 0)
        }
        let stroke = kept.remove(at: index)
        kept.append(stroke)
        var shared = 0
        let last = stroke.segments, limit = min(last.count, segments.count)
        while shared < limit && last[shared] == segments[shared] { shared += 1 }
        if shared < stroke.count {
            // Some kept segment is not in this frame (an earlier instant): start again from what is shared.
            (stroke.value, stroke.count) = (empty, 0)
        }
        if shared > stroke.count {
            add(&stroke.value, segments[stroke.count..<shared])
            stroke.count = shared
        }
        stroke.segments = segments
        return (stroke.value, stroke.count)
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
        let boxes = segments.map(StrokeNode.reach)
        var needed = region
        for box in boxes {
            let columns = PixelCentres.columns(box.left, box.right, within: 0..<size.width)
            let rows = PixelCentres.columns(box.top, box.bottom, within: 0..<size.height)
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
                for y in PixelCentres.columns(box.top, box.bottom, within: region.y..<region.y + region.height) {
                    let row = UnsafeMutableBufferPointer(rebasing: values[(y - region.y) * region.width..<(y - region.y + 1) * region.width])
                    HostStroke.raise(row, by: segment, box: box, row: Double(y) + 0.5, run: run)
                }
            }
        }
        count += segments.count
    }
}
