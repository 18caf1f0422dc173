import CallshadeCore
import CallshadeRender
import Foundation

/// `validate` for the gallery: its items and levels, then each scroll with
/// where its drag leaves the grid and when its fling settles (at the
/// scenario's frame size).
extension GalleryScenario: ListedScenario {
    public func listing(file: String) throws -> ValidationListing {
        let layout = self.layout(size: defaultFrameSize)
        let scroll = GalleryScroll(self, layout: layout)
        let levelsText = levels.map { $0 == level ? "[\($0)]" : "\($0)" }.joined(separator: " ")
        let details = [
            "items: \(ValidationListing.count(count, "fill item")) (seed \(fill.seed))"
                + (fill.videoEvery > 0 ? (fill.videoEvery == 1 ? "; every one a video" : "; one in \(fill.videoEvery) a video") : "")
                + (fill.loadingFrom < count ? "; loading from item \(fill.loadingFrom)" : ""),
            "levels: \(levelsText) columns; at \(level): \(ValidationListing.count(layout.rows, "row")) of \(layout.side) px at \(defaultFrameSize)",
            "scroll: from \(ShownNumber.text(scroll.initial / layout.scale)) pt, at most \(ShownNumber.text(Double(layout.maximumOffset) / layout.scale)) pt"
                + (bar ? "; bar \"\(UserText.shown(title))\"" : "; no bar"),
        ]
        let moments = zip(events, scroll.settles).map { event, settles -> (time: Double, text: String) in
            let gesture = event.scroll
            let what = gesture.samples.isEmpty ? "fling at \(ShownNumber.text(gesture.velocity)) pt/s"
                : "drag of \(gesture.samples.count) samples over \(ShownNumber.text(gesture.dragDuration)) s, then fling at \(ShownNumber.text((gesture.velocity * 10).rounded() / 10)) pt/s"
            let offset = ShownNumber.text((settles.offset / layout.scale * 100).rounded() / 100)
            let when = ShownNumber.text((settles.time * 1000).rounded() / 1000)
            return (event.at, "scroll: \(what); " + (settles.interrupted ? "at \(offset) pt when the next scroll takes it at \(when) s"
                                                                           : "settles at \(when) s on \(offset) pt"))
        }
        var listing = ValidationListing(facts: ValidationListing.facts(duration: duration, seed: nil) + [ValidationListing.count(events.count, "event")]
                                        + ValidationListing.settings(size: size, fps: fps),
                                        kind: scene, details: details)
        listing.timeline = .moments(moments)
        return listing
    }

    public var printed: [PrintedField: String] { ValidationListing.values(self, size: defaultFrameSize) }
}
