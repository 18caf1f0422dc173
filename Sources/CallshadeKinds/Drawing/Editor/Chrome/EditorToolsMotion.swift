import CallshadeCore

/// Where the tool panel's six tools are over a session (`editor.md`
/// sections 1 and 3), as UIKit's additive animations of each tool's centre
/// x, its drop o below the panel's line and its scale: at rest o 34, the
/// selected tool risen to 18 (U(0.7, 0.6) both ways), the focused one moved
/// to the middle at o 30 and full size (U(0.7, 0.6)) while the others shift
/// with it and drop 70 pt (U(0.5, 0.6), 0.025 s apart: the right-hand ones
/// from the outermost in, the left-hand from index 0 up; back out from the
/// nearest). The entry brings them up 70 pt from below, 0.025 s apart from
/// the left; the exit takes them down again, the selected one to rest in
/// 0.2 s (ease-in-out). Closed form in time: a frame needs no history.
public struct EditorToolsMotion: Sendable {
    /// One tool's centre x (pt), its drop o (pt: its centre is at P + 58 + o) and its scale (0.5 at rest, 1 focused).
    public struct Pose: Equatable, Sendable {
        public let x: Double
        public let drop: Double
        public let scale: Double
    }

    public static let select = UIKitSpring(duration: 0.7, dampingRatio: 0.6)
    public static let others = UIKitSpring(duration: 0.5, dampingRatio: 0.6)
    public static let stagger = 0.025
    public static let restDrop = 34.0, selectedDrop = 18.0, focusedDrop = 30.0, hiddenDrop = 70.0
    public static let exitSeconds = 0.2

    let xs: [AdditiveTrack]
    let drops: [AdditiveTrack]
    let scales: [AdditiveTrack]

    /// A tool's centre at rest, pt from the screen's left.
    public static func restX(_ position: Int) -> Double { EditorLayout.width / 2 - 110 + 44 * Double(position) }

    public init(_ editor: DrawingEditor) {
        let tools = EditorTool.allCases
        var xs = tools.map { AdditiveTrack(Self.restX($0.position)) }
        var drops = tools.map { AdditiveTrack($0 == editor.tool ? Self.selectedDrop : Self.restDrop) }
        var scales = tools.map { _ in AdditiveTrack(0.5) }
        if editor.enters {
            for index in tools.indices {
                drops[index] = AdditiveTrack(drops[index].initial + Self.hiddenDrop)
                drops[index].move(to: drops[index].initial - Self.hiddenDrop, at: Self.stagger * Double(index), on: Self.others)
            }
        }
        var selected = editor.tool.position, focused = false
        let ease: @Sendable (Double) -> Double = { CubicBezierEasing.easeInOut.value(min(max($0 / EditorToolsMotion.exitSeconds, 0), 1)) }
        for event in editor.events {
            let at = event.at
            switch event.action {
            case .tool(let tool):
                let index = tool.position
                if focused {
                    focused = false
                    Self.unfocus(index, at: at, xs: &xs, drops: &drops, scales: &scales)
                } else if index != selected {
                    drops[selected].move(to: Self.restDrop, at: at, on: Self.select)
                    drops[index].move(to: Self.selectedDrop, at: at, on: Self.select)
                    selected = index
                } else if tool != .lasso {
                    focused = true
                    let shift = EditorLayout.width / 2 - Self.restX(index)
                    xs[index].move(to: EditorLayout.width / 2, at: at, on: Self.select)
                    drops[index].move(to: Self.focusedDrop, at: at, on: Self.select)
                    scales[index].move(to: 1, at: at, on: Self.select)
                    for other in tools.indices where other != index {
                        let delay = Self.stagger * Double(other > index ? tools.count - 1 - other : other)
                        xs[other].move(to: Self.restX(other) + shift, at: at + delay, on: Self.others)
                        drops[other].move(to: Self.restDrop + Self.hiddenDrop, at: at + delay, on: Self.others)
                    }
                }
            case .back where focused:
                focused = false
                Self.unfocus(selected, at: at, xs: &xs, drops: &drops, scales: &scales)
            case .back, .done:
                for index in tools.indices {
                    if focused {
                        xs[index].move(to: Self.restX(index), at: at, length: Self.exitSeconds, curve: ease)
                        scales[index].move(to: 0.5, at: at, length: Self.exitSeconds, curve: ease)
                    }
                    drops[index].move(to: Self.restDrop, at: at, length: Self.exitSeconds, curve: ease)
                    drops[index].move(to: Self.restDrop + Self.hiddenDrop, at: at + Self.stagger * Double(index), on: Self.others)
                }
            default: continue
            }
        }
        self.xs = xs
        self.drops = drops
        self.scales = scales
    }

    private static func unfocus(_ index: Int, at: Double, xs: inout [AdditiveTrack], drops: inout [AdditiveTrack], scales: inout [AdditiveTrack]) {
        xs[index].move(to: restX(index), at: at, on: select)
        drops[index].move(to: selectedDrop, at: at, on: select)
        scales[index].move(to: 0.5, at: at, on: select)
        for other in xs.indices where other != index {
            let delay = stagger * Double(abs(other - index) - 1)
            xs[other].move(to: restX(other), at: at + delay, on: others)
            drops[other].move(to: restDrop, at: at + delay, on: others)
        }
    }

    /// Tool `tool`'s pose at `time`.
    public func pose(of tool: EditorTool, at time: Double) -> Pose {
        let index = tool.position
        return Pose(x: xs[index].value(at: time), drop: drops[index].value(at: time), scale: scales[index].value(at: time))
    }
}
