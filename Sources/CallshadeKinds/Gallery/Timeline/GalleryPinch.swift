import CallshadeCore

/// A pinch as it runs from a grid at rest (`gallery.md` section 2.1): a
/// step starts when the scale leaves 1, towards the next level with fewer
/// columns above 1 and more below (with none that way, nothing happens);
/// its progress p = (scale - initial) / (target - initial), shown clamped
/// to [0, 1]; past 1 the new grid becomes the old one of a step on, below 0
/// the step turns back the other way, as often as levels remain; on
/// release p snaps to 0 or 1 in 0.2 s. The scale is linear between samples
/// and the steps are taken at each sample and at the instant drawn, so a
/// frame is the same at any frame rate.
public struct GalleryPinch: Sendable {
    /// The release's snap, seconds.
    public static let releaseDuration = 0.2
    /// A step's target from its initial scale: x 1.25 zooming in, x 0.75 out.
    static let stepIn = 1.25, stepOut = 0.75
    /// The old grid fades out from this progress on (rule 6).
    static let fadeFrom = 0.7
    /// A release under this progress snaps back (rule 8).
    static let snapBackUnder = 0.3

    /// One step: its morph, the scales where it starts and ends, and its way.
    struct Step: Equatable, Sendable {
        let morph: GalleryMorph
        let initial: Double
        let target: Double
        let zoomingIn: Bool

        func progress(_ scale: Double) -> Double { (scale - initial) / (target - initial) }
    }

    public let at: Double
    public let start: GalleryRest
    public let gesture: GalleryPinchGesture
    let levels: [Int]
    /// L: the first sample other than 1's point, pixels (nil: the scale never leaves 1).
    let point: Vec2?
    /// That sample's scale, s1.
    let firstScale: Double

    public init(at: Double, start: GalleryRest, gesture: GalleryPinchGesture, levels: [Int]) {
        self.at = at
        self.start = start
        self.gesture = gesture
        self.levels = levels
        let first = gesture.samples.first { $0.scale != 1 }
        point = first.map { Vec2($0.x * start.layout.scale, $0.y * start.layout.scale) }
        firstScale = first?.scale ?? 1
    }

    /// When it has settled: the release's snap done.
    public var end: Double { at + gesture.duration + Self.releaseDuration }

    /// The level beyond `columns` zooming in (fewer columns) or out, if there is one.
    func level(beyond columns: Int, zoomingIn: Bool) -> Int? {
        guard let index = levels.firstIndex(of: columns) else { return nil }
        let next = zoomingIn ? index - 1 : index + 1
        return levels.indices.contains(next) ? levels[next] : nil
    }

    /// The step after the scale reaches `scale` from `step` (nil: none yet).
    func step(_ step: Step?, reaching scale: Double) -> Step? {
        guard let point else { return nil }
        var current: Step
        if let step {
            current = step
        } else {
            guard scale != 1 else { return nil }
            let zoomingIn = firstScale > 1
            guard let columns = level(beyond: start.layout.columns, zoomingIn: zoomingIn) else { return nil }
            current = Step(morph: GalleryMorph(from: start, to: columns, about: point), initial: 1,
                           target: firstScale * (zoomingIn ? Self.stepIn : Self.stepOut), zoomingIn: zoomingIn)
        }
        // Rule 7, while p is outside [0, 1] and a level remains (each pass moves to another level; bounded).
        for _ in 0..<(2 * levels.count + 2) {
            let p = current.progress(scale)
            if p > 1, let columns = level(beyond: current.morph.to.layout.columns, zoomingIn: current.zoomingIn) {
                current = Step(morph: GalleryMorph(from: current.morph.to, to: columns, about: point), initial: current.target,
                               target: current.target * (current.zoomingIn ? Self.stepIn : Self.stepOut), zoomingIn: current.zoomingIn)
            } else if p < 0, let columns = level(beyond: current.morph.from.layout.columns, zoomingIn: !current.zoomingIn) {
                current = Step(morph: GalleryMorph(from: current.morph.from, to: columns, about: point), initial: current.initial,
                               target: current.initial * (current.zoomingIn ? Self.stepOut : Self.stepIn), zoomingIn: !current.zoomingIn)
            } else {
                break
            }
        }
        return current
    }

    /// The step at `local` seconds from the event (within the gesture):
    /// taken at each sample up to then, and at the scale then.
    func step(at local: Double) -> Step? {
        var step: Step?
        for sample in gesture.samples where sample.time <= local { step = self.step(step, reaching: sample.scale) }
        return self.step(step, reaching: gesture.scale(at: local))
    }

    /// The grid it settles on: the new grid of a step released at 0.3 or more, else the old one.
    public var settled: GalleryRest {
        guard let step = step(at: gesture.duration) else { return start }
        return min(max(step.progress(gesture.samples.last?.scale ?? 1), 0), 1) < Self.snapBackUnder ? step.morph.from : step.morph.to
    }

    /// The levels its steps pass through to where it settles, for `validate`.
    public var passes: [Int] {
        var seen = [start.layout.columns], step: Step?
        for sample in gesture.samples {
            step = self.step(step, reaching: sample.scale)
            if let step, seen.last != step.morph.to.layout.columns { seen.append(step.morph.to.layout.columns) }
        }
        return seen
    }

    /// The grids at `time` (from `at` on): during the gesture both of the
    /// step's, the new at p and the old at 1 - max(0, p - 0.7) / 0.3; after
    /// the release p goes to its goal in 0.2 s (rule 8); then the winner alone.
    public func shown(at time: Double) -> [GalleryShownGrid] {
        let local = time - at
        guard local < gesture.duration + Self.releaseDuration else { return [GalleryShownGrid(rest: settled)] }
        let during = min(local, gesture.duration)
        guard let step = step(at: during) else { return [GalleryShownGrid(rest: start)] }
        let p = min(max(step.progress(local < gesture.duration ? gesture.scale(at: local) : gesture.samples.last?.scale ?? 1), 0), 1)
        let oldAlpha = 1 - max(0, p - Self.fadeFrom) / (1 - Self.fadeFrom)
        guard local >= gesture.duration else { return GalleryShownGrid.morph(step.morph, p: p, fromAlpha: oldAlpha, toAlpha: p) }
        // The release: from p_r to its goal.
        let tau = local - gesture.duration, goal: Double = p < Self.snapBackUnder ? 0 : 1
        let eased = GalleryCurve.easeInOut(tau / Self.releaseDuration)
        let progress = p + (goal - p) * eased
        let fromAlpha: Double
        if goal == 1, p < Self.fadeFrom {
            fromAlpha = tau < Self.releaseDuration / 2 ? 1 : 1 - GalleryCurve.easeInOut((tau - Self.releaseDuration / 2) / Self.releaseDuration)
        } else {
            fromAlpha = oldAlpha + ((goal == 1 ? 0 : 1) - oldAlpha) * eased
        }
        return GalleryShownGrid.morph(step.morph, p: progress, fromAlpha: fromAlpha, toAlpha: progress)
    }
}
