import CallshadeCore

/// The emoji key (call-screen-elements, section 4), its tooltip and the
/// expanded key's panel: one element, as the key's emoji travel into the
/// panel's row when it opens. Bottom to top: the panel, the key, the tooltip.
public struct KeyElement: CallElement {
    public init() {}

    public var tags: [SceneTag] { [.key, .tooltip, .panel] }

    public func texts(for scenario: Scenario) -> [TextStyle: [String]] {
        [CallKey.texts(key: scenario.key), CallTooltip.texts(), CallPanel.texts(name: scenario.name, key: scenario.key)]
            .reduce(into: [:]) { $0.merge($1, uniquingKeysWith: +) }
    }

    public func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        guard let text = instant.text else { return }
        let layout = instant.layout, key = instant.state.key, panel = instant.state.panel
        if let panel, showing.contains(.panel), panel.alpha > 0 {
            scene.nodes += CallPanel(layout: layout, setter: text, name: key.peer).panelNodes(panel, backdrop: instant.background)
        }
        if showing.contains(.key), key.alpha > 0 {
            let call = CallKey(layout: layout, text: text)
            if let panel, panel.scale > 0, let place = call.placement(key) {
                scene.nodes.append(CallPanel(layout: layout, setter: text, name: key.peer).emojiNode(key, progress: panel.scale, from: place))
            } else if let place = call.placement(key), instant.state.video.controlsHidden != 0 || instant.state.video.controlsFade != 0 {
                // As the controls hide the key rises by 8 pt and its height, and fades (video-call, section 6).
                let video = instant.state.video
                let rise = (8 * layout.scale + place.bottom - place.top) * video.controlsHidden
                let node = call.keyNode(key)
                let marks = node.marks.map { mark -> Mark in
                    var moved = mark.moved(by: Vec2(0, -rise))
                    moved.alpha *= 1 - video.controlsFade
                    return moved
                }
                scene.nodes.append(MarksNode(atlas: node.atlas, marks: marks))
            } else {
                scene.nodes.append(call.keyNode(key))
            }
        }
        if let tooltip = instant.state.tooltip, showing.contains(.tooltip), tooltip.alpha > 0,
           let place = CallKey(layout: layout, text: text).placement(key) {
            scene.nodes += CallTooltip(layout: layout, setter: text).nodes(tooltip, key: place, backdrop: instant.background)
        }
    }
}

extension SceneTag {
    public static let key = SceneTag("key", help: "The emoji key (in its place, or moving to and in the expanded key's row).")
    public static let tooltip = SceneTag("tooltip", help: "The key's tooltip.")
    public static let panel = SceneTag("panel", help: "The expanded key's panel: its glass and words.")
}
