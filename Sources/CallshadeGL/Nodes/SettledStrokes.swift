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

/// What is kept of a stroke's first segments (`SettledCoverage`, a stroke's tiles).
protocol SettledValue: Sendable {
    /// What is kept of no segment.
    static var none: Self { get }
    /// The reuse store's shelf for it.
    static var shelf: String { get }
    /// What it holds, in bytes.
    var bytes: Int { get }
}

/// A stroke's last frame's segments, and what is kept of the first `count` of them.
struct SettledStroke<Settled: SettledValue>: Sendable {
    var segments: [TaperedCapsule]
    var value: Settled
    var count: Int
}

/// What the store keeps a growing stroke by: its first segment, and `key`
/// (what else the kept value depends on: the frame's size, the stroke's opacity).
struct SettledStrokeKey<Key: Hashable & Sendable, Settled: SettledValue>: ReuseKey {
    typealias Value = SettledStroke<Settled>
    static var shelf: String { Settled.shelf }
    let key: Key
    let first: TaperedCapsule

    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// What `StrokeRenderer` keeps of the pen strokes it has drawn from one
/// frame to the next (drawing.md's growing stroke; speed.md), in the reuse
/// store: a stroke's segments do not change as it grows but for its last
/// curve, so what a frame works out from the segments it shares with the
/// stroke's last frame (the longest common prefix, compared exactly) is
/// kept, and a frame works out only the rest. Each use (`SettledCoverage`,
/// a stroke's tiles) adds segments in a way that gives the same whatever
/// the order and the number of calls, so a frame is the same to the byte
/// with and without what is kept.
extension ReuseStore {
    /// What is kept of the first segments of `segments` (a frame of a stroke
    /// known by `key`) and how many, once `add` has added to what was kept the
    /// segments this frame shares with the stroke's last frame that were not.
    func settle<Key: Hashable & Sendable, Settled: SettledValue>(
        _ segments: [TaperedCapsule], key: Key, add: (inout Settled, ArraySlice<TaperedCapsule>) -> Void
    ) -> (value: Settled, count: Int) {
        guard let first = segments.first else { return (.none, 0) }
        let storeKey = SettledStrokeKey<Key, Settled>(key: key, first: first)
        let segmentBytes = segments.count * MemoryLayout<TaperedCapsule>.stride
        // Taken out while it changes, so that its values are changed in place.
        guard var stroke = take(storeKey) else {
            keep(storeKey, SettledStroke(segments: segments, value: .none, count: 0), bytes: segmentBytes)
            return (.none, 0)
        }
        var shared = 0
        let last = stroke.segments, limit = min(last.count, segments.count)
        while shared < limit && last[shared] == segments[shared] { shared += 1 }
        if shared < stroke.count {
            // Some kept segment is not in this frame (an earlier instant): start again from what is shared.
            (stroke.value, stroke.count) = (.none, 0)
        }
        if shared > stroke.count {
            add(&stroke.value, segments[stroke.count..<shared])
            stroke.count = shared
        }
        stroke.segments = segments
        keep(storeKey, stroke, bytes: segmentBytes + stroke.value.bytes)
        return (stroke.value, stroke.count)
    }
}

extension SettledCoverage: SettledValue {
    /// Nothing settled.
    static let none = SettledCoverage(count: 0, region: PixelRect(x: 0, y: 0, width: 0, height: 0), values: [])

    static var shelf: String { "settled stroke coverage" }

    var bytes: Int { values.count * MemoryLayout<Double>.stride }

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
