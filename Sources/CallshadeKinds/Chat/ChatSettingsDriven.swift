import CallshadeCore

/// A chat's sends and wallpaper steps follow its `animation`.
extension ChatScenario: SettingsDrivenScenario {
    public var animationSettings: ChatAnimationSettings? { animation.settings }
}
