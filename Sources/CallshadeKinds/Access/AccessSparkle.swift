import CallshadeCore

/// The sparkle over the access screen's button (`drawing.md` section 7): a
/// strip 7 button-widths wide, the button 3 widths from its left; a band 70
/// pt wide (transparent, white at 0.2, transparent) whose centre crosses the
/// strip left to right in 2.4 s by cubic-bezier(0, 0, 0.58, 1), again and
/// again; and a border ring 1 pt plus 1 px wide inside the button's edge
/// showing the same band at 0.75. At the loop's start and end the band is
/// far off the button, so the loop is seamless.
public struct AccessSparkle: Equatable, Sendable {
    public static let period = 2.4
    public static let easing = CubicBezierEasing(0, 0, 0.58, 1)
    /// The strip's width and the button's place in it, in button widths.
    public static let stripWidths = 7.0
    public static let buttonFromLeft = 3.0
    public static let bandWidthPoints = 70.0
    public static let fillAlpha = 0.2
    public static let ringAlpha = 0.75

    public let layout: AccessLayout

    public init(layout: AccessLayout) {
        self.layout = layout
    }

    /// The strip's left edge, pixels.
    public var stripLeft: Double { layout.button.x - Self.buttonFromLeft * layout.button.width }
    public var stripWidth: Double { Self.stripWidths * layout.button.width }

    /// How far into its loop the band is at `time`: 0..<1.
    public static func progress(at time: Double) -> Double {
        let fraction = time.truncatingRemainder(dividingBy: period) / period
        return fraction < 0 ? fraction + 1 : fraction
    }

    /// The band's centre at `time`, frame pixels.
    public func bandCentre(at time: Double) -> Double {
        stripLeft + stripWidth * Self.easing.value(Self.progress(at: time))
    }

    /// The sheen it lays over the button at `time`; nil while the band is off it.
    public func node(at time: Double) -> SheenNode? {
        let button = layout.button
        let half = Self.bandWidthPoints * layout.scale / 2
        let centre = bandCentre(at: time)
        guard centre + half > button.x - 1, centre - half < button.x + button.width + 1 else { return nil }
        return SheenNode(shape: button, ringWidth: layout.scale + 1, bandCentre: centre, bandHalfWidth: half,
                         fillAlpha: Self.fillAlpha, ringAlpha: Self.ringAlpha)
    }
}
