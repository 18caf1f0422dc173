import CallshadeCore
import CallshadeRender
import CallshadeText

extension SceneChoices {
    /// The layout of a call frame of `size`; a points width that gives more
    /// than 64 pixels a point (or fewer than 1/1024) is refused with the range this width accepts.
    public func layout(for size: FrameSize) throws -> CallLayout {
        do {
            return try CallLayout(size: size, pointsWidth: pointsWidth?.value ?? CallLayout.defaultPointsWidth)
        } catch let invalid as CallLayout.Invalid {
            let given = pointsWidth.map { "--points-width \($0.text)" } ?? "the default --points-width"
            throw FramesError.pointsWidth(given: given, requirement: invalid.requirement)
        }
    }

    /// The call screen of `scenario` for frames of `size`: its layout, the
    /// avatar (read only if the avatar is shown), the text setter for the
    /// call's elements (its glyphs rasterised once, only if text is shown)
    /// and the tags shown.
    public func callScreen(size: FrameSize, scenario: Scenario, showing: Set<SceneTag>, reuse: ReuseStore) throws -> CallScreen {
        let layout = try layout(for: size)
        let avatar = showing.contains(.avatar) ? try avatarImage(scenarioAvatar: scenario.avatarPath, side: AvatarImage.side(for: layout)) : nil
        let elements = CallKind.elements
        let text = showing.isDisjoint(with: elements.textTags(for: scenario)) ? nil
            : try TextSetter(scale: layout.scale, texts: elements.texts(for: scenario))
        return CallScreen(layout: layout, seed: scenario.seed, avatar: avatar, text: text, showing: showing, reuse: reuse)
    }
}
