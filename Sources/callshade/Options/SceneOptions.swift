import ArgumentParser
import CallshadeCore
import CallshadePNG
import CallshadeText
import Foundation

/// What sits on the call screen besides the background: the avatar picture
/// and the layout's point scale. Shared by the commands that render.
struct SceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A PNG to show as the avatar (default: the scenario's, else a placeholder).",
                               valueName: "FILE"))
    var avatar: String?

    @Option(name: .customLong("points-width"), parsing: .unconditional,
            help: ArgumentHelp("The screen's width in points; sizes in points scale by width / this (default 390).",
                               valueName: "PT"), transform: ArgumentValues.given(ArgumentValues.positive("--points-width")))
    var pointsWidth: GivenNumber?

    /// The layout of a frame of `size`; a points width that gives more than
    /// 64 pixels a point (or fewer than 1/1024) is refused with the range this width accepts.
    func layout(for size: FrameSize) throws -> CallLayout {
        do {
            return try CallLayout(size: size, pointsWidth: pointsWidth?.value ?? CallLayout.defaultPointsWidth)
        } catch let invalid as CallLayout.Invalid {
            let given = pointsWidth.map { "--points-width \($0.text)" } ?? "the default --points-width"
            throw Diagnostic.pointsWidth(given: given, requirement: invalid.requirement)
        }
    }

    /// The call screen of `scenario` for frames of `size`: its layout, the
    /// avatar (read only if the avatar is shown), the text setter for the
    /// call's elements (its glyphs rasterised once, only if text is shown)
    /// and the tags shown.
    func callScreen(size: FrameSize, scenario: Scenario, showing: Set<SceneTag>, reuse: ReuseStore) throws -> CallScreen {
        let layout = try layout(for: size)
        let avatar = showing.contains(.avatar) ? try avatarImage(scenarioAvatar: scenario.avatarPath, layout: layout) : nil
        let elements = CallKind.elements
        let text = showing.isDisjoint(with: elements.textTags(for: scenario)) ? nil
            : try TextSetter(scale: layout.scale, texts: elements.texts(for: scenario))
        return CallScreen(layout: layout, seed: scenario.seed, avatar: avatar, text: text, showing: showing, reuse: reuse)
    }

    /// The avatar to draw: --avatar, else the scenario's file, else none (the
    /// placeholder). Read with libpng and prepared once for the layout.
    func avatarImage(scenarioAvatar: String?, layout: CallLayout) throws -> AvatarImage? {
        try avatarImage(scenarioAvatar: scenarioAvatar, side: AvatarImage.side(for: layout))
    }

    /// The avatar to draw, prepared at `side` pixels (the chat's navigation bar's).
    func avatarImage(scenarioAvatar: String?, side: Int) throws -> AvatarImage? {
        guard let path = avatar ?? scenarioAvatar else { return nil }
        let picture: RGBAImage
        do {
            picture = try PNGFile.read(path: path, pixelLimit: Self.avatarPixelLimit)
        } catch {
            throw Diagnostic.avatar("avatar: \(error)")
        }
        guard let prepared = AvatarImage.prepare(picture, side: side) else {
            throw Diagnostic.avatar("avatar: '\(path)' has no pixels")
        }
        return prepared
    }

    /// The largest avatar picture accepted: 40 megapixels (a large phone photo is 12 to 50).
    static let avatarPixelLimit = 40_000_000
}
