import CallshadeCore
import CallshadeRender
import Foundation

/// `validate` for the gallery: its items and levels, then each event with
/// what it did (at the scenario's frame size): where a scroll settles, the
/// levels a pinch passes and where it settles, what a tap hit.
extension GalleryScenario: ListedScenario {
    public func listing(file: String) throws -> ValidationListing {
        let layout = self.layout(size: defaultFrameSize)
        let timeline = try GalleryTimeline(self, size: defaultFrameSize, file: file)
        let levelsText = levels.map { $0 == level ? "[\($0)]" : "\($0)" }.joined(separator: " ")
        var items: String
        switch self.items {
        case .fill(let fill):
            items = "items: \(ValidationListing.count(count, "fill item")) (seed \(fill.seed))"
            if fill.videoEvery > 0 { items += fill.videoEvery == 1 ? "; every one a video" : "; one in \(fill.videoEvery) a video" }
            if fill.loadingFrom < count { items += "; loading from item \(fill.loadingFrom)" }
        case .media(let entries):
            // Probed as a render would, so that a file callshade cannot read fails here too.
            let library = try GalleryMediaLibrary(entries, reuse: ReuseStore(.off))
            let videos = library.items.filter { $0.duration != nil }.count
            items = "items: \(ValidationListing.count(count, "media file")), \(ValidationListing.count(videos, "video"))"
        }
        let maximum = ShownNumber.text(Double(layout.maximumOffset) / layout.scale)
        let details = [
            items,
            "levels: \(levelsText) columns; at \(level): \(ValidationListing.count(layout.rows, "row")) of \(layout.side) px at \(defaultFrameSize)",
            "scroll: from \(ShownNumber.text(timeline.startOffset / layout.scale)) pt, at most \(maximum) pt" + (bar ? "; bar \"\(UserText.shown(title))\"" : "; no bar"),
        ]
        let moments = timeline.outcomes.map { (time: $0.event.at, text: $0.text) }
        var listing = ValidationListing(facts: ValidationListing.facts(duration: duration, seed: nil) + [ValidationListing.count(events.count, "event")]
                                        + ValidationListing.settings(size: size, fps: fps),
                                        kind: scene, details: details)
        listing.timeline = .moments(moments)
        return listing
    }

    public var printed: [PrintedField: String] { ValidationListing.values(self, size: defaultFrameSize) }
}
