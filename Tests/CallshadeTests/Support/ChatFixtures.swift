import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import CallshadeSVG
import CallshadeText

/// The chat's golden scenes, from the fields of their case in Goldens/cases.json.
enum ChatFixtures {
    /// The wallpaper alone: a chat of `variant` from `phase`, stepped
    /// (`wallpaper: step`) at each of `steps`, at `time`.
    static func wallpaperScene(_ golden: GoldenCase) throws -> Scene {
        let scenario = try wallpaperScenario(golden)
        let size = try FrameSize(parsing: golden.size)
        return ChatScreen(scenario, size: size, pattern: try patternMask(golden), showing: [.wallpaper, .pattern]).scene(at: try golden.instant())
    }

    /// The case's pattern drawn by librsvg for its size; nil without one.
    static func patternMask(_ golden: GoldenCase) throws -> PatternMask? {
        guard let pattern = golden.pattern else { return nil }
        return try PatternDrawing.mask(file: TestPaths.packageRoot.appendingPathComponent(pattern).path, size: try FrameSize(parsing: golden.size))
    }

    /// A mask as the PNG the oracle reads: grey levels of its coverage, opaque.
    static func maskPicture(_ mask: PatternMask) -> RGBAImage {
        RGBAImage(width: mask.width, height: mask.height, pixels: mask.coverage.flatMap { [$0, $0, $0, 255] })
            ?? RGBAImage(width: 0, height: 0, fill: (0, 0, 0, 0))
    }

    static func wallpaperScenario(_ golden: GoldenCase) throws -> ChatScenario {
        guard let variant = WallpaperVariant(rawValue: golden.variant ?? "ios") else { throw GoldenCaseError("\(golden.name): no variant") }
        guard let step = WallpaperStepCurve(rawValue: golden.step ?? "auto") else { throw GoldenCaseError("\(golden.name): no step") }
        let colors = try (golden.colors ?? ChatWallpaper.classicColors.map(\.description)).map { hex in
            guard let color = RGB(hex: hex) else { throw GoldenCaseError("\(golden.name): colour \(hex)") }
            return color
        }
        let wallpaper = ChatWallpaper(colors: colors, phase: Int(golden.phase ?? 0), variant: variant, step: step,
                                      iosKeyframes: golden.keyframes ?? false, patternPath: golden.pattern,
                                      intensity: golden.intensity ?? ChatWallpaper.defaultIntensity)
        let events = (golden.steps ?? []).enumerated().map { ChatEvent(at: $0.element, change: .wallpaperStep, index: $0.offset) }
        return ChatScenario(settings: ScenarioSettings(duration: 10, seed: 0, size: nil, fps: nil), wallpaper: wallpaper, events: events)
    }

    /// The case's messages over the classic wallpaper at phase 0, their text set at the frame's scale.
    static func layoutScene(_ golden: GoldenCase) throws -> Scene {
        let messages = try (golden.messages ?? []).map { message in
            guard let side = ChatMessage.Side(rawValue: message.side) else { throw GoldenCaseError("\(golden.name): side \(message.side)") }
            return ChatMessage(side: side, text: message.text, time: message.time)
        }
        let scenario = ChatScenario(settings: ScenarioSettings(duration: 1), messages: messages)
        let size = try FrameSize(parsing: golden.size)
        let text = try TextSetter(scale: Double(size.width) / 390, texts: ChatKind.elements.texts(for: scenario))
        return ChatScreen(scenario, size: size, text: text).scene(at: 0)
    }

    /// A send in flight (chat, section 3): the case's messages, then its send at `at` (kind from the case or its text), under
    /// the shipped curves or its settings file, the messages' layer over a black wallpaper at `time`.
    static func sendScene(_ golden: GoldenCase) throws -> Scene {
        guard let text = golden.send, let at = golden.at else { throw GoldenCaseError("\(golden.name): a send needs send and at") }
        let messages = try (golden.messages ?? []).map { message in
            guard let side = ChatMessage.Side(rawValue: message.side) else { throw GoldenCaseError("\(golden.name): side \(message.side)") }
            return ChatMessage(side: side, text: message.text, time: message.time)
        }
        let kind = try golden.kind.map { name in
            guard let kind = SendKind(rawValue: name) else { throw GoldenCaseError("\(golden.name): kind \(name)") }
            return kind
        }
        let animation = try golden.settings.map { ChatAnimationPreset.editor(try SettingsFile.settings(path: TestPaths.packageRoot.appendingPathComponent($0).path)) }
        // An opaque wallpaper of one colour under the messages (black, or the case's `colors`), so that every route
        // writes the same opaque pixels and the oracle knows what lies outside the bubbles.
        let colors = try (golden.colors ?? ["#000000"]).map { hex in
            guard let color = RGB(hex: hex) else { throw GoldenCaseError("\(golden.name): colour \(hex)") }
            return color
        }
        let plain = ChatWallpaper(colors: Array(repeating: colors[0], count: 4))
        let scenario = ChatScenario(settings: ScenarioSettings(duration: at + 2), wallpaper: plain, messages: messages,
                                    animation: animation ?? .shipped,
                                    events: [ChatEvent(at: at, change: .send(text: text, kind: kind, time: nil), index: 0)])
        let size = try FrameSize(parsing: golden.size)
        let setter = try TextSetter(scale: Double(size.width) / 390, texts: ChatKind.elements.texts(for: scenario))
        return ChatScreen(scenario, size: size, text: setter, showing: [.wallpaper, .messages]).scene(at: try golden.instant())
    }
}
