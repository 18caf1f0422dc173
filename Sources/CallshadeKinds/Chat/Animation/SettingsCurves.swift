import CallshadeCore
import CallshadeReport
import CallshadeText

/// Animation settings drawn for review (chat, section 5): a 1000 x 160 px
/// row per property, frames across and progress up, the curve #007AFF, the
/// window's limits dashed, the bezier's handles as dots on their lines from
/// the window's ends, and the block's, the property's and the window's
/// numbers in DejaVu Sans.
public enum SettingsCurves {
    public static let rowWidth = 1000
    public static let rowHeight = 160
    /// The plot's box inside a row: left, top, right, bottom (pixels).
    static let plot = (left: 60.0, top: 34.0, right: 980.0, bottom: 140.0)

    static let blue: (UInt8, UInt8, UInt8) = (0x00, 0x7A, 0xFF)
    static let grey: (UInt8, UInt8, UInt8) = (0x9A, 0x9A, 0x9A)
    static let light: (UInt8, UInt8, UInt8) = (0xE4, 0xE4, 0xE4)
    static let ink: (UInt8, UInt8, UInt8) = (0x22, 0x22, 0x22)
    static let handle: (UInt8, UInt8, UInt8) = (0xFF, 0x8A, 0x00)

    /// The rows of `blocks` (each block's properties in order), top to bottom.
    public static func picture(_ blocks: [ChatAnimationSettings.Block], text: TextRenderer) -> RGBAImage {
        let rows = blocks.flatMap { block in block.properties.map { (block, $0.name, $0.window) } }
        var image = RGBAImage(width: rowWidth, height: rowHeight * max(rows.count, 1), fill: (255, 255, 255, 255))
        for (index, row) in rows.enumerated() {
            draw(block: row.0, property: row.1, window: row.2, top: index * rowHeight, into: &image, text: text)
        }
        return image
    }

    static func draw(block: ChatAnimationSettings.Block, property: String, window: AnimationWindow, top: Int, into image: inout RGBAImage,
                     text: TextRenderer) {
        let origin = Double(top)
        let (left, right) = (plot.left, plot.right)
        let (high, low) = (origin + plot.top, origin + plot.bottom)
        let duration = Double(max(block.duration, 1))
        func x(_ frame: Double) -> Double { left + (right - left) * frame / duration }
        func y(_ progress: Double) -> Double { low - (low - high) * progress }
        // The frame: a light grid every 5 frames, the axes, the frame numbers every 10.
        for frame in stride(from: 0, through: block.duration, by: 5) {
            line(from: (x(Double(frame)), high), to: (x(Double(frame)), low), color: light, width: 1, into: &image)
            if frame % 10 == 0 || frame == block.duration {
                text.drawCentred("\(frame)", into: &image, centreX: Int(x(Double(frame))), baseline: Int(low) + 15, color: grey)
            }
        }
        line(from: (left, low), to: (right, low), color: grey, width: 1, into: &image)
        line(from: (left, high), to: (left, low), color: grey, width: 1, into: &image)
        text.draw("1", into: &image, x: Int(left) - 16, baseline: Int(high) + 5, color: grey)
        text.draw("0", into: &image, x: Int(left) - 16, baseline: Int(low) + 5, color: grey)
        // The window's limits, dashed.
        for frame in [window.start, window.end] {
            var dash = high
            while dash < low {
                line(from: (x(Double(frame)), dash), to: (x(Double(frame)), min(dash + 6, low)), color: ink, width: 1, into: &image)
                dash += 10
            }
        }
        // The handles: (x1, 0) from the window's start, (x2, 1) from its end.
        let span = Double(window.end - window.start)
        let first = (x(Double(window.start) + window.x1 * span), y(0)), second = (x(Double(window.start) + window.x2 * span), y(1))
        line(from: (x(Double(window.start)), y(0)), to: first, color: handle, width: 1, into: &image)
        line(from: (x(Double(window.end)), y(1)), to: second, color: handle, width: 1, into: &image)
        // The curve: 0 before the window, 1 after it.
        var previous = (x(0), y(window.progress(0)))
        let steps = 2000
        for step in 1...steps {
            let frame = duration * Double(step) / Double(steps)
            let point = (x(frame), y(window.progress(frame / AnimationWindow.fps)))
            line(from: previous, to: point, color: blue, width: 2.5, into: &image)
            previous = point
        }
        for dot in [first, second] { disc(at: dot, radius: 4, color: handle, into: &image) }
        let label = "\(block.name).\(property)"
        text.draw(label, into: &image, x: Int(left), baseline: top + 22, color: ink)
        let numbers = "frames \(window.start)-\(window.end) of \(block.duration), x1 \(ChatAnimationSettingsWriter.number(window.x1)), "
            + "x2 \(ChatAnimationSettingsWriter.number(window.x2))"
        text.draw(numbers, into: &image, x: Int(right) - text.width(of: numbers), baseline: top + 22, color: grey)
    }

    /// A straight line `width` pixels wide with round ends, anti-aliased over what is there.
    static func line(from a: (Double, Double), to b: (Double, Double), color: (UInt8, UInt8, UInt8), width: Double, into image: inout RGBAImage) {
        let radius = width / 2
        let capsule = Capsule(from: Vec2(a.0, a.1), to: Vec2(b.0, b.1), radius: radius)
        let (minX, maxX) = (Int((min(a.0, b.0) - radius - 1).rounded(.down)), Int((max(a.0, b.0) + radius + 1).rounded(.up)))
        let (minY, maxY) = (Int((min(a.1, b.1) - radius - 1).rounded(.down)), Int((max(a.1, b.1) + radius + 1).rounded(.up)))
        for py in max(minY, 0)...max(min(maxY, image.height - 1), max(minY, 0)) {
            for px in max(minX, 0)...max(min(maxX, image.width - 1), max(minX, 0)) {
                let coverage = EdgeCoverage.coverage(signedDistance: capsule.signedDistance(Vec2(Double(px) + 0.5, Double(py) + 0.5)))
                image.blend(x: px, y: py, color: color, coverage: coverage)
            }
        }
    }

    static func disc(at centre: (Double, Double), radius: Double, color: (UInt8, UInt8, UInt8), into image: inout RGBAImage) {
        line(from: centre, to: centre, color: color, width: 2 * radius, into: &image)
    }
}
