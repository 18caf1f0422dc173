import Foundation

/// One small thing a marks node draws: a glyph's picture from the atlas, or
/// a filled rounded rectangle (a dot, a signal bar), in one colour at an
/// opacity. The GPU draws each as an instanced quad.
public struct Mark: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The atlas's picture `image`, stretched over the mark's rectangle.
        case glyph(GlyphImage)
        /// A rounded rectangle filling the mark's rectangle, its edge
        /// anti-aliased over one pixel (corner radius in pixels).
        case roundedRectangle(cornerRadius: Double)
        /// A ring filling the mark's rectangle (corners of half its shorter
        /// side: a circle when it is square) with a glyph's picture cut out:
        /// a selected button's white disc. Anti-aliased over one pixel.
        case cutOut(CutOut)
    }

    /// What a `.cutOut` mark leaves out of its disc.
    public struct CutOut: Equatable, Sendable {
        /// The ring's hole about the disc's centre, in pixels (0: none, a whole disc).
        public var innerRadius: Double
        /// The glyph cut out, its picture stretched over the rectangle from (x, y), as a glyph mark's.
        public var image: GlyphImage
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// The shape whose slice the mark is, when it is one (the Close
        /// button's fill, cut a letter a slice): its outer edge follows this
        /// rounded rectangle, and the mark's rectangle bounds it with edges
        /// anti-aliased over one pixel (whole-pixel edges part slices
        /// exactly). Nil: the mark's rectangle, corners of half its shorter side.
        public var shape: RoundedRectangle?

        public init(innerRadius: Double, image: GlyphImage, x: Double, y: Double, width: Double, height: Double,
                    shape: RoundedRectangle? = nil) {
            self.innerRadius = innerRadius
            self.image = image
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.shape = shape
        }
    }

    /// The rectangle it fills, in frame pixels (y down).
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var kind: Kind
    public var color: RGB
    /// 0...1: its coverage is multiplied by this.
    public var alpha: Double
    /// Its turn about its rectangle's centre, in radians (clockwise on the
    /// screen): a particle's spin. 0 for everything else.
    public var angle: Double

    public init(x: Double, y: Double, width: Double, height: Double, kind: Kind, color: RGB = .white, alpha: Double = 1, angle: Double = 0) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.kind = kind
        self.color = color
        self.alpha = alpha
        self.angle = angle
    }

    /// The rectangle its own quad covers before it turns: the mark's own
    /// for a glyph (its picture's empty border fades it out), grown by a
    /// pixel for a shape (its anti-aliased edge).
    var localQuad: (x: Double, y: Double, width: Double, height: Double) {
        switch kind {
        case .glyph: return (x, y, width, height)
        case .roundedRectangle, .cutOut: return (x - 1, y - 1, width + 2, height + 2)
        }
    }

    /// The rectangle the GPU's quad covers: `localQuad`, or for a turned
    /// mark the box that holds it turned.
    public var quad: (x: Double, y: Double, width: Double, height: Double) {
        let local = localQuad
        guard angle != 0, angle.isFinite else { return local }
        let halfWidth = local.width / 2, halfHeight = local.height / 2
        let (c, s) = (abs(cos(angle)), abs(sin(angle)))
        let reachX = halfWidth * c + halfHeight * s, reachY = halfWidth * s + halfHeight * c
        let centre = Vec2(x + width / 2, y + height / 2)
        return (centre.x - reachX, centre.y - reachY, 2 * reachX, 2 * reachY)
    }

    /// The mark scaled by `factor` about `anchor` (its rectangle, its corner
    /// radius, what a cut-out leaves out).
    public func scaled(by factor: Double, about anchor: Vec2) -> Mark {
        guard factor != 1 else { return self }
        func scale(_ x: Double, _ y: Double) -> Vec2 { Vec2(anchor.x + (x - anchor.x) * factor, anchor.y + (y - anchor.y) * factor) }
        var mark = self
        let corner = scale(x, y)
        (mark.x, mark.y, mark.width, mark.height) = (corner.x, corner.y, width * factor, height * factor)
        switch kind {
        case .glyph: break
        case .roundedRectangle(let radius): mark.kind = .roundedRectangle(cornerRadius: radius * factor)
        case .cutOut(var cut):
            let at = scale(cut.x, cut.y)
            (cut.x, cut.y, cut.width, cut.height, cut.innerRadius) = (at.x, at.y, cut.width * factor, cut.height * factor, cut.innerRadius * factor)
            if let shape = cut.shape {
                let origin = scale(shape.x, shape.y)
                cut.shape = RoundedRectangle(x: origin.x, y: origin.y, width: shape.width * factor, height: shape.height * factor,
                                             cornerRadius: shape.cornerRadius * factor)
            }
            mark.kind = .cutOut(cut)
        }
        return mark
    }

    /// The mark moved by `offset` pixels (its rectangle, and what a cut-out leaves out).
    public func moved(by offset: Vec2) -> Mark {
        var mark = self
        mark.x += offset.x
        mark.y += offset.y
        if case .cutOut(var cut) = kind {
            cut.x += offset.x
            cut.y += offset.y
            if var shape = cut.shape {
                shape.x += offset.x
                shape.y += offset.y
                cut.shape = shape
            }
            mark.kind = .cutOut(cut)
        }
        return mark
    }

    /// `point` in the mark's own frame: turned back about its centre.
    func unturned(_ point: Vec2) -> Vec2 {
        guard angle != 0, angle.isFinite else { return point }
        let centre = Vec2(x + width / 2, y + height / 2)
        let d = point - centre, (c, s) = (cos(angle), sin(angle))
        return Vec2(centre.x + d.x * c + d.y * s, centre.y - d.x * s + d.y * c)
    }

    /// The corner radius within 0...half the shorter side (shapes only).
    public var cornerRadius: Double {
        switch kind {
        case .glyph: return 0
        case .roundedRectangle(let radius): return RoundedRectangle.radius(radius, width: width, height: height)
        case .cutOut(let cut): return cut.shape?.radius ?? max(0, min(width, height) / 2)
        }
    }

    /// The rounded rectangle a shape mark fills (corners of `cornerRadius`).
    var rectangle: RoundedRectangle {
        RoundedRectangle(x: x, y: y, width: width, height: height, cornerRadius: cornerRadius)
    }

    /// The rounded rectangle that gives a shape mark's coverage: its own, or the shape a slice is cut from.
    var outline: RoundedRectangle {
        if case .cutOut(let cut) = kind, let shape = cut.shape { return shape }
        return rectangle
    }

    /// Whether it draws anything at all.
    var isVisible: Bool {
        alpha > 0 && width > 0 && height > 0 && x.isFinite && y.isFinite && width.isFinite && height.isFinite
    }

    /// Whether it is a colour glyph (its picture in the atlas's colour page: its own colours, not `color`).
    public var isColourGlyph: Bool {
        if case .glyph(let image) = kind { return image.colour }
        return false
    }

    /// A colour glyph's premultiplied colour and alpha (0...1, before
    /// `alpha`) at the pixel whose centre is `point`, sampled from the
    /// atlas's colour page as `coverage(at:atlas:)` samples coverage: zero
    /// outside its quad, and for any other mark.
    public func colour(at point: Vec2, atlas: GlyphAtlas?) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let point = unturned(point)
        guard case .glyph(let image) = kind, image.colour, let atlas,
              point.x >= x, point.x < x + width, point.y >= y, point.y < y + height else { return (0, 0, 0, 0) }
        let u = Double(image.x) + (point.x - x) * Double(image.width) / width
        let v = Double(image.y) + (point.y - y) * Double(image.height) / height
        return atlas.colour(atX: u, y: v)
    }

    /// Its coverage (0...1, before `alpha`) of the pixel whose centre is
    /// `point`, sampling `atlas` for a glyph: zero outside its quad (and for
    /// a colour glyph, whose `colour(at:atlas:)` says what it draws).
    public func coverage(at point: Vec2, atlas: GlyphAtlas?) -> Double {
        let point = unturned(point)
        let quad = localQuad
        guard point.x >= quad.x, point.x < quad.x + quad.width, point.y >= quad.y, point.y < quad.y + quad.height else { return 0 }
        switch kind {
        case .glyph(let image):
            guard let atlas, !image.colour else { return 0 }
            let u = Double(image.x) + (point.x - x) * Double(image.width) / width
            let v = Double(image.y) + (point.y - y) * Double(image.height) / height
            return atlas.coverage(atX: u, y: v)
        case .roundedRectangle:
            return shapeCoverage(at: point)
        case .cutOut(let cut):
            let centre = Vec2(x + width / 2, y + height / 2)
            let hole = cut.innerRadius > 0 ? Disc(centre: centre, radius: cut.innerRadius).coverage(at: point) : 0
            var glyph = 0.0
            if let atlas, point.x >= cut.x, point.x < cut.x + cut.width, point.y >= cut.y, point.y < cut.y + cut.height {
                let u = Double(cut.image.x) + (point.x - cut.x) * Double(cut.image.width) / cut.width
                let v = Double(cut.image.y) + (point.y - cut.y) * Double(cut.image.height) / cut.height
                glyph = atlas.coverage(atX: u, y: v)
            }
            guard let shape = cut.shape else { return shapeCoverage(at: point) * (1 - hole) * (1 - glyph) }
            // A slice: the shape's coverage within the mark's rectangle.
            let window = min(max(point.x - x + 0.5, 0), 1) * min(max(x + width - point.x + 0.5, 0), 1)
                * min(max(point.y - y + 0.5, 0), 1) * min(max(y + height - point.y + 0.5, 0), 1)
            return shape.coverage(at: point) * window * (1 - hole) * (1 - glyph)
        }
    }

    /// The mark's own rounded rectangle's coverage.
    private func shapeCoverage(at point: Vec2) -> Double {
        rectangle.coverage(at: point)
    }
}

