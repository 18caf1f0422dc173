import CallshadeCore

/// A gallery scenario as read (`gallery.md` section 0): its items, its
/// levels and the one shown, where it starts scrolled, its bar, background
/// and events.
public struct GalleryScenario: SettingsBackedScenario, Equatable {
    public static let defaultLevels = [2, 3, 5, 9, 13]
    public static let defaultLevel = 3
    public static let defaultTitle = "Recents"
    /// The gallery's frame without `size`: 1170x2532.
    public static let defaultSize = FrameSize.phone

    public let settings: ScenarioSettings
    /// The synthetic fill's items, or media files'.
    public let items: GalleryItems
    /// Column counts, rising.
    public let levels: [Int]
    /// The column count shown, one of `levels`.
    public let level: Int
    public let start: GalleryScrollStart
    /// Whether the bar is drawn (`"chrome": "bar"`, the default) or not (`"none"`).
    public let bar: Bool
    public let title: String
    public let background: RGB
    /// In time order.
    public let events: [GalleryEvent]

    public init(settings: ScenarioSettings, fill: GalleryFill, levels: [Int] = defaultLevels, level: Int = defaultLevel,
                start: GalleryScrollStart = .top, bar: Bool = true, title: String = defaultTitle, background: RGB = .white,
                events: [GalleryEvent] = []) {
        self.init(settings: settings, items: .fill(fill), levels: levels, level: level, start: start, bar: bar, title: title,
                  background: background, events: events)
    }

    public init(settings: ScenarioSettings, items: GalleryItems, levels: [Int] = defaultLevels, level: Int = defaultLevel,
                start: GalleryScrollStart = .top, bar: Bool = true, title: String = defaultTitle, background: RGB = .white,
                events: [GalleryEvent] = []) {
        self.settings = settings
        self.items = items
        self.levels = levels
        self.level = level
        self.start = start
        self.bar = bar
        self.title = title
        self.background = background
        self.events = events
    }

    public var scene: String { GalleryKind.name }

    /// The number of items.
    public var count: Int { items.count }

    /// The synthetic fill, if the items are one.
    public var fill: GalleryFill? {
        if case .fill(let fill) = items { return fill }
        return nil
    }

    /// Its grid `columns` across (its `level` unless given) in a frame of `size`.
    public func layout(size: FrameSize, columns: Int? = nil) -> GalleryLayout {
        GalleryLayout(size: size, columns: columns ?? level, count: count, bar: bar)
    }
}

/// A gallery's items: the synthetic `fill`, or `media` files.
public enum GalleryItems: Equatable, Sendable {
    case fill(GalleryFill)
    case media([GalleryMediaEntry])

    public var count: Int {
        switch self {
        case .fill(let fill): fill.count
        case .media(let entries): entries.count
        }
    }
}

/// One media file (`gallery.md` section 0): its path (resolved), as the
/// scenario gave it, and for a video the time whose frame its tile shows.
public struct GalleryMediaEntry: Equatable, Sendable {
    public let path: String
    public let given: String
    /// Seconds into a video: its last frame at or before (past the end: its last).
    public let frame: Double

    public init(path: String, given: String, frame: Double = 0) {
        self.path = path
        self.given = given
        self.frame = frame
    }
}

/// The synthetic items (`fill`, ours, for tests and benches): item k is one
/// flat colour, HSV((137.508 k + 47 seed) mod 360, 0.45, 0.90), each channel
/// round(255 x); a video when `videoEvery` > 0 and k mod `videoEvery` is
/// `videoEvery` - 1, lasting 1 + (97 k mod 3700) s; from `loadingFrom` on,
/// a placeholder still loading (`gallery.md` section 0).
public struct GalleryFill: Equatable, Sendable {
    /// The most items a fill may have.
    public static let maximumCount = 1_000_000

    public let count: Int
    public let seed: Int64
    /// Every how many items one is a video (0: none).
    public let videoEvery: Int
    /// The first item still loading (`count` or more: none).
    public let loadingFrom: Int

    public init(count: Int, seed: Int64 = 0, videoEvery: Int = 0, loadingFrom: Int? = nil) {
        self.count = count
        self.seed = seed
        self.videoEvery = max(videoEvery, 0)
        self.loadingFrom = loadingFrom ?? count
    }

    /// Whether item `index` is still loading (drawn as a placeholder, no label).
    public func isLoading(_ index: Int) -> Bool { index >= loadingFrom }

    /// Item `index`'s duration in whole seconds when it is a video, else nil.
    public func videoSeconds(of index: Int) -> Int? {
        guard videoEvery > 0, index % videoEvery == videoEvery - 1 else { return nil }
        return 1 + (97 * index) % 3700
    }

    /// Item `index`'s picture size, pixels: 1200x1600, a video's 1920x1080.
    public func pictureSize(of index: Int) -> (width: Int, height: Int) {
        videoSeconds(of: index) == nil ? (1200, 1600) : (1920, 1080)
    }

    /// Item `index`'s colour.
    public func colour(of index: Int) -> RGB {
        let turns = (137.508 * Double(index) + 47 * Double(seed)).truncatingRemainder(dividingBy: 360)
        let hue = turns < 0 ? turns + 360 : turns
        let (r, g, b) = Self.rgb(hue: hue, saturation: 0.45, value: 0.90)
        func level(_ channel: Double) -> Double { (255 * channel).rounded() / 255 }
        return RGB(level(r), level(g), level(b))
    }

