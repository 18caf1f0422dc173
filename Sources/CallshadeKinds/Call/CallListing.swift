import CallshadeCore
import CallshadeRender
import CallshadeText

/// `validate` for a call: its settings, then its notable moments (state
/// changes, palette changes and crossfades, the background's idle pauses,
/// the waves easing out, freezing or hiding), with what its recording does.
extension Scenario: ListedScenario {
    public func listing(file: String) throws -> ValidationListing {
        try CallInput.checkFonts(self, file: file)
        let meter = try CallInput.recording(self)?.meter()
        var facts = ValidationListing.facts(duration: duration, seed: seed) + [ValidationListing.count(events.count, "event")]
        facts += ValidationListing.settings(size: size, fps: fps)
        if let avatar = avatarPath { facts.append("avatar \(avatar)") }
        if let audio = audioPath { facts.append("audio \(audio)") }
        return ValidationListing(facts: facts, kind: scene, details: meter.map { audioSummary(length: $0.duration) } ?? [],
                                 timeline: .moments(CallInput.timeline(self, meter: meter).milestones.map { ($0.time, $0.text) }),
                                 warnings: fontWarning.map { [$0] } ?? [])
    }

    public var printed: [PrintedField: String] {
        ValidationListing.values(self).merging([.audio: audioPath ?? "", .avatar: avatarPath ?? ""]) { $1 }
    }

    /// Why the screen's text cannot be set for this scenario's name and key
    /// (the glyphs do not fit the atlas, a font file is unreadable); nil when
    /// all is well. Characters no font has were refused when it was read.
    private var fontWarning: String? {
        do {
            _ = try TextSetter(scale: 1, texts: CallKind.elements.texts(for: self))
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// How the recording relates to the scenario: its length, and what wins.
    private func audioSummary(length: Double) -> [String] {
        var lines = ["audio: \(ShownNumber.text(length)) s; it drives the waves"]
        if length < duration - 1e-9 {
            lines.append("  shorter than the scenario: silence (level 0) after \(ShownNumber.text(length)) s")
        } else if length > duration + 1e-9 {
            lines.append("  longer than the scenario: trimmed at \(ShownNumber.text(duration)) s")
        }
        let levelEvents = events.filter { if case .level = $0.change { return true } else { return false } }.count
        if levelEvents > 0 {
            lines.append("  the audio wins: \(levelEvents) level event\(levelEvents == 1 ? " is" : "s are") ignored")
        }
        return lines
    }
}
