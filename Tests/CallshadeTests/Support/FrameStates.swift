import CallshadeCore
import CallshadeKinds

/// States the tests draw that no instant of a timeline has.
extension FrameState {
    /// The first instant of a call just placed (no key, tooltip, panel,
    /// notices or rating), with `waves`: what a screen without text draws
    /// as the gradient, the waves and the avatar alone.
    static func placed(waves: WaveState) -> FrameState {
        var state = CallTimeline(Scenario(duration: 1, events: [])).state(at: 0)
        state.waves = waves
        return state
    }

    /// This instant's words over still waves at level 0, no expanded key
    /// shrinking them: what the words' and titles' goldens draw (with
    /// `wordsElements`, so that nothing else of the call shows).
    var still: FrameState {
        var state = self
        state.waves = WaveState(level: 0, motionTime: 0)
        state.panel = nil
        return state
    }

    /// The background, the waves and the avatar, and the words: the words' goldens' elements.
    static let wordsElements = CallElements([BackgroundElement(), AvatarWavesElement(), WordsElement()])
}
