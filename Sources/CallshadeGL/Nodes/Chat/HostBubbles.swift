import CallshadeCore

/// Chat bubbles drawn by the host (`BubblesRenderer.hostDrawing`), by the
/// reference's rule: along a row, each bubble whose box the row crosses
/// fills the run of pixels it surely covers (its body's rounded rectangle
/// at least half a pixel and the outline's half width inside the edge: its
/// fill, wholly) and works out the rest of its box exactly (`coverage(at:)`:
/// fill, then the outline over it); then the strokes (the checks) over
/// their boxes. Every layer is laid over the ones before it as the
/// reference lays it, from nothing, so the row's pixels mix over the frame
/// as the reference's do.
struct HostBubbles: HostRowShader {
    private let bubbles: [PlacedBubble]
    private let strokes: [(stroke: BubbleNode.Stroke, box: (Double, Double, Double, Double))]

    init(_ node: BubbleNode) {
        bubbles = node.bubbles.map(PlacedBubble.init)
        strokes = node.strokes.map { ($0, $0.box) }
    }

    /// What a band reuses from row to row: the bubbles a row crosses, their columns, and what a solid run may not hold.
    final class RowMemory {
        var crossing: [Int] = []
        var touched: [Range<Int>] = []
        var cuts: [Range<Int>] = []

        init() {
            crossing.reserveCapacity(16)
            touched.reserveCapacity(16)
            cuts.reserveCapacity(32)
        }
    }

    func makeRowMemory(width: Int) -> RowMemory { RowMemory() }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: RowMemory) {
        var solid = SolidRuns()
        shade(row: y, from: x, count: count, into: values, solid: &solid, memory: memory)
        for (columns, color) in solid.runs {
            for column in columns.clamped(to: x..<x + count) { values[column - x] = SIMD4(color.x, color.y, color.z, 1) }
        }
    }

    /// A bubble's body surely filled along the row, where no other bubble's
    /// box and no stroke's reaches, is a solid run of its fill; the rest of
    /// its box is worked out pixel by pixel.
    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, solid: inout SolidRuns, memory: RowMemory) {
        // Only the amounts: a pixel of amount 0 is never mixed, whatever colour it holds (all finite).
        values.amount.update(repeating: 0, count: count)
        let centreY = Double(y) + 0.5
        let end = x + count
        memory.crossing.removeAll(keepingCapacity: true)
        memory.touched.removeAll(keepingCapacity: true)
        for index in bubbles.indices where bubbles[index].box.1 <= centreY && centreY <= bubbles[index].box.3 {
            memory.crossing.append(index)
            memory.touched.append(Self.columns(bubbles[index].box.0, bubbles[index].box.2, within: x..<end))
        }
        for (which, index) in memory.crossing.enumerated() {
            let bubble = bubbles[index].bubble
            let fill = SIMD4(Float(bubble.fill.r), Float(bubble.fill.g), Float(bubble.fill.b), 1)
            let touched = memory.touched[which]
            // A bubble fading in (opacity below 1) has no solid run: its surely filled pixels take its fill at its opacity.
            let translucent = bubble.opacity < 1
            let sure = bubbles[index].surelyFilled(atRow: centreY).map { Self.columns($0.lowerBound, $0.upperBound, within: touched) }
                ?? touched.lowerBound..<touched.lowerBound
            // What its solid run may not hold: every other bubble's columns on this row, and every stroke's.
            memory.cuts.removeAll(keepingCapacity: true)
            for (other, columns) in memory.touched.enumerated() where other != which { memory.cuts.append(columns) }
            for (_, box) in strokes where box.1 <= centreY && centreY <= box.3 { memory.cuts.append(Self.columns(box.0, box.2, within: x..<end)) }
            memory.cuts.sort { $0.lowerBound < $1.lowerBound }
            let before = solid.runs.count
            if !translucent { solid.add(sure, color: SIMD3(fill.x, fill.y, fill.z), excluding: memory.cuts) }
            // The box's columns outside its solid runs (which lie in order along the row).
            var column = touched.lowerBound
            for next in before...solid.runs.count {
                let stop = next < solid.runs.count ? solid.runs[next].columns.lowerBound : touched.upperBound
                while column < stop {
                    if sure.contains(column) {
                        // All fill and no outline by the reference's coverage: its fill at its opacity, as `coverage(at:)` gives it.
                        if !translucent {
                            values[column - x] = fill
                        } else if bubble.opacity > 0 {
                            values[column - x] = Self.over(values[column - x], color: bubble.fill, amount: bubble.opacity)
                        }
                    } else {
                        let (covered, outline) = bubble.coverage(at: Vec2(Double(column) + 0.5, centreY))
                        var pixel = values[column - x]
                        if covered > 0 { pixel = Self.over(pixel, color: bubble.fill, amount: covered) }
                        if outline > 0 { pixel = Self.over(pixel, color: .black, amount: outline) }
                        values[column - x] = pixel
                    }
                    column += 1
                }
                if next < solid.runs.count { column = max(column, solid.runs[next].columns.upperBound) }
            }
        }
        for (stroke, box) in strokes where box.1 <= centreY && centreY <= box.3 {
            let alpha = min(max(stroke.alpha, 0), 1)
            for column in Self.columns(box.0, box.2, within: x..<end) {
                let amount = EdgeCoverage.coverage(signedDistance: stroke.capsule.signedDistance(Vec2(Double(column) + 0.5, centreY))) * alpha
                if amount > 0 { values[column - x] = Self.over(values[column - x], color: stroke.color, amount: amount) }
            }
        }
    }

    /// The columns whose pixel centres lie in `left...right`, within `range`.
    private static func columns(_ left: Double, _ right: Double, within range: Range<Int>) -> Range<Int> {
        guard left.isFinite, right.isFinite, right >= left else { return range.lowerBound..<range.lowerBound }
        // Column c's centre is c + 1/2.
        let first = Int(max(min((left - 0.5).rounded(.up), 1e9), -1e9)), last = Int(max(min((right - 0.5).rounded(.down), 1e9), -1e9))
        let lower = max(first, range.lowerBound), upper = min(last + 1, range.upperBound)
        return lower < upper ? lower..<upper : range.lowerBound..<range.lowerBound
    }

    /// `color` at `amount` over `below` (straight colour and amount), as the reference's `over`.
    private static func over(_ below: SIMD4<Float>, color: RGB, amount: Double) -> SIMD4<Float> {
        let belowAlpha = Double(below.w)
        let out = amount + belowAlpha * (1 - amount)
        guard out > 0 else { return .zero }
        let keep = belowAlpha * (1 - amount)
        return SIMD4(Float((color.r * amount + Double(below.x) * keep) / out), Float((color.g * amount + Double(below.y) * keep) / out),
                     Float((color.b * amount + Double(below.z) * keep) / out), Float(out))
    }
}

