import Foundation

/// The four-point gradient evaluated in double precision, written from the spec
/// (section 1). It is the test oracle for the shader.
public struct ReferenceGradient: Sendable {
    public let parameters: GradientParameters

    public init(_ parameters: GradientParameters) {
        self.parameters = parameters
    }

    /// The colour at a screen position (unit square, y up; pixel centres are
    /// at ((x + 0.5) / width, 1 - (row + 0.5) / height)).
    public func color(atScreen s: Vec2) -> RGB {
        let overscan = parameters.overscan
        let uv = (s + Vec2(overscan, overscan)) * (1 / (1 + 2 * overscan))
        return color(atGradient: uv)
    }

    /// The colour at a point of the gradient rect (unit square, y up).
    public func color(atGradient uv: Vec2) -> RGB {
        let p = swirled(uv)
        var sum = RGB.black
        var total = 0.0
        for (centre, color) in zip(parameters.centres, parameters.colors) {
            let reach = max(0, parameters.falloffRadius - (p - centre).length)
            let weight = Self.power(reach, parameters.falloffExponent)
            sum = sum + color * weight
            total += weight
        }
        let mixed = sum * (1 / max(total, 1e-5))
        return parameters.tone.map { $0.apply(to: mixed) } ?? mixed
    }

    /// Step 1: rotate about the middle by (scale d)^2 strength radians, d the
    /// distance from the middle, then clamp into the unit square.
    func swirled(_ uv: Vec2) -> Vec2 {
        let offset = uv - Vec2(0.5, 0.5)
        let reach = parameters.swirlScale * offset.length
        let angle = reach * reach * parameters.swirlStrength
        let (sine, cosine) = (sin(angle), cos(angle))
        let turned = Vec2(offset.x * cosine - offset.y * sine, offset.x * sine + offset.y * cosine)
        let p = turned + Vec2(0.5, 0.5)
        return Vec2(min(max(p.x, 0), 1), min(max(p.y, 0), 1))
    }

    /// x^e for x >= 0, exact for small integer exponents.
    @inline(__always)
    static func power(_ x: Double, _ e: Double) -> Double {
        switch e {
        case 3: return x * x * x
        case 4: let s = x * x; return s * s
        case 2: return x * x
        default: return x > 0 ? pow(x, e) : 0
        }
    }
}
