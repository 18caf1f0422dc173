/// Chat bubbles in the CPU reference (chat, sections 2.6 and 2.7): at each
/// bubble, its fill at the fill's coverage over what is below, then black
/// at the outline's coverage over that; then each stroke (a capsule) in its
/// colour at its coverage times its opacity.
struct ReferenceBubbles: ReferenceNodeShader {
    let node: BubbleNode

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        var result = below
        for bubble in node.bubbles {
            let (fill, outline) = bubble.coverage(at: pixel)
            if fill > 0 { result = Self.over(result, color: bubble.fill, amount: fill) }
            if outline > 0 { result = Self.over(result, color: .black, amount: outline) }
        }
        for stroke in node.strokes {
            let amount = EdgeCoverage.coverage(signedDistance: stroke.capsule.signedDistance(pixel)) * min(max(stroke.alpha, 0), 1)
            if amount > 0 { result = Self.over(result, color: stroke.color, amount: amount) }
        }
        return result
    }

    static func over(_ below: ShadedPixel, color: RGB, amount: Double) -> ShadedPixel {
        let out = amount + below.alpha * (1 - amount)
        guard out > 0 else { return .transparent }
        return ShadedPixel(color: (color * amount + below.color * (below.alpha * (1 - amount))) * (1 / out), alpha: out)
    }
}
