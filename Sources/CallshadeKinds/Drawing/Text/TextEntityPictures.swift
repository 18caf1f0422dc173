import CallshadeCore
import CallshadeText

/// The pictures of a drawing's text entities for frames placed by a
/// `CanvasPlacement` (`TextEntityPicture`: fill, outline, shadow and frame
/// in the entity's own units), made once a render. Glyphs come from their
/// outlines (FreeType, unhinted), each rasterised where it lies, at the
/// density a frame shows it at its largest key's scale, so that a frame
/// samples each picture once. Ours where the spec leaves room: the
/// outline is stroked `font size / 18` either side of the glyph's edge
/// (`font size / 9` wide) under its fill; the shadow is the text again,
/// 4 px lower and blurred by a Gaussian of standard deviation 2 px (half
/// the blur radius, as CSS reads one), both at a 1080 px wide canvas and
/// scaled with its width, and it turns with the text.
public enum TextEntityPictures {
    /// The most texels a picture may hold (ours): a larger text is held at a lower density.
    public static let maximumTexels = 8_388_608
    /// The most texels a side (ours).
    public static let maximumSide = 8192

    /// The shadow at a 1080 px wide canvas: offset down and standard deviation, canvas px.
    static let shadowOffset = 4.0, shadowSigma = 2.0

    /// Refuses a text with a character no installed face draws, naming the entity and the character.
    public static func check(_ scenario: DrawingScenario, file: String, fonts: FontBook = .debian) throws {
        for entity in scenario.texts {
            let faces = try TextEntityLayout.Faces(fonts: fonts, fontSize: entity.fontSize(canvas: scenario.canvas))
            let missing = try TextEntityLayout.missingCharacters(in: entity.text, faces: faces)
            guard let first = missing.first else { continue }
            let codes = first.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            let more = missing.count > 1 ? " (and \(missing.count - 1) more)" : ""
            throw ScenarioError(file: file, location: "entities[\(entity.index)].text",
                                "no installed font draws \"\(UserText.shown(String(first)))\" (\(codes))\(more); install a font that has it, or change the text")
        }
    }

    /// Each text entity's picture for frames placed by `placement`, by its place in the file's `entities`.
    public static func make(for scenario: DrawingScenario, placement: CanvasPlacement, fonts: FontBook = .debian) throws -> [Int: TextEntityPicture] {
        var pictures: [Int: TextEntityPicture] = [:]
        for entity in scenario.texts {
            pictures[entity.index] = try picture(of: entity, canvas: scenario.canvas, placement: placement, fonts: fonts)
        }
        return pictures
    }

    static func picture(of entity: TextEntity, canvas: DrawingCanvas, placement: CanvasPlacement, fonts: FontBook) throws -> TextEntityPicture? {
        let fontSize = entity.fontSize(canvas: canvas)
        let faces = try TextEntityLayout.Faces(fonts: fonts, fontSize: fontSize)
        let layout = try TextEntityLayout(entity, canvas: canvas, faces: faces)
        let unit = Double(canvas.size.width) / 1080
        let frame = entity.style == .framed || entity.style == .semi
            ? TextFrameShape(widths: layout.lineWidths, lineHeight: layout.lineHeight, top: layout.top, fontSize: fontSize, alignment: entity.alignment)
            : nil
        // The box about the centre: the lines, and room for the frame's padding, the outline, ink past the advances and the shadow.
        let block = layout.lineWidths.max() ?? 0
        let margin = 0.24 * fontSize + fontSize / 18 + 0.3 * fontSize + unit * (shadowOffset + 3 * shadowSigma)
        let left = -block / 2 - margin, right = block / 2 + margin
        let top = layout.top - margin, bottom = -layout.top + margin
        // Texels a canvas pixel: a frame's pixels at the largest key's scale, less where the picture would be too large.
        let largest = entity.keys.map(\.scale).max() ?? 1
        var density = max(placement.scale * largest, 1e-3)
        let extent = (width: right - left, height: bottom - top)
        density = min(density, Double(maximumSide) / extent.width, Double(maximumSide) / extent.height,
                      (Double(maximumTexels) / (extent.width * extent.height)).squareRoot())
        let width = max(1, Int((extent.width * density).rounded(.up))), height = max(1, Int((extent.height * density).rounded(.up)))
        let originX = -left * density, originY = -top * density
        var texels = [UInt8](repeating: 0, count: width * height * 4)

        // Glyphs from their outlines, each at its own place in texels.
        let em = fontSize * density
        var rasterisers: [FaceChoice: FreeTypeFace] = [:]
        func rasteriser(_ choice: FaceChoice) throws(TextFailure) -> FreeTypeFace {
            if let found = rasterisers[choice] { return found }
            let made: FreeTypeFace
            switch choice {
            case .primary: made = try FreeTypeFace(path: faces.primaryFile.path, pixelsPerEm: em)
            case .fallback(let face): made = try FreeTypeFace(path: face.path, index: face.index, pixelsPerEm: em)
            }
            rasterisers[choice] = made
            return made
        }
        func draw(channel: Int, dy: Double, strokeRadius: Double) throws(TextFailure) {
            for glyph in layout.glyphs {
                let x = originX + glyph.x * density, y = originY + (glyph.y + dy) * density
                let column = x.rounded(.down), row = y.rounded(.down)
                let picture = try rasteriser(glyph.face).outlineGlyph(index: glyph.index, dx: x - column, dy: y - row, strokeRadius: strokeRadius)
                let x0 = Int(column) + picture.left, y0 = Int(row) - picture.top
                for r in 0..<picture.rows where y0 + r >= 0 && y0 + r < height {
                    for c in 0..<picture.width where x0 + c >= 0 && x0 + c < width {
                        let value = Int(picture.coverage[r * picture.width + c])
                        guard value > 0 else { continue }
                        let at = ((y0 + r) * width + x0 + c) * 4 + channel
                        // Overlapping glyphs join as coverages do: a + b - ab.
                        let old = Int(texels[at])
                        texels[at] = UInt8(old + value - (old * value + 127) / 255)
                    }
                }
            }
        }
        try draw(channel: 0, dy: 0, strokeRadius: 0)
        if entity.style == .outlined { try draw(channel: 1, dy: 0, strokeRadius: em / 18) }
        if entity.style == .regular {
            // The shadow: the glyphs again, lower, into the blue channel, then blurred there.
            try draw(channel: 2, dy: unit * shadowOffset, strokeRadius: 0)
            let values = stride(from: 2, to: texels.count, by: 4).map { Double(texels[$0]) / 255 }
            let blurred = SeparableGaussian(sigma: unit * shadowSigma * density).blurred(values, width: width, height: height, channels: 1,
                                                                                         clampsAtEdges: false)
            for (index, value) in blurred.enumerated() { texels[index * 4 + 2] = UInt8((min(max(value, 0), 1) * 255).rounded()) }
        }
        if let frame {
            for row in 0..<height {
                for column in 0..<width {
                    let local = Vec2((Double(column) + 0.5 - originX) / density, (Double(row) + 0.5 - originY) / density)
                    let coverage = EdgeCoverage.coverage(signedDistance: frame.signedDistance(local) * density)
                    texels[(row * width + column) * 4 + 3] = UInt8((coverage * 255).rounded())
                }
            }
        }
        return TextEntityPicture(width: width, height: height, texels: texels, density: density, originX: originX, originY: originY)
    }
}
