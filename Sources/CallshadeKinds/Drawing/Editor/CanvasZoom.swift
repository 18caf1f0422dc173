import CallshadeCore

/// The canvas's zoom over a session (`editor.md` section 0): pinches
/// (`zoom` events, linear between their samples) and Zoom Out (to 1 and the
/// canvas's centre in 0.3 s, ease-in-out, ours), held between them. At an
/// instant it places the canvas: canvas point p goes to C + z f (p - c), C
/// the frame's centre, f the fit scale; per axis, c is the canvas's centre
/// where the zoomed canvas is narrower than the frame, else clamped so no
/// canvas edge comes inside the frame. Unzoomed, the placement is the
/// fitted one (`CanvasPlacement`), exactly.
public struct CanvasZoom: Equatable, Sendable {
    /// The largest zoom over the fitted canvas.
    public static let largest = 3.0
    public static let zoomOutSeconds = 0.3

    /// A zoom and the canvas point at the frame's centre (before clamping).
    public struct View: Equatable, Sendable {
        public let scale: Double
        public let centre: Vec2
    }

    /// One stretch of time: from its start the view goes from `from` to `to` by its end, linearly or eased.
    struct Piece: Equatable, Sendable {
        let start: Double
        let end: Double
        let from: View
        let to: View
        let eased: Bool
    }

    let canvas: FrameSize
    let pieces: [Piece]

    public init(events: [EditorEvent], canvas: FrameSize, frame: FrameSize) {
        self.canvas = canvas
        let fitted = CanvasPlacement(canvas: canvas, frame: frame)
        var pieces: [Piece] = []
        for event in events {
            switch event.action {
            case .zoom(let samples):
                let views = samples.map { View(scale: $0.scale, centre: $0.centre) }
                for index in samples.indices {
                    let next = index + 1 < samples.count ? index + 1 : index
                    pieces.append(Piece(start: samples[index].time, end: samples[next].time, from: views[index], to: views[next], eased: false))
                }
            case .zoomOut:
                let zoom = CanvasZoom(canvas: canvas, pieces: pieces)
                let from = zoom.shownView(at: event.at, frame: frame, fit: fitted.scale)
                pieces.append(Piece(start: event.at, end: event.at + Self.zoomOutSeconds, from: from, to: zoom.unzoomed, eased: true))
            default: continue
            }
        }
        self.pieces = pieces
    }

    private init(canvas: FrameSize, pieces: [Piece]) {
        self.canvas = canvas
        self.pieces = pieces
    }

    var unzoomed: View { View(scale: 1, centre: Vec2(Double(canvas.width) / 2, Double(canvas.height) / 2)) }

    /// Whether the canvas ever zooms.
    public var zooms: Bool { !pieces.isEmpty }

    /// The largest zoom of the session (1 when it never zooms).
    public var largestScale: Double { pieces.map { max($0.from.scale, $0.to.scale) }.max() ?? 1 }

    /// The view at `time`, as the events give it (before clamping).
    public func view(at time: Double) -> View {
        let begun = pieces.count(upTo: time, by: \.start)
        guard begun > 0 else { return unzoomed }
        let piece = pieces[begun - 1]
        guard time < piece.end else { return piece.to }
        let linear = (time - piece.start) / (piece.end - piece.start)
        let share = piece.eased ? CubicBezierEasing.easeInOut.value(linear) : linear
        return View(scale: piece.from.scale + (piece.to.scale - piece.from.scale) * share,
                    centre: piece.from.centre + (piece.to.centre - piece.from.centre) * share)
    }

    /// The view at `time` with its centre clamped as shown in a frame of `frame` at fit scale `fit`.
    func shownView(at time: Double, frame: FrameSize, fit: Double) -> View {
        let view = view(at: time)
        let scale = view.scale * fit
        func axis(_ centre: Double, canvas: Int, frame: Int) -> Double {
            let half = Double(frame) / (2 * scale)
            guard Double(canvas) * scale > Double(frame) else { return Double(canvas) / 2 }
            return min(max(centre, half), Double(canvas) - half)
        }
        return View(scale: view.scale, centre: Vec2(axis(view.centre.x, canvas: canvas.width, frame: frame.width),
                                                    axis(view.centre.y, canvas: canvas.height, frame: frame.height)))
    }

    /// Where the canvas lies in a frame of `frame` at `time`.
    public func placement(at time: Double, frame: FrameSize) -> CanvasPlacement {
        let fitted = CanvasPlacement(canvas: canvas, frame: frame)
        let view = shownView(at: time, frame: frame, fit: fitted.scale)
        guard view.scale != 1 else { return fitted }
        let scale = view.scale * fitted.scale
        return CanvasPlacement(scale: scale, offset: Vec2(Double(frame.width) / 2, Double(frame.height) / 2) - view.centre * scale)
    }
}
