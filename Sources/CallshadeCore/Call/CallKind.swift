/// The call screen as a scene kind. It owns its scenario (`Scenario`), its
/// timeline (`CallTimeline`, whose `FrameState` at an instant its elements
/// draw from), its elements in order (`elements`) and its `validate`
/// listing (`CallTimeline.milestones`).
public enum CallKind {
    public static let name = "call"

    /// The call screen's elements, bottom to top: the scene's nodes come in
    /// this order, and their tags in this order on the command line. Adding
    /// an element is one entry here.
    public static let elements = CallElements([
        BackgroundElement(),
        AvatarWavesElement(),
        WordsElement(),
        KeyElement(),
        ButtonsElement(),
        NoticesElement(),
        RatingElement(),
    ])
}

extension SceneTag {
    /// The tags of the background, the waves and the avatar: what callshade drew before it drew words.
    public static let picture: Set<SceneTag> = [.background, .waves, .avatar]
}
