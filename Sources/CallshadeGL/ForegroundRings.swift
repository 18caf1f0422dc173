import CallshadeCore
import Foundation

/// Which part of the foreground a program draws (a compile-time variant of `foreground.frag`).
enum ForegroundPart: Hashable {
    /// Background, both waves and the avatar.
    case whole
    /// The opaque inside of the avatar: its colour only (AVATAR_INTERIOR).
    case avatarInterior
    /// Background and the outer wave, where the avatar and the inner wave are nothing (OUTER_WAVE_ONLY).
    case outerWave

    var define: String? {
        switch self {
        case .whole: return nil
        case .avatarInterior: return "AVATAR_INTERIOR"
        case .outerWave: return "OUTER_WAVE_ONLY"
        }
    }
}

/// One annulus to draw: `ring.vert` places its vertices on two regular
/// polygons of `ForegroundRings.segments` sides around the centre.
struct Ring: Equatable {
    let part: ForegroundPart
    /// Radii of the inner and outer polygons' vertices, in pixels (0: a disc).
    let innerVertexRadius: Double
    let outerVertexRadius: Double
}

/// Splits the foreground into rings drawn by cheaper programs where less
/// shows: on a software rasteriser each pixel costs its program's full work,
/// whatever a branch would skip. Rings may overlap, where both programs give
/// the same colour; together they cover every pixel the foreground changes.
enum ForegroundRings {
    /// Sides of the polygons (as `SEGMENTS` in `ring.vert`).
    static let segments = 32
    /// A polygon whose vertices lie at r / cos(pi / segments) contains the circle of radius r.
    static let circumscribed = 1 / cos(Double.pi / Double(segments))
    /// Pixels of overlap between neighbouring rings, against rounding.
    static let overlap = 2.0

    /// The rings of one frame's foreground, inside out.
    static func rings(for foreground: Foreground, layers: Set<Layer>) -> [Ring] {
        let avatarRadius = layers.contains(.avatar) ? max(foreground.avatar.diameter / 2, 0) : 0
        // The avatar's coverage is 1 within radius - 0.5 and 0 beyond radius + 0.5.
        let opaqueAvatar = foreground.avatar.image?.isOpaque ?? true
        let interior = opaqueAvatar ? avatarRadius - 1 : 0
        let sides = foreground.waves.shapes.map(\.side)
        let wavesShow = layers.contains(.waves) && foreground.waves.alpha > 0
        let innerWaveReach = wavesShow && sides.count > 1 ? sides[1] * Foreground.wavesReach : 0
        let outerWaveReach = wavesShow ? (sides.first ?? 0) * Foreground.wavesReach : 0
        // Everything but the outer wave is nothing beyond this radius.
        let middle = max(innerWaveReach, avatarRadius > 0 ? avatarRadius + 1 : 0)
        var rings: [Ring] = []
        if interior > overlap {
            // Vertices on the circle: the polygon lies inside it.
            rings.append(Ring(part: .avatarInterior, innerVertexRadius: 0, outerVertexRadius: interior))
        }
        if middle > 0 {
            rings.append(Ring(part: .whole, innerVertexRadius: interior > overlap ? interior - overlap : 0,
                              outerVertexRadius: middle * circumscribed + overlap))
        }
        if outerWaveReach > middle {
            rings.append(Ring(part: .outerWave, innerVertexRadius: middle * circumscribed,
                              outerVertexRadius: (outerWaveReach + 1) * circumscribed))
        }
        return rings
    }

    /// How far from the centre any ring reaches, in pixels.
    static func extent(of rings: [Ring]) -> Double {
        rings.map(\.outerVertexRadius).max() ?? 0
    }
}