/// Text, icons and small shapes: marks blended in order over what is below
/// (premultiplied "over"). Every tile a mark's quad reaches is an edge tile;
/// marks never cover a whole tile opaquely, so nothing below is culled.
public struct MarksNode: SceneNode, Equatable, Sendable {
    /// The glyphs' pictures (nil when it draws shapes only).
    public var atlas: GlyphAtlas?
    /// Drawn first to last.
    public var marks: [Mark]
    /// The frame pixels it may draw in (nil: anywhere): a notice's text inside its widening glass.
    public var clip: PixelRect?

    public init(atlas: GlyphAtlas?, marks: [Mark], clip: PixelRect? = nil) {
        self.atlas = atlas
        self.marks = marks.filter(\.isVisible)
        self.clip = clip
    }

    public static func == (a: MarksNode, b: MarksNode) -> Bool {
        a.atlas === b.atlas && a.marks == b.marks && a.clip == b.clip
    }

    /// The pixels whose centres lie in `quad`, within `area`.
    static func pixels(of quad: (x: Double, y: Double, width: Double, height: Double), within area: PixelRect) -> PixelRect {
        func span(_ low: Double, _ length: Double, _ start: Int, _ extent: Int) -> (Int, Int) {
            let first = min(max((low - 0.5).rounded(.up), Double(start)), Double(start + extent))
            let end = min(max((low + length - 0.5).rounded(.up), Double(start)), Double(start + extent))
            return (Int(first), Int(max(end, first) - first))
        }
        let (x, width) = span(quad.x, quad.width, area.x, area.width)
        let (y, height) = span(quad.y, quad.height, area.y, area.height)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        let frame = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let area = clip?.intersection(frame) ?? frame
        return marks.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union(Self.pixels(of: $1.quad, within: area)) }
    }

    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        var result = [TileCoverage](repeating: .outside, count: columns * rows)
        let area = clip.map { region.intersection($0) } ?? region
        for mark in marks {
            let pixels = Self.pixels(of: mark.quad, within: area)
            guard !pixels.isEmpty else { continue }
            let side = SceneTiles.side
            let firstColumn = (pixels.x - region.x) / side, lastColumn = (pixels.x + pixels.width - 1 - region.x) / side
            let firstRow = (pixels.y - region.y) / side, lastRow = (pixels.y + pixels.height - 1 - region.y) / side
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn { result[row * columns + column] = .edge }
            }
        }
        return result
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceMarks(node: self, size: scene.size)
    }
}

