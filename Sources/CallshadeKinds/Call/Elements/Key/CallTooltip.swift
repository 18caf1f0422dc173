import CallshadeCore

/// The key's tooltip (call-screen-elements, section 4) as nodes: "Encryption
/// key of this call" (15 pt regular) in a glass rounded rectangle, radius 14,
/// padding 12 pt across and 10 pt down, with an arrow 8 pt tall and 20 pt
/// wide on its top edge (its tip rounded) pointing at the key's middle. Its
/// right edge is the key's; the arrow's tip is 8 pt below the key's bottom
/// (my reading of "top = key bottom + 8": the tooltip's top is its arrow's
/// tip). It scales about the tip.
struct CallTooltip {
    static let text = TextStyle(.regular, 15)
    static let cornerRadius = 14.0
    static let padding = (across: 12.0, down: 10.0)
    static let arrow = (width: 20.0, height: 8.0, tipRadius: 2.0)
    static let gap = 8.0

    static func texts() -> [TextStyle: [String]] { [text: [KeyTrack.tooltipText]] }

    let layout: CallLayout
    let setter: any TextSetting

    func nodes(_ shown: ShownOverlay, key: CallKey.Placement, backdrop: GradientParameters) -> [any SceneNode] {
        let scale = layout.scale
        let line = setter.line(KeyTrack.tooltipText, style: Self.text)
        let width = line.width + 2 * Self.padding.across * scale, height = line.height + 2 * Self.padding.down * scale
        let tip = Vec2((key.left + key.right) / 2, key.bottom + Self.gap * scale)
        let top = tip.y + Self.arrow.height * scale, left = key.right - width
        let s = shown.scale
        func scaled(_ point: Vec2) -> Vec2 { Vec2(tip.x + (point.x - tip.x) * s, tip.y + (point.y - tip.y) * s) }
        let corner = scaled(Vec2(left, top))
        let arrow = GlassNode.Arrow(tipX: tip.x, tipY: tip.y, width: Self.arrow.width * scale * s, height: Self.arrow.height * scale * s,
                                    tipRadius: Self.arrow.tipRadius * scale * s)
        let glass = GlassNode(x: corner.x, y: corner.y, width: width * s, height: height * s,
                              shape: .roundedRectangle(cornerRadius: Self.cornerRadius * scale * s), backdrop: backdrop,
                              blur: GlassNode.blurPoints * scale, opacity: shown.alpha, arrow: arrow)
        let origin = Vec2(left + Self.padding.across * scale, top + Self.padding.down * scale + line.ascent)
        let marks = line.marks(origin: origin, alpha: shown.alpha, scale: s, about: tip)
        return [glass, MarksNode(atlas: setter.atlas, marks: marks)]
    }
}
