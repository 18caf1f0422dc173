import CallshadeCore

/// The chat's golden scenes, from the fields of their case in Goldens/cases.json.
enum ChatFixtures {
    /// The wallpaper alone: a chat of `variant` from `phase`, stepped
    /// (`wallpaper: step`) at each of `steps`, at `time`.
    static func wallpaperScene(_ golden: GoldenCase) throws -> Scene {
        let scenario = try wallpaperScenario(golden)
        return ChatScreen(scenario, size: try FrameSize(parsing: golden.size), showing: [.wallpaper]).scene(at: try golden.instant())
    }

    static func wallpaperScenario(_ golden: GoldenCase) throws -> ChatScenario {
        guard let variant = WallpaperVariant(rawValue: golden.variant ?? "ios") else { throw GoldenCaseError("\(golden.name): no variant") }
        guard let step = WallpaperStepCurve(rawValue: golden.step ?? "auto") else { throw GoldenCaseError("\(golden.name): no step") }
        let colors = try (golden.colors ?? ChatWallpaper.classicColors.map(\.description)).map { hex in
            guard let color = RGB(hex: hex) else { throw GoldenCaseError("\(golden.name): colour \(hex)") }
            return color
        }
        let wallpaper = ChatWallpaper(colors: colors, phase: Int(golden.phase ?? 0), variant: variant, step: step,
                                      iosKeyframes: golden.keyframes ?? false)
        let events = (golden.steps ?? []).enumerated().map { ChatEvent(at: $0.element, change: .wallpaperStep, index: $0.offset) }
        return ChatScenario(settings: ScenarioSettings(duration: 10, seed: 0, size: nil, fps: nil), wallpaper: wallpaper, events: events)
    }
}
