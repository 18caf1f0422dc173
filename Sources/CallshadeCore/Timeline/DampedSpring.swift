import Foundation

/// A damped spring of unit mass, closed-form: a value pulled towards its
/// target with acceleration `stiffness (target - x) - damping v`, from a
/// position and speed at its start. The picture in picture's move between
/// corners is one (video-call, section 5: stiffness 130, damping 17, a
/// natural frequency of sqrt(130) rad/s and a damping ratio of about 0.745).
public struct DampedSpring: Equatable, Sendable {
    public let stiffness: Double
    public let damping: Double

    public init(stiffness: Double, damping: Double) {
        self.stiffness = stiffness
        self.damping = damping
    }

    /// The picture in picture's spring between corners.
    public static let pip = DampedSpring(stiffness: 130, damping: 17)

    /// The natural frequency, rad/s.
    public var naturalFrequency: Double { stiffness.squareRoot() }

    /// The damping ratio: below 1 it overshoots.
    public var dampingRatio: Double { damping / (2 * stiffness.squareRoot()) }

    /// The offset from the target and the speed `t` seconds after a start
    /// at offset `offset` moving at `speed` (t >= 0).
    public func state(offset: Double, speed: Double, after t: Double) -> (offset: Double, speed: Double) {
        guard t > 0, stiffness > 0 else { return (offset, speed) }
        let omega = naturalFrequency, zeta = dampingRatio
        if zeta < 1 {
            let decay = zeta * omega, damped = omega * (1 - zeta * zeta).squareRoot()
            let a = offset, b = (speed + decay * offset) / damped
            let envelope = exp(-decay * t), c = cos(damped * t), s = sin(damped * t)
            return (envelope * (a * c + b * s), envelope * (speed * c - (decay * speed + stiffness * offset) / damped * s))
        }
        if zeta == 1 {
            let b = speed + omega * offset, envelope = exp(-omega * t)
            return (envelope * (offset + b * t), envelope * (b - omega * (offset + b * t)))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let slow = -omega * (zeta - root), fast = -omega * (zeta + root)
        // offset = p e^(slow t) + q e^(fast t), p + q = offset, slow p + fast q = speed.
        let q = (speed - slow * offset) / (fast - slow), p = offset - q
        let es = exp(slow * t), ef = exp(fast * t)
        return (p * es + q * ef, slow * p * es + fast * q * ef)
    }
}
