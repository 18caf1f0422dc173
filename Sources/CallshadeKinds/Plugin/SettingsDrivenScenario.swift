import CallshadeCore

/// A scenario whose motion follows the animation editor's settings (the
/// contest's settings file, `chat-settings`): what `curves` draws and the
/// studio's settings panel edits. Only the kinds that have them conform.
public protocol SettingsDrivenScenario: ParsedScenario {
    /// The settings it follows; nil for motion that has no settings form (the app's shipped curves).
    var animationSettings: ChatAnimationSettings? { get }
}
