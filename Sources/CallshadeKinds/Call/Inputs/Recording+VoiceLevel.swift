import CallshadeCore

import CallshadeAudio
import CallshadeRender

/// The call's voice level is a meter of a recording.
extension VoiceLevelMeter: SoundMeter {}

extension Recording {
    /// The voice level of the whole recording (`VoiceLevelMeter`).
    public func meter() throws -> VoiceLevelMeter { try measured(by: VoiceLevelMeter.self) }
}
