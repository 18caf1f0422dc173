import CallshadeCore
import CallshadeJSON
import CallshadePNG
import CallshadeRender
import CallshadeText

/// A drawing scenario's frames as the commands draw them: its canvas's PNG
/// (if its background is one) read once and aspect-filled to the frame's
/// size, its texts checked against the fonts and drawn into their pictures
/// once (`TextEntityPictures`), and the drawing screen over it, whose
/// finished-stroke layer lasts the render; the layers shown are `--layers`'
/// (the drawing's tags).
public enum DrawingFrames {
    /// The largest background picture accepted: 40 megapixels, as an avatar.
    public static let backgroundPixelLimit = 40_000_000

    /// The screen of `scenario` (read from `file`) for frames of `size`.
    public static func screen(_ scenario: DrawingScenario, file: String, size: FrameSize, dither: Bool = false, showing: Set<SceneTag>? = nil,
                       reuse: ReuseStore) throws -> DrawingScreen {
        var picture: FramePicture?
        if case .picture(let path) = scenario.canvas.background {
            let image: RGBAImage
            do {
                image = try PNGFile.read(path: path, pixelLimit: backgroundPixelLimit)
            } catch {
                throw ScenarioError(file: file, location: "canvas.background", "cannot be drawn: \(error)")
            }
            // Placed by the editor, the PNG fills the canvas, which is placed in the frame (`PlacedCanvasPicture`).
            let filling = DrawingScreen.placesCanvas(scenario) ? scenario.canvas.size : size
            guard let filled = AspectFill.picture(image, size: filling) else {
                throw ScenarioError(file: file, location: "canvas.background", "cannot be drawn: '\(path)' has no pixels")
            }
            picture = filled
        }
        if let editor = scenario.editor, editor.shown {
            let height = Double(size.height) * EditorLayout.width / Double(size.width)
            guard height >= DrawingEditor.minimumHeight else {
                throw ScenarioError(file: file, location: "editor", "the editor's screen needs a frame at least \(ShownNumber.text(DrawingEditor.minimumHeight)) pt "
                                    + "tall at \(ShownNumber.text(EditorLayout.width)) pt wide (got \(size): \(ShownNumber.text(height)) pt tall); "
                                    + "give a taller size or \"on\": false")
            }
        }
        var screen = DrawingScreen(scenario, size: size, backgroundPicture: picture, showing: showing, reuse: reuse)
        screen.dither = dither
        try TextEntityPictures.check(scenario, file: file)
        // Texts are drawn at the largest zoom's density, so that a zoom in never shows them coarser.
        let zoomed = CanvasPlacement(scale: screen.placement.scale * (screen.zoom?.largestScale ?? 1), offset: screen.placement.offset)
        screen.textPictures = try TextEntityPictures.make(for: scenario, placement: zoomed)
        let labels = DrawingKind.elements.texts(for: scenario)
        if !labels.isEmpty {
            do {
                screen.text = RememberedLines(try TextSetter(scale: EditorFrame(size).scale, texts: labels), reuse: reuse)
            } catch {
                throw ScenarioError(file: file, location: "editor", "its labels cannot be set: \(error)")
            }
        }
        return screen
    }

    /// The scenario's default frame size: its own, else its canvas's.
    public static func size(_ scenario: DrawingScenario) -> FrameSize { scenario.size ?? scenario.canvas.size }
}

/// A drawing's frames as `render` and `sheet` draw them (nothing to prepare ahead).
extension DrawingScreen: FrameScenes {}
