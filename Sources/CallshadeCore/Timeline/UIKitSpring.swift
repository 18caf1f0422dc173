import Foundation

/// UIKit's spring animation of duration d and damping ratio zeta as the
/// drawing editor's spec gives it (`editor.md` section 3, U(d, zeta), ours):
/// omega = ln(1500) / (zeta d), wd = omega sqrt(1 - zeta^2),
/// x(t) = 1 - e^(-zeta omega t) (cos(wd t) + zeta / sqrt(1 - zeta^2) sin(wd t)),
/// and 1 from d on (the envelope is 1/1500 by then). Closed form in time.
public struct UIKitSpring: Equatable, Sendable {
    public let duration: Double
    public let dampingRatio: Double

    public init(duration: Double, dampingRatio: Double) {
        self.duration = duration
        self.dampingRatio = dampingRatio
    }

    /// The angular frequency, rad/s.
    public var omega: Double { log(1500) / (dampingRatio * duration) }

    /// Its progress `elapsed` seconds after it starts: 0 before, 1 from `duration` on.
    public func progress(_ elapsed: Double) -> Double {
        guard elapsed.isFinite, duration > 0, dampingRatio > 0, dampingRatio < 1 else { return elapsed > 0 ? 1 : 0 }
        if elapsed <= 0 { return 0 }
        if elapsed >= duration { return 1 }
        let zeta = dampingRatio, root = (1 - zeta * zeta).squareRoot(), damped = omega * root
        return 1 - exp(-zeta * omega * elapsed) * (cos(damped * elapsed) + zeta / root * sin(damped * elapsed))
    }
}

/// A value animated the way UIKit adds animations (`editor.md` section 3):
/// each change k, at t_k from a target before_k to after_k on its own curve
/// x_k, adds (before_k - after_k)(1 - x_k(t - t_k)) to the latest target,
/// so a change during another never jumps.
public struct AdditiveTrack: Sendable {
    public struct Change: Sendable {
        public let start: Double
        public let before: Double
        public let after: Double
        public let curve: @Sendable (Double) -> Double
        /// From then on the change adds nothing.
        public let end: Double
    }

    public let initial: Double
    public private(set) var changes: [Change] = []

    public init(_ initial: Double) {
        self.initial = initial
    }

    /// The target after the last change.
    public var target: Double { changes.last?.after ?? initial }

    /// Sets the target to `value` at `time` (not before the last change), moving there on `curve`, which reaches 1 by `time + length`.
    public mutating func move(to value: Double, at time: Double, length: Double, curve: @escaping @Sendable (Double) -> Double) {
        guard value != target else { return }
        changes.append(Change(start: time, before: target, after: value, curve: curve, end: time + length))
    }

    /// Sets the target on a UIKit spring.
    public mutating func move(to value: Double, at time: Double, on spring: UIKitSpring) {
        move(to: value, at: time, length: spring.duration) { spring.progress($0) }
    }

    /// Sets the target at once.
    public mutating func jump(to value: Double, at time: Double) {
        move(to: value, at: time, length: 0) { _ in 1 }
    }

    /// The value shown at `time`.
    public func value(at time: Double) -> Double {
        // The target of the latest change started by then (a delayed change may be added before an earlier one).
        var value = initial, latest = -Double.infinity
        for change in changes where change.start <= time && change.start >= latest {
            (value, latest) = (change.after, change.start)
        }
        for change in changes where change.start <= time && time < change.end {
            value += (change.before - change.after) * (1 - change.curve(time - change.start))
        }
        return value
    }
}
