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
            guard let filled = AspectFill.picture(image, size: size) else {
                throw ScenarioError(file: file, location: "canvas.background", "cannot be drawn: '\(path)' has no pixels")
            }
            picture = filled
        }
        var screen = DrawingScreen(scenario, size: size, backgroundPicture: picture, showing: showing, reuse: reuse)
        screen.dither = dither
        try TextEntityPictures.check(scenario, file: file)
        screen.textPictures = try TextEntityPictures.make(for: scenario, placement: screen.placement)
        return screen
    }

    /// The scenario's default frame size: its own, else its canvas's.
    public static func size(_ scenario: DrawingScenario) -> FrameSize { scenario.size ?? scenario.canvas.size }
}

/// A drawing's frames as `render` and `sheet` draw them (nothing to prepare ahead).
extension DrawingScreen: FrameScenes {}
