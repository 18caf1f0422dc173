import Foundation

/// The screen's springs (call-screen-elements, section 0) as closed-form
/// progress curves from 0 to 1: a frame at any instant needs no history.
///
/// A damped spring of mass m, stiffness k and damping c released at 0 with
/// no speed moves towards 1 as x(t); its curve here is x run `natural / d`
/// times faster, so that it lasts `d`. The standard spring (m 3, k 1000,
/// c 500) is overdamped and still 37 % short of 1 after its natural 0.5 s,
/// so its curve is x divided by x(0.5): it arrives at 1 exactly at d, with no
/// jump (our reading of "time-scaled to last d"). The bouncy spring (m 5,
/// k 900, c 88) overshoots by 6.5 % and is within 0.15 % of 1 after its
/// natural 0.8 s, where it is cut.
public struct Spring: Equatable, Sendable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// How long it runs unscaled, in seconds.
    public let natural: Double
    /// Whether its curve is divided by its value at `natural` (so it ends at exactly 1).
    public let normalised: Bool
    /// How long it lasts here, in seconds.
    public let duration: Double

    /// "Spring d": critically-damped-like, no overshoot.
    public static func standard(_ duration: Double) -> Spring {
        Spring(mass: 3, stiffness: 1000, damping: 500, natural: 0.5, normalised: true, duration: duration)
    }

    /// "Bouncy spring d": about 6.5 % overshoot.
    public static func bouncy(_ duration: Double) -> Spring {
        Spring(mass: 5, stiffness: 900, damping: 88, natural: 0.8, normalised: false, duration: duration)
    }

    /// The physical spring's position at `t` seconds of its own time.
    func position(_ t: Double) -> Double {
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta > 1 {
            let root = (zeta * zeta - 1).squareRoot()
            let slow = -omega * (zeta - root), fast = -omega * (zeta + root)
            return 1 - (fast * exp(slow * t) - slow * exp(fast * t)) / (fast - slow)
        }
        if zeta == 1 { return 1 - (1 + omega * t) * exp(-omega * t) }
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    }

    /// Its progress `elapsed` seconds after it starts: 0 before, 1 from `duration` on.
    public func progress(_ elapsed: Double) -> Double {
        guard elapsed.isFinite, duration > 0 else { return elapsed > 0 ? 1 : 0 }
        if elapsed <= 0 { return 0 }
        if elapsed >= duration { return 1 }
        let value = position(elapsed / duration * natural)
        return normalised ? value / position(natural) : value
    }
}

/// An "alpha" fade (section 0): ease-in-out over `duration` seconds.
public func fadeProgress(_ elapsed: Double, over duration: Double) -> Double {
    guard duration > 0 else { return elapsed >= 0 ? 1 : 0 }
    return CubicBezierEasing.easeInOut.value(elapsed / duration)
}
