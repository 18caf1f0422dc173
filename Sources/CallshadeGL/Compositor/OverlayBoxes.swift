import CallshadeCore

/// The boxes of a host-composed frame's overlay: the regions of the nodes
/// the GPU draws there, merged where they overlap, so that the boxes are
/// disjoint and only they are read back, each with the rectangles drawn in it.
struct OverlayBoxes {
    private(set) var boxes: [(box: PixelRect, rects: [PixelRect])] = []

    /// Adds `rects` drawn in `region` (nothing when there are none).
    mutating func include(_ region: PixelRect, _ rects: [PixelRect]) {
        guard !rects.isEmpty else { return }
        var merged = (box: region, rects: rects)
        while let other = boxes.firstIndex(where: { !$0.box.intersection(merged.box).isEmpty }) {
            merged = (merged.box.union(boxes[other].box), merged.rects + boxes[other].rects)
            boxes.remove(at: other)
        }
        boxes.append(merged)
    }

    /// The region every box lies in; nil when there are none.
    var region: PixelRect? {
        guard let first = boxes.first?.box else { return nil }
        return boxes.reduce(first) { $0.union($1.box) }
    }
}
