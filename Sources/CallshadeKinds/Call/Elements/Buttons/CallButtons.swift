import CallshadeCore

/// The four buttons (call-screen-elements, section 5) as nodes: 56 pt
/// circles 36 pt apart in a centred row, their tops at H - safeBottom - 52 -
/// 56, each with its icon and, 4 pt below, its 13 pt label. A normal button
/// is a glass circle with a white icon; the end button a solid #FF3B30
/// circle; a selected button a white disc with its icon cut out (the glass
/// shows through it); a disabled button's icon (or selected disc) is at
/// alpha 0.5. A selection change runs 0.16 s: the white closes in from the
/// rim as a ring whose width grows 0 -> 28 pt over the old look shrinking
/// about the centre (and the reverse when turned off).
struct CallButtons {
    static let diameter = 56.0
    static let gap = 36.0
    static let safeBottom = 34.0
    static let label = TextStyle(.regular, 13)
    /// Material Icons at 0.8 of the circle (an em of 44.8 pt: its ink about 0.67 of the circle).
    static let icon = TextStyle(.icons, 0.8 * diameter)
    static let endColor = RGB(1, 59.0 / 255, 48.0 / 255)

    /// Each button's label and icon, left to right.
    static let buttons: [(label: String, icon: String)] = [("speaker", "volume_up"), ("video", "videocam"), ("mute", "mic_off"), ("end", "call_end")]
    /// The first button while the user's camera is on (video-call, section 8).
    static let flip = (label: "flip", icon: "flip_camera_ios")

    /// The buttons' texts; with `video`, the flip button's too.
    static func texts(video: Bool = false) -> [TextStyle: [String]] {
        let all = buttons + (video ? [flip] : [])
        return [label: all.map(\.label), icon: all.map(\.icon)]
    }

    let layout: CallLayout
    let text: any TextSetting

    private var scale: Double { layout.scale }

    /// Button `index`'s circle's left edge and top, in pixels.
    func corner(_ index: Int) -> Vec2 {
        let row = 4 * Self.diameter + 3 * Self.gap
        let left = (layout.widthPoints - row) / 2 + Double(index) * (Self.diameter + Self.gap)
        return Vec2(left * scale, (layout.heightPoints - Self.safeBottom - 52 - Self.diameter) * scale)
    }

    /// What one button shows: its icon and label, scaled about its circle's centre and faded.
    private struct Look {
        let label: String
        let icon: String
        let scale: Double
        let alpha: Double
    }

    /// Button `index`'s looks: one, or with video the speaker shrinking away
    /// (to 0.001, fading) as flip grows in its place (spring 0.3 s).
    private func looks(_ index: Int, video: VideoState) -> [Look] {
        let button = Self.buttons[index]
        let flip = min(max(video.flipButton, 0), 1)
        guard index == 0, flip != 0 else { return [Look(label: button.label, icon: button.icon, scale: 1, alpha: 1)] }
        return [Look(label: button.label, icon: button.icon, scale: 1 - 0.999 * flip, alpha: 1 - flip),
                Look(label: Self.flip.label, icon: Self.flip.icon, scale: 0.001 + 0.999 * flip, alpha: flip)].filter { $0.alpha > 0 }
    }

    /// The glass circles (of the buttons not drawn solid), then the marks: the end button's disc, the icons, the labels.
    /// The buttons, each scaled by `shrink` about its circle's centre (they shrink away when a rating is asked for);
    /// with video, moved down to H + 12 pt as the controls hide (no fade), the first one turning into flip.
    func nodes(_ state: ButtonsState, backdrop: GradientParameters, shrink: Double = 1, video: VideoState = .none) -> [any SceneNode] {
        let side = Self.diameter * scale
        var nodes: [any SceneNode] = []
        var marks: [Mark] = []
        let drop = video.controlsHidden == 0 ? 0 : ((layout.heightPoints + 12) * scale - corner(0).y) * video.controlsHidden
        for index in Self.buttons.indices {
            for look in looks(index, video: video) {
                let button = (label: look.label, icon: look.icon)
                let shrink = shrink * look.scale
                var corner = corner(index)
                corner.y += drop
                let first = marks.count, firstNode = nodes.count
                defer {
                    // Shrunk about the circle's centre: its glass, its marks.
                    let centre = Vec2(corner.x + side / 2, corner.y + side / 2)
                    for at in first..<marks.count { marks[at] = marks[at].scaled(by: shrink, about: centre) }
                    for at in firstNode..<nodes.count {
                        guard var glass = nodes[at] as? GlassNode, shrink != 1 else { continue }
                        (glass.x, glass.y, glass.width, glass.height) = (centre.x - side * shrink / 2, centre.y - side * shrink / 2, side * shrink, side * shrink)
                        nodes[at] = glass
                    }
                    if look.alpha != 1 {
                        for at in first..<marks.count { marks[at].alpha *= look.alpha }
                        for at in firstNode..<nodes.count {
                            guard var glass = nodes[at] as? GlassNode else { continue }
                            glass.opacity *= look.alpha
                            nodes[at] = glass
                        }
                    }
                }
                if index == Self.buttons.count - 1 {
                    marks.append(Mark(x: corner.x, y: corner.y, width: side, height: side, kind: .roundedRectangle(cornerRadius: side / 2),
                                      color: Self.endColor))
                } else {
                    nodes.append(GlassNode(x: corner.x, y: corner.y, width: side, height: side, shape: .capsule, backdrop: backdrop,
                                           blur: GlassNode.blurPoints * scale, opacity: 1))
                }
                let icon = text.line(button.icon, style: Self.icon)
                if let ink = icon.inkBounds {
                    let centre = Vec2(corner.x + side / 2, corner.y + side / 2)
                    let origin = Vec2(centre.x - (ink.left + ink.right) / 2, centre.y - (ink.top + ink.bottom) / 2)
                    let alpha = state.enabled[index] ? 1.0 : 0.5
                    // The flip button is never selected.
                    let selection = look.icon == Self.flip.icon ? 0 : state.selection.indices.contains(index) ? min(max(state.selection[index], 0), 1) : 0
                    if selection < 1 {
                        marks += icon.marks(origin: origin, alpha: alpha, scale: 1 - selection, about: centre)
                    }
                    if selection > 0 {
                        // Material Icons sets a ligature as one glyph: the one cut out.
                        for case let (glyph, .glyph(image)) in icon.marks(origin: origin).map({ ($0, $0.kind) }).prefix(1) {
                            let cut = Mark.CutOut(innerRadius: (1 - selection) * side / 2, image: image,
                                                  x: glyph.x, y: glyph.y, width: glyph.width, height: glyph.height)
                            marks.append(Mark(x: corner.x, y: corner.y, width: side, height: side, kind: .cutOut(cut), alpha: alpha))
                        }
                    }
                }
                let label = text.line(button.label, style: Self.label)
                marks += label.marks(origin: Vec2(corner.x + side / 2 - label.width / 2, corner.y + side + 4 * scale + label.ascent))
            }
        }
        nodes.append(MarksNode(atlas: text.atlas, marks: marks))
        return nodes
    }
}
