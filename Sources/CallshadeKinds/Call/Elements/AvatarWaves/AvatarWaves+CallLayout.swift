import CallshadeCore
import Foundation

// The avatar and the waves as the call's layout places and sizes them; the
// node, its geometry and its picture themselves know no layout.

extension AvatarWavesNode {
    /// The node of a frame: waves from the seed, motion time, level and
    /// visibility; the avatar scaled by (1 + extra); each only if shown.
    public init(layout: CallLayout, seed: Int64, waves state: WaveState, avatar: AvatarImage?, showsWaves: Bool, showsAvatar: Bool) {
        self.init(centre: layout.centre,
                  waves: showsWaves ? WaveGeometry.layer(seed: seed, motionTime: state.motionTime, level: state.level,
                                                         visibility: state.visibility, layout: layout) : nil,
                  avatar: showsAvatar ? AvatarLayer(image: avatar, diameter: layout.avatarDiameter * (1 + WaveGeometry.extra(level: state.level)))
                                      : nil)
    }
}

extension WaveGeometry {
    /// The waves of a frame: sized by the voice level (x (1 + 2 extra)) and by
    /// visibility (hidden = scale 0.3 and alpha 0).
    public static func layer(seed: Int64, motionTime: Double, level: Double, visibility: Double,
                             layout: CallLayout) -> WavesLayer {
        let shown = min(max(visibility, 0), 1)
        let outer = layout.wavesSide * (1 + 2 * extra(level: level)) * (0.3 + 0.7 * shown)
        let sides = [outer, outer * (1 - 2 * CallLayout.innerWaveInset)]
        let shapes = sides.enumerated().map { index, side in
            WaveShape(balls: balls(seed: seed, shape: index, motionTime: motionTime), side: side)
        }
        return WavesLayer(shapes: shapes, alpha: fullAlpha * shown)
    }
}

extension AvatarImage {
    /// The side to prepare for a layout: the avatar's largest diameter
    /// (level 5 enlarges it by a quarter) plus a pixel.
    public static func side(for layout: CallLayout) -> Int {
        let wanted = (layout.avatarDiameter * (1 + WaveGeometry.extra(level: 5))).rounded(.up) + 1
        guard !wanted.isNaN else { return 1 }
        return Int(min(max(wanted, 1), Double(maximumSide)))
    }
}
