import CallshadeCore
import CallshadeRender
import CallshadeText

extension SceneChoices {
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
