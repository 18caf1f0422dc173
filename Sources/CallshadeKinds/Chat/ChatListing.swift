import CallshadeCore
import CallshadeRender
import CallshadeSVG

/// `validate` for a chat (chat, section 5): its settings, its wallpaper,
/// then its drafts, sends and steps in time order.
extension ChatScenario: ListedScenario {
    public func listing(file: String) throws -> ValidationListing {
        if let pattern = wallpaper.patternPath {
            do {
                _ = try PatternDrawing.mask(file: pattern, size: size ?? .phone)
            } catch let error as PatternError {
                throw FramesError.pattern("\(file): wallpaper.pattern: \(error)")
            }
        }
        let facts = ValidationListing.facts(duration: duration, seed: seed)
            + [ValidationListing.count(events.count, "event"), ValidationListing.count(messages.count, "message")]
            + ValidationListing.settings(size: size, fps: fps)
        let raster = wallpaper.variant.rasterSize(for: size ?? .phone)
        var summary = "wallpaper: \(wallpaper.variant.rawValue) (raster \(raster.width)x\(raster.height)), phase \(wallpaper.phase)"
        summary += ", colours \(wallpaper.colors.map(\.description).joined(separator: " ")), step \(wallpaper.step.rawValue)"
        summary += " (\(ShownNumber.text(wallpaper.step.duration(animation))) s)"
        if wallpaper.iosKeyframes { summary += ", iOS keyframes" }
        if let pattern = wallpaper.patternPath { summary += ", pattern \(pattern) at \(wallpaper.intensity)" }
        return ValidationListing(facts: facts, kind: scene, details: [summary],
                                 timeline: .moments(ChatTimeline(self).milestones.map { ($0.time, $0.text) }))
    }

    public var printed: [PrintedField: String] { ValidationListing.values(self).merging([.avatar: avatarPath ?? ""]) { $1 } }
}
