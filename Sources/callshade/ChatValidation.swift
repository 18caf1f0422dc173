import Foundation
import CallshadeCore
import CallshadeSVG

/// `validate` for a chat scenario (chat, section 5): its settings, `scene:
/// chat`, its wallpaper, then its drafts, sends and steps in time order.
struct ChatValidation {
    let scenario: ChatScenario
    let file: String
    let lines: Int

    /// Prints the summary, or with `print` one value ("size", "fps", "duration", "seed", "audio", "avatar").
    func run(print field: String?) throws {
        if let field {
            switch field {
            case "size": Swift.print(scenario.size ?? .phone)
            case "fps": Swift.print(scenario.fps ?? 60)
            case "duration": Swift.print(ShownNumber.text(scenario.duration))
            case "seed": Swift.print(scenario.seed)
            case "avatar": Swift.print(scenario.avatarPath ?? "")
            default: Swift.print("")
            }
            return
        }
        if let pattern = scenario.wallpaper.patternPath {
            do {
                _ = try PatternDrawing.mask(file: pattern, size: scenario.size ?? .phone)
            } catch let error as PatternError {
                throw Diagnostic.pattern("\(file): wallpaper.pattern: \(error)")
            }
        }
        var parts = ["\(ShownNumber.text(scenario.duration)) s", "seed \(scenario.seed)",
                     "\(scenario.events.count) event\(scenario.events.count == 1 ? "" : "s")",
                     "\(scenario.messages.count) message\(scenario.messages.count == 1 ? "" : "s")"]
        if let size = scenario.size { parts.append("size \(size)") }
        if let fps = scenario.fps { parts.append("\(fps) fps") }
        Swift.print("\(file): valid; " + parts.joined(separator: ", "))
        Swift.print("scene: chat")
        let wallpaper = scenario.wallpaper
        let size = scenario.size ?? .phone
        let raster = wallpaper.variant.rasterSize(for: size)
        var summary = "wallpaper: \(wallpaper.variant.rawValue) (raster \(raster.width)x\(raster.height)), phase \(wallpaper.phase)"
        let colours = wallpaper.colors.map(\.description).joined(separator: " ")
        summary += ", colours \(colours), step \(wallpaper.step.rawValue)"
        summary += " (\(ShownNumber.text(wallpaper.step.duration(scenario.animation))) s)"
        if wallpaper.iosKeyframes { summary += ", iOS keyframes" }
        if let pattern = wallpaper.patternPath { summary += ", pattern \(pattern) at \(wallpaper.intensity)" }
        Swift.print(summary)
        let milestones = ChatTimeline(scenario).milestones
        Swift.print("  time (s)  what")
        let most = max(lines, 2)
        let shown = milestones.count <= most ? milestones : Array(milestones.prefix(most / 2)) + Array(milestones.suffix(most / 2))
        for (index, milestone) in shown.enumerated() {
            if shown.count < milestones.count, index == shown.count / 2 {
                Swift.print("       ...  \(milestones.count - shown.count) more")
            }
            Swift.print("\(String(format: "%9.3f", milestone.time))  \(milestone.text)")
        }
    }
}
