import CallshadeCore

/// Rating the call at an instant (section 8, ours).
public struct RatingState: Equatable, Sendable {
    /// Seconds since the server asked for a rating.
    public let sinceRequest: Double
    /// The stars chosen (0 before the user rates), and seconds since.
    public let stars: Int
    public let sinceRating: Double?
    /// The scenario's seed (the burst's and the effect's particles) and the palette's colours now (the effect's).
    public let seed: Int64
    public let colors: [RGB]

    public init(sinceRequest: Double, stars: Int = 0, sinceRating: Double? = nil, seed: Int64 = 0, colors: [RGB] = Palette.blueViolet.colors) {
        self.sinceRequest = sinceRequest
        self.stars = stars
        self.sinceRating = sinceRating
        self.seed = seed
        self.colors = colors
    }
}

/// Rating the call (call-screen-elements, section 8, ours): when the server
/// asks for a rating, when the user gives one and how many stars, and what
/// each sets off; a walk over the events in order, so that each is checked
/// against what is on screen then.
public struct RatingTrack: Sendable {
    /// Stars fill one after another this far apart, each pulsing over `pulseSeconds`.
    static let starStagger = 0.05
    static let pulseSeconds = 0.25
    /// The sparkles inside the star box, and the full-screen effect for 4 or 5 stars.
    static let burstSeconds = 0.6
    static let celebrationSeconds = 2.2
    /// The Close button's white fill drains over this long.
    static let closeDrainSeconds = 5.0

    /// When the rating panel was asked for, if it was.
    let requested: Double?
    /// When the call was rated, and how many stars.
    let rating: (time: Double, stars: Int)?
    /// The first event that does not fit: its index, its field, and why.
    let misplaced: (index: Int, field: String, reason: String)?

    init(_ scenario: Scenario) {
        var state = CallState.requesting
        var requested: (time: Double, index: Int)?
        var rating: (time: Double, stars: Int, index: Int)?
        var misplaced: (Int, String, String)?
        func refuse(_ event: ScenarioEvent, _ field: String, _ reason: String) {
            if misplaced == nil { misplaced = (event.index, field, reason) }
        }
        func time(_ value: Double) -> String { ShownNumber.text(value) + " s" }
        for event in scenario.events {
            switch event.change {
            case .state(let next, _):
                if let requested, next != state {
                    refuse(event, "state", "the call's state cannot change once a rating has been requested (events[\(requested.index)] at \(time(requested.time)))")
                }
                state = next
            case .ratingRequested:
                if let requested {
                    refuse(event, "rating", "a rating was requested already (events[\(requested.index)] at \(time(requested.time)))")
                } else if state != .ended {
                    refuse(event, "rating", "a rating is requested only after the call has ended (at \(time(event.at)) it is \(state.rawValue))")
                } else {
                    requested = (event.at, event.index)
                }
            case .rate(let stars):
                if let rating {
                    refuse(event, "rate", "the call was rated already (events[\(rating.index)] at \(time(rating.time)): \(rating.stars) stars)")
                } else if requested == nil {
                    refuse(event, "rate", "no rating panel is shown at \(time(event.at)); ask for one first with {\"rating\": \"requested\"} after the call has ended")
                } else {
                    rating = (event.at, stars, event.index)
                }
            default:
                break
            }
        }
        self.requested = requested?.time
        self.rating = rating.map { ($0.time, $0.stars) }
        self.misplaced = misplaced
    }

    /// The rating at `time`, or nil before it is asked for.
    func state(at time: Double, seed: Int64, colors: [RGB]) -> RatingState? {
        guard let requested, time >= requested else { return nil }
        let rated = rating.flatMap { time >= $0.time ? $0 : nil }
        return RatingState(sinceRequest: time - requested, stars: rated?.stars ?? 0, sinceRating: rated.map { time - $0.time },
                           seed: seed, colors: colors)
    }

    /// When each chosen star starts to fill, first to last.
    var starFills: [Double] {
        guard let rating else { return [] }
        return (0..<rating.stars).map { rating.time + Double($0) * Self.starStagger }
    }

    /// Whether the rating sets off the full-screen effect (4 or 5 stars).
    var celebrates: Bool { (rating?.stars ?? 0) >= 4 }

    /// What `validate` lists: the panel, each star, the burst and the effect, as they start and end.
    var milestones: [(Double, String)] {
        var items: [(Double, String)] = []
        if let requested {
            items.append((requested, "rating requested: buttons shrink away (0.2 s), rating panel and Close button in"))
            items.append((requested + Self.closeDrainSeconds, "Close button's white fill drained"))
        }
        guard let rating else { return items }
        items.append((rating.time, "rated \(rating.stars) star\(rating.stars == 1 ? "" : "s")"))
        for (index, start) in starFills.enumerated() { items.append((start, "star \(index + 1) fills (pulse 0.25 s)")) }
        items.append((rating.time, "sparkle burst in the star box (0.6 s)"))
        items.append((rating.time + Self.burstSeconds, "sparkle burst over"))
        if celebrates {
            items.append((rating.time, "full-screen effect (2.2 s)"))
            items.append((rating.time + Self.celebrationSeconds, "full-screen effect over"))
        }
        return items
    }
}