/// The CPU reference's marks: each mark's coverage at the pixel centre,
/// blended over what is below in order. Which marks reach each 16x16 block
/// of the node's bounds is found once, so a pixel visits only those.
final class ReferenceMarks: ReferenceNodeShader {
    private static let side = 16
    private let node: MarksNode
    /// The node's bounds, and for each block of it (row by row) the marks that reach it, in order.
    private let bounds: PixelRect
    private let columns: Int
    private let reaching: [[Int]]

    init(node: MarksNode, size: FrameSize) {
        self.node = node
        let bounds = node.bounds(in: size)
        self.bounds = bounds
        let side = Self.side
        columns = (bounds.width + side - 1) / side
        var reaching = [[Int]](repeating: [], count: columns * ((bounds.height + side - 1) / side))
        for (index, mark) in node.marks.enumerated() {
            let area = MarksNode.pixels(of: mark.quad, within: bounds)
            guard !area.isEmpty else { continue }
            for row in (area.y - bounds.y) / side...(area.y + area.height - 1 - bounds.y) / side {
                for column in (area.x - bounds.x) / side...(area.x + area.width - 1 - bounds.x) / side {
                    reaching[row * columns + column].append(index)
                }
            }
        }
        self.reaching = reaching
    }

    func shade(_ below: ShadedPixel, at point: Vec2, background: RGB?) -> ShadedPixel {
        let x = Int(point.x.rounded(.down)) - bounds.x, y = Int(point.y.rounded(.down)) - bounds.y
        guard point.x.isFinite, point.y.isFinite, x >= 0, y >= 0, x < bounds.width, y < bounds.height else { return below }
        var pixel = below
        for index in reaching[(y / Self.side) * columns + x / Self.side] {
            let mark = node.marks[index]
            if mark.isColourGlyph {
                // Premultiplied "over" of its own colours.
                let colour = mark.colour(at: point, atlas: node.atlas), opacity = min(max(mark.alpha, 0), 1)
                let amount = colour.alpha * opacity
                guard amount > 0 else { continue }
                let alpha = amount + pixel.alpha * (1 - amount)
                func over(_ top: Double, _ bottom: Double) -> Double { (top * opacity + bottom * pixel.alpha * (1 - amount)) / alpha }
                pixel = ShadedPixel(color: RGB(over(colour.red, pixel.color.r), over(colour.green, pixel.color.g), over(colour.blue, pixel.color.b)),
                                    alpha: alpha)
                continue
            }
            let amount = mark.coverage(at: point, atlas: node.atlas) * min(max(mark.alpha, 0), 1)
            guard amount > 0 else { continue }
            let alpha = amount + pixel.alpha * (1 - amount)
            func over(_ top: Double, _ bottom: Double) -> Double {
                alpha > 0 ? (top * amount + bottom * pixel.alpha * (1 - amount)) / alpha : 0
            }
            pixel = ShadedPixel(color: RGB(over(mark.color.r, pixel.color.r), over(mark.color.g, pixel.color.g),
                                           over(mark.color.b, pixel.color.b)), alpha: alpha)
        }
        return pixel
    }
}
