import CallshadeCore

/// The tool panel's six tools as vector shapes (`editor.md` section 2.2):
/// each a 40 x 176 image (image units, y down) of a body in #3A3B3B and a
/// tip, with the weight band in the tool's colour; the lasso striped, the
/// eraser's head pink. Silhouettes ours, simplified; numbers the spec's.
public enum EditorToolSilhouettes {
    public static let imageWidth = 40.0, imageHeight = 176.0
    public static let body = RGB(bytes: 0x3A, 0x3B, 0x3B)
    public static let eraserHead = RGB(bytes: 0xF0, 0x9B, 0x99)
    public static let eraserCollar = RGB(bytes: 0x24, 0x24, 0x24)
    /// Where the pen's and the pencil's tips end, image units down.
    public static let penTipEnd = 26.0, pencilTipEnd = 32.0
    public static let bandTop = 76.0, bandFullHeight = 24.0

    /// One part: its outline in image units, its colour or paint, its opacity and softness (image units).
    public struct Part: Equatable, Sendable {
        public let geometry: PlacedShape.Geometry
        public let colour: RGB
        public var alpha = 1.0
        public var paint = ShapePaint.solid
        public var softness = 0.0
    }

    /// The cone's half width at image row `y` (1.5 at 13 to 17 at 80).
    static func coneHalfWidth(_ y: Double) -> Double { 1.5 + (min(max(y, 13), 80) - 13) / 67 * 15.5 }

    static let cone = [Vec2(18.5, 13), Vec2(21.5, 13), Vec2(37, 80), Vec2(37, imageHeight), Vec2(3, imageHeight), Vec2(3, 80)]
    static let markerBody = [Vec2(9, 28), Vec2(31, 28), Vec2(31, 50), Vec2(37, 66), Vec2(37, imageHeight), Vec2(3, imageHeight), Vec2(3, 66), Vec2(9, 50)]
    static let markerTip = [Vec2(11, 28), Vec2(11, 19), Vec2(27, 9.3), Vec2(29, 11), Vec2(29, 28)]

    /// The parts of `tool` in its colour (opaque) with its band for size `size`, bottom to top.
    public static func parts(_ tool: EditorTool, colour: RGB, size: Double) -> [Part] {
        var parts: [Part] = []
        switch tool {
        case .pen, .pencil:
            let end = tool == .pen ? penTipEnd : pencilTipEnd, half = coneHalfWidth(end)
            parts.append(Part(geometry: .polygon(cone), colour: body))
            parts.append(Part(geometry: .polygon([Vec2(18.5, 13), Vec2(21.5, 13), Vec2(20 + half, end), Vec2(20 - half, end)]), colour: colour))
        case .lasso:
            parts.append(Part(geometry: .polygon(cone), colour: body))
            parts += lassoStripes().map { Part(geometry: .polygon($0), colour: .white, alpha: 0.15) }
        case .marker:
            parts.append(Part(geometry: .polygon(markerTip), colour: colour))
            parts.append(Part(geometry: .polygon(markerBody), colour: body))
        case .neon:
            // The tip's top corners rounded; its rounded bottom lies under the neck, drawn over it.
            let tip = PlacedShape.Geometry.rectangle(RoundedRectangle(x: 11, y: 13, width: 18, height: 19, cornerRadius: 4))
            parts.append(Part(geometry: tip, colour: colour, alpha: 0.8, softness: 3))
            parts.append(Part(geometry: tip, colour: colour))
            parts.append(Part(geometry: .polygon(markerBody), colour: body))
        case .eraser:
            parts.append(Part(geometry: .rectangle(RoundedRectangle(x: 4, y: 9, width: 32, height: 36, cornerRadius: 8)), colour: eraserHead))
            parts.append(Part(geometry: .rectangle(RoundedRectangle(x: 3, y: 39, width: 34, height: imageHeight - 39, cornerRadius: 0)), colour: body))
            parts.append(Part(geometry: .rectangle(RoundedRectangle(x: 3, y: 37, width: 34, height: 2, cornerRadius: 0)), colour: eraserCollar))
        }
        if tool.hasColour {
            let height = bandFullHeight * (0.08 + 0.92 * min(max(size, 0), 1))
            let band = PlacedShape.Geometry.rectangle(RoundedRectangle(x: 3, y: bandTop, width: 34, height: height, cornerRadius: 2))
            parts.append(Part(geometry: band, colour: colour, paint: bandPaint(tool, colour: colour)))
        }
        return parts
    }

    /// The band's colours across (section 2.2): pen, marker, neon 0.7c, c, c, 0.7c at 0, .15, .85, 1;
    /// pencil 1.15c on [.25, .75), else 0.85c; kc the colour with its HSB brightness times k, at most 1.
    public static func bandPaint(_ tool: EditorTool, colour: RGB) -> ShapePaint {
        if tool == .pencil {
            return .across([ShapePaintStop(0, brightened(colour, 0.85)), ShapePaintStop(0.25, brightened(colour, 1.15)),
                            ShapePaintStop(0.75, brightened(colour, 0.85))], steps: true)
        }
        let edge = brightened(colour, 0.7)
        return .across([ShapePaintStop(0, edge), ShapePaintStop(0.15, colour), ShapePaintStop(0.85, colour), ShapePaintStop(1, edge)], steps: false)
    }

    /// `colour` with its HSB brightness (its largest channel) times `k`, at most 1; hue and saturation kept.
    public static func brightened(_ colour: RGB, _ k: Double) -> RGB {
        let brightness = max(colour.r, colour.g, colour.b)
        guard brightness > 0 else { return colour }
        return colour * (min(brightness * k, 1) / brightness)
    }

    /// The lasso's stripes on its cone (y 13 to 80): white bands at 45 degrees, 2.5 wide every 7
    /// (across them), each cut to the cone (convex: each piece has at most 8 vertices).
    static func lassoStripes() -> [[Vec2]] {
        let taper = [Vec2(18.5, 13), Vec2(21.5, 13), Vec2(37, 80), Vec2(3, 80)]
        let root = 2.0.squareRoot()
        // Along (1, 1) / sqrt 2, the cone spans (x + y) / sqrt 2 from 31.5 / sqrt 2 to 117 / sqrt 2.
        let first = Int((31.5 / root / 7).rounded(.down)), last = Int((117 / root / 7).rounded(.up))
        return (first...last).compactMap { k in
            let low = 7 * Double(k), high = low + 2.5
            let cut = ConvexClip.keep(taper, where: { ($0.x + $0.y) / root - low })
            let piece = ConvexClip.keep(cut, where: { high - ($0.x + $0.y) / root })
            return piece.count >= 3 ? piece : nil
        }
    }
}

/// A convex polygon cut by a half-plane (Sutherland and Hodgman): the part where `side` is at least 0.
enum ConvexClip {
    static func keep(_ polygon: [Vec2], where side: (Vec2) -> Double) -> [Vec2] {
        guard var previous = polygon.last else { return [] }
        var kept: [Vec2] = []
        for vertex in polygon {
            let a = side(previous), b = side(vertex)
            if (a >= 0) != (b >= 0) { kept.append(previous + (vertex - previous) * (a / (a - b))) }
            if b >= 0 { kept.append(vertex) }
            previous = vertex
        }
        return kept
    }
}

extension RGB {
    /// From 8-bit channels.
    init(bytes r: Int, _ g: Int, _ b: Int) {
        self.init(Double(r) / 255, Double(g) / 255, Double(b) / 255)
    }
}
