import CallshadeCore
import CallshadeLottie
import CallshadeRender
import CallshadeSVG
import CallshadeText

/// The frames of a chat scenario, as `frame`, `render` and `sheet` draw
/// them: its pattern drawn once for the frames' size, its texts set once at
/// their scale (the width over 390 pt), the layers shown; then the scene at
/// any instant.
public struct ChatFrames: FrameScenes {
    public let screen: ChatScreen
    /// Whether frames get the 8x8 ordered dither.
    public var dither = false

    /// `file` names the scenario in errors (its pattern's); `choices` give the avatar (`--avatar`, else the scenario's).
    public init(_ scenario: ChatScenario, file: String, size: FrameSize, showing: Set<SceneTag>, choices: SceneChoices, reuse: ReuseStore) throws {
        var pattern: PatternMask?
        if let path = scenario.wallpaper.patternPath, !showing.isDisjoint(with: [.pattern, .nav, .input, .date, .messages]) {
            do {
                pattern = try PatternDrawing.mask(file: path, size: size)
            } catch let error as PatternError {
                throw FramesError.pattern("\(file): wallpaper.pattern: \(error)")
            }
        }
        let elements = ChatKind.elements
        let text = showing.isDisjoint(with: elements.textTags(for: scenario)) ? nil
            : try TextSetter(scale: Double(size.width) / 390, texts: elements.texts(for: scenario))
        // The avatar's picture, prepared for its 37-pt circle (and a pixel), read only if the bar is drawn.
        let side = Int((NavigationBarElement.avatarDiameter * Double(size.width) / 390).rounded(.up)) + 1
        let avatar = showing.contains(.nav) ? try choices.avatarImage(scenarioAvatar: scenario.avatarPath, side: side) : nil
        // Every sticker it sends, read and checked before the first frame (section 8), if the messages are drawn.
        let stickers: [String: Sticker]
        do {
            stickers = showing.contains(.messages) ? try ChatStickers.load(scenario) : [:]
        } catch {
            throw FramesError.sticker("\(file): \(error)")
        }
        // Every voice message decoded (its length sizes its bubble and its recording) and every round video opened, if the
        // messages or the panel are drawn.
        let voices: [String: VoiceClip], videos: [String: RoundVideoFile]
        let drawn = !showing.isDisjoint(with: [.messages, .input])
        do {
            voices = drawn ? try ChatVoices.load(scenario) : [:]
        } catch {
            throw FramesError.audio("\(file): \(error)")
        }
        do {
            videos = drawn ? try ChatVideos.load(scenario) : [:]
        } catch {
            throw FramesError.video("\(file): \(error)")
        }
        screen = ChatScreen(scenario, size: size, pattern: pattern, text: text, avatar: avatar, showing: showing, reuse: reuse,
                            stickers: stickers, voices: voices, videos: videos)
    }

    public func scene(at time: Double) throws -> Scene {
        // Each round video's picture the frame shows, decoded at its source time (frame exact).
        var scene = try screen.scene(at: time) { key in try screen.videos[key.path]?.source.picture(at: key.sourceTime) }
        scene.dither = dither
        return scene
    }
}
