import Foundation

/// A pen stroke as drawn at one instant (`drawing.md` sections 0-2): its
/// kept samples with their widths, the smoothed centre line and the
/// segments it is filled from. A pure function of the stroke, the instant
/// and the canvas: never of an earlier frame.
public struct PenStroke: Equatable, Sendable {
    /// The samples the point filter kept, with the pen's width.
    public let kept: [KeptSample]
    /// The smoothed centre line (empty for a stroke of one kept sample).
    public let centreLine: [CentrePoint]
    /// The segments whose union is the stroke: consecutive centre points
    /// (a dot of diameter W for one kept sample), then an arrow's head.
    public let segments: [TaperedCapsule]

    /// The stroke's samples drawn by `time` on a canvas whose longer side is
    /// `longerSide` pixels; empty before its first sample.
    public init(_ stroke: Stroke, at time: Double, longerSide: Double) {
        self.init(stroke, at: time, longerSide: longerSide, range: PenWidthRange(longerSide: longerSide, size: stroke.size))
    }

    /// The same with another width range (the eraser's: `PenWidthRange.eraser`).
    public init(_ stroke: Stroke, at time: Double, longerSide: Double, range: PenWidthRange) {
        let drawn = stroke.samples(drawnBy: time)
        kept = PenSamples.widths(of: PenSamples.filtered(drawn, minimumDistance: 8 / stroke.zoom), range: range)
        centreLine = StrokeSmoothing.centreLine(kept)
        var segments: [TaperedCapsule] = []
        if kept.count == 1 {
            let dot = kept[0].position
            segments.append(TaperedCapsule(from: dot, to: dot, startRadius: range.width / 2, endRadius: range.width / 2))
        }
        segments.reserveCapacity(max(centreLine.count - 1, 0) + 2)
        for index in centreLine.indices.dropFirst() {
            let a = centreLine[index - 1], b = centreLine[index]
            segments.append(TaperedCapsule(from: a.position, to: b.position, startRadius: a.width / 2, endRadius: b.width / 2))
        }
        if stroke.arrow, time >= stroke.endTime, let tip = centreLine.last {
            let progress = fadeProgress(time - stroke.endTime, over: ArrowHead.drawInSeconds)
            segments += ArrowHead.lines(centreLine: centreLine, length: ArrowHead.length(longerSide: longerSide, width: range.width),
                                        progress: progress).map { TaperedCapsule(from: tip.position, to: $0, startRadius: tip.width / 2, endRadius: tip.width / 2) }
        }
        self.segments = segments
    }
}

/// A pen stroke's arrow head (`drawing.md` section 2).
public enum ArrowHead {
    /// Each line grows to full length over this long after the stroke's last sample (ease-in-out).
    public static let drawInSeconds = 0.2
    /// Each line's angle either side of the direction back along the stroke, radians.
    public static let angle = 0.45
    /// How many smoothed points back the direction is looked for.
    public static let searchDepth = 200

    /// max(max(10, 0.02 maxdim), 3 W).
    public static func length(longerSide: Double, width: Double) -> Double {
        max(max(10, 0.02 * longerSide), 3 * width)
    }

    /// The two lines' far ends, from the centre line's last point: at
    /// +-`angle` about the direction back to the first earlier point farther
    /// than half `length` (or, if none within `searchDepth`, the farthest
    /// back searched: ours), `progress` (0...1) of `length` long. None when
    /// every point searched is the tip itself.
    public static func lines(centreLine: [CentrePoint], length: Double, progress: Double) -> [Vec2] {
        guard let tip = centreLine.last?.position else { return [] }
        let searched = centreLine.dropLast().suffix(searchDepth).reversed()
        guard let back = searched.first(where: { ($0.position - tip).length > length / 2 }) ?? searched.last else { return [] }
        let toBack = back.position - tip, distance = toBack.length
        guard distance > 0 else { return [] }
        let direction = toBack * (1 / distance), reach = length * progress
        return [angle, -angle].map { turn in
            let (c, s) = (cos(turn), sin(turn))
            return tip + Vec2(direction.x * c - direction.y * s, direction.x * s + direction.y * c) * reach
        }
    }
}