/// A bubble with its box and the run its body surely fills along a row (internal for its test).
struct PlacedBubble {
    let bubble: BubbleNode.Bubble
    let box: (Double, Double, Double, Double)
    /// How far inside the body's edge a pixel centre is surely all fill:
    /// half a pixel of coverage and the outline's half width, and half a pixel more.
    private let inset: Double
    /// The corners' radii as the body's distance has them (clamped to half the shorter side).
    private let radii: (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double)

    init(_ bubble: BubbleNode.Bubble) {
        self.bubble = bubble
        box = bubble.box
        inset = 0.5 + max(bubble.outlineHalfWidth, 0) + 0.5
        let body = bubble.body
        let most = max(0, min(body.width, body.height) / 2)
        func drawn(_ radius: Double) -> Double { min(max(radius, 0), most) }
        radii = (drawn(body.radii.topLeft), drawn(body.radii.topRight), drawn(body.radii.bottomRight), drawn(body.radii.bottomLeft))
    }

    /// The x span whose pixel centres on the row at `centreY` lie at least
    /// `inset` inside the body (the tail only adds to it), nil where there
    /// is none. By `BubbleBody.signedDistance`: each half across takes its
    /// corner's radius r; in rows away from the corner's quarter the
    /// distance is the rectangle's, and in them it is the corner circle's,
    /// so the run reaches to where the circle shrunk by `inset` does.
    func surelyFilled(atRow centreY: Double) -> ClosedRange<Double>? {
        let body = bubble.body
        let (halfWidth, halfHeight) = (body.width / 2, body.height / 2)
        let centreX = body.x + halfWidth
        let py = centreY - (body.y + halfHeight)
        guard halfWidth >= inset, abs(py) <= halfHeight - inset else { return nil }
        // The quarter's corners of this row, as the distance chooses them (py > 0: the bottom ones).
        let (leftRadius, rightRadius) = py > 0 ? (radii.bottomLeft, radii.bottomRight) : (radii.topLeft, radii.topRight)
        // How far from the centre the run reaches on a side whose corner has `radius`; nil: nowhere on that side.
        func reach(_ radius: Double) -> Double? {
            let qy = abs(py) - (halfHeight - radius)
            guard qy > 0 else { return halfWidth - inset }
            let inner = radius - inset
            guard inner > qy else { return nil }
            return halfWidth - radius + (inner * inner - qy * qy).squareRoot()
        }
        switch (reach(leftRadius), reach(rightRadius)) {
        case let (left?, right?): return centreX - left...centreX + right
        case let (left?, nil): return centreX - left...centreX
        // Right of the centre only (the centre itself takes the left corner).
        case let (nil, right?): return centreX.nextUp...max(centreX.nextUp, centreX + right)
        case (nil, nil): return nil
        }
    }
}