    /// HSV to RGB: hue in degrees, saturation and value 0...1.
    static func rgb(hue: Double, saturation: Double, value: Double) -> (Double, Double, Double) {
        let chroma = value * saturation
        let sector = hue / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let m = value - chroma
        let (r, g, b): (Double, Double, Double)
        switch Int(sector.rounded(.down)) {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        return (r + m, g + m, b + m)
    }
}

/// Where the grid starts scrolled (`scroll`): its top, its bottom, or an
/// offset in points (clamped to the grid's range).
public enum GalleryScrollStart: Equatable, Sendable {
    case top
    case bottom
    case points(Double)
}

/// One event of a gallery scenario.
public struct GalleryEvent: Equatable, Sendable {
    public let at: Double
    /// Its index in the file's `events`.
    public let index: Int
    public let action: GalleryAction

    public init(at: Double, index: Int, action: GalleryAction) {
        self.at = at
        self.index = index
        self.action = action
    }

    public init(at: Double, index: Int, scroll: GalleryScrollGesture) {
        self.init(at: at, index: index, action: .scroll(scroll))
    }

    /// Its scroll, if it is one.
    public var scroll: GalleryScrollGesture? {
        if case .scroll(let gesture) = action { return gesture }
        return nil
    }

    /// How long a finger is down from its instant (a drag's or a pinch's samples), seconds.
    public var fingerDuration: Double {
        switch action {
        case .scroll(let gesture): gesture.dragDuration
        case .pinch(let gesture): gesture.duration
        case .tap, .open, .close: 0
        }
    }

    /// The key its action has in the file: scroll, pinch, tap, open or close.
    public var actionKey: String {
        switch action {
        case .scroll: "scroll"
        case .pinch: "pinch"
        case .tap: "tap"
        case .open: "open"
        case .close: "close"
        }
    }

    /// What it is, for `validate` and the studio: fling, drag, pinch, tap, open or close.
    public var kindName: String {
        switch action {
        case .scroll(let gesture): gesture.samples.isEmpty ? "fling" : "drag"
        default: actionKey
        }
    }
}

/// What an event does: a scroll, a pinch, a tap at a point (points, y
/// down from the frame's top), the viewer opened on an item, or closed.
public enum GalleryAction: Equatable, Sendable {
    case scroll(GalleryScrollGesture)
    case pinch(GalleryPinchGesture)
    case tap(x: Double, y: Double)
    case open(item: Int)
    case close
}

/// A pinch (`gallery.md` section 0): the recognizer's cumulative scale and
/// the touches' centroid (points) at times from the event's instant, from
/// 0 and rising, at least two; the last is the release.
public struct GalleryPinchGesture: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public let time: Double
        public let scale: Double
        public let x: Double
        public let y: Double

        public init(time: Double, scale: Double, x: Double, y: Double) {
            self.time = time
            self.scale = scale
            self.x = x
            self.y = y
        }
    }

    public let samples: [Sample]

    public init(samples: [Sample]) {
        self.samples = samples
    }

    /// A described pinch (ours): samples every 1/60 s and at `duration`,
    /// scale 1 + (`scale` - 1) curve(t / duration), at (`x`, `y`).
    public init(x: Double, y: Double, scale: Double, duration: Double, easesInOut: Bool) {
        let steps = Int((duration * 60).rounded(.down))
        var times = (0...steps).map { Double($0) / 60 }
        if let last = times.last, last < duration { times.append(duration) }
        samples = times.map { time in
            let u = min(time / duration, 1)
            let progress = easesInOut ? CubicBezierEasing.easeInOut.value(u) : u
            return Sample(time: time, scale: 1 + (scale - 1) * progress, x: x, y: y)
        }
    }

    /// From the first sample to the release, seconds.
    public var duration: Double { samples.last?.time ?? 0 }

    /// The scale at `time` from the event: linear between samples (ours), the last held after it.
    public func scale(at time: Double) -> Double {
        guard let after = samples.firstIndex(where: { $0.time > time }) else { return samples.last?.scale ?? 1 }
        guard after > 0 else { return samples[0].scale }
        let a = samples[after - 1], b = samples[after]
        return a.scale + (b.scale - a.scale) * (time - a.time) / (b.time - a.time)
    }
}

/// A scroll (`gallery.md` section 0): a finger's drag, as samples of the
/// offset it would give (points, from 0 s after the event), then a fling at
/// `velocity` points a second (by default the drag's last slope); or a fling
/// alone (no samples).
public struct GalleryScrollGesture: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public let time: Double
        public let offset: Double

        public init(time: Double, offset: Double) {
            self.time = time
            self.offset = offset
        }
    }

    /// Empty for a fling alone; otherwise at least two, times from 0, rising.
    public let samples: [Sample]
    /// Points a second; positive raises the offset.
    public let velocity: Double

    public init(samples: [Sample], velocity: Double? = nil) {
        self.samples = samples
        self.velocity = velocity ?? Self.releaseSlope(of: samples)
    }

    /// How long the finger is down, seconds.
    public var dragDuration: Double { samples.last?.time ?? 0 }

    /// The drag's slope at release (ours): from the latest sample 0.05 s or
    /// more before the last to the last; 0 when there is none.
    public static func releaseSlope(of samples: [Sample]) -> Double {
        guard let last = samples.last,
              let earlier = samples.last(where: { $0.time <= last.time - 0.05 }) else { return 0 }
        return (last.offset - earlier.offset) / (last.time - earlier.time)
    }
}
