import CallshadeCore

/// A drawing replayed: the drawing kind's elements (`DrawingKind.elements`)
/// drawn for a scenario at an instant, into a frame of a size. Finished
/// strokes come from one layer (kept in the reuse store, `FinishedLayerKey`),
/// extended as strokes finish, and composed over the canvas's background
/// into one picture (`ComposedCanvas`, kept while the layer stays); with
/// reuse off both are made afresh each frame, and the frames are the same.
public struct DrawingScreen: Sendable {
    public let timeline: DrawingTimeline
    public let size: FrameSize
    /// The canvas fitted to the frame (zoomed by the editor's events: `placement(at:)`).
    public let placement: CanvasPlacement
    /// The canvas's PNG aspect-filled to `size` (`AspectFill`), if its background is one;
    /// where the editor places the canvas (`placesCanvas`), aspect-filled to the canvas's size.
    public let backgroundPicture: FramePicture?
    /// The editor's zoom over the session (nil without an editor).
    public let zoom: CanvasZoom?
    /// Whether the canvas is drawn as placed in the frame, with its own
    /// background inside it (`PlacedCanvasPicture`): when the editor's screen
    /// is drawn (black around it) or its canvas zooms; else the background
    /// fills the frame as it always has.
    public let placesCanvas: Bool
    /// The tags drawn (all by default).
    public let showing: Set<SceneTag>
    public let elements: DrawingElements
    /// What is kept between frames: the finished strokes' layer and the canvas composed with it.
    public let reuse: ReuseStore
    /// What the store knows this screen's kept values by.
    private let owner = ReuseIdentity(ReuseOwner())
    /// The text entities' pictures (`TextEntityPicture`), by their place in the file's `entities`.
    public var textPictures: [Int: TextEntityPicture] = [:]
    /// Sets the editor screen's labels (`DrawingFrames` makes it when the screen is drawn).
    public var text: (any TextSetting)?
    public var dither = false

    public init(_ scenario: DrawingScenario, size: FrameSize, backgroundPicture: FramePicture? = nil, showing: Set<SceneTag>? = nil,
                elements: DrawingElements = DrawingKind.elements, reuse: ReuseStore = ReuseStore()) {
        timeline = DrawingTimeline(scenario)
        self.size = size
        placement = CanvasPlacement(canvas: scenario.canvas.size, frame: size)
        self.backgroundPicture = backgroundPicture
        let zoom = scenario.editor.map { CanvasZoom(events: $0.events, canvas: scenario.canvas.size, frame: size) }
        self.zoom = zoom
        placesCanvas = Self.placesCanvas(scenario)
        self.elements = elements
        self.showing = showing ?? Set(elements.tags)
        self.reuse = reuse
    }

    /// Whether `scenario`'s canvas is drawn placed in the frame (`placesCanvas`).
    public static func placesCanvas(_ scenario: DrawingScenario) -> Bool {
        guard let editor = scenario.editor else { return false }
        return editor.shown || editor.events.contains { if case .zoom = $0.action { true } else { false } }
    }

    /// Where the canvas lies in the frame at `time`.
    public func placement(at time: Double) -> CanvasPlacement {
        zoom?.placement(at: time, frame: size) ?? placement
    }

    /// The scene at `time` seconds.
    public func scene(at time: Double) -> Scene {
        var scene = Scene(size: size, background: nil)
        scene.dither = dither
        let placement = placement(at: time)
        let under = background(placement)
        let layerBackground = layerBackground(under)
        var layer: FramePicture?, layered = 0
        if showing.contains(.strokes) {
            layer = finishedLayer(at: time, placement: placement, background: layerBackground)
            layered = timeline.finishedCount(at: time)
            // An eraser, neon or blur still being drawn, or a stroke fading, is drawn into the layer: the strokes up to it join the layer for this frame.
            let live = timeline.liveStrokes(at: time)
            if let last = live.last(where: { DrawnStroke.drawsInLayer($0, timeline: timeline, at: time) }) {
                let strokes = live.filter { $0 <= last }.flatMap { index in
                    DrawnStroke.layerStrokes(index, look: timeline.look(of: index, at: time), timeline: timeline, drawnBy: time,
                                             placement: timeline.placement(of: index, at: time, in: placement))
                }
                layer = FinishedStrokeLayer.drawing(strokes, over: layer, size: size, background: layerBackground)
                layered = last + 1
            }
        }
        // With the canvas shown, the layer comes composed over it: one opaque picture.
        var canvas = under
        if let made = layer, showing.contains(.canvas) {
            let background = under
            let colour = if case .colour(let colour) = timeline.scenario.canvas.background { colour } else { RGB.white }
            let compose = { ComposedCanvas.picture(layer: made, background: background, colour: colour) }
            let recompose = { (kept: FramePicture, area: PixelRect) in
                ComposedCanvas.recomposed(kept, layer: made, background: background, colour: colour, area: area)
            }
            canvas = ComposedCanvasKey(owner: owner).canvas(over: made, reuse: reuse, compose: compose, recompose: recompose)
            layer = nil
        }
        elements.add(to: &scene, at: DrawingInstant(timeline: timeline, time: time, placement: placement, backgroundPicture: canvas,
                                                    strokesLayer: layer, layeredStrokes: layered, textPictures: textPictures, text: text),
                     showing: showing)
        return scene
    }

    /// The picture under everything at `placement`: the canvas placed in
    /// the frame (kept while the placement stays), or the frame-filling PNG, or none (a colour).
    func background(_ placement: CanvasPlacement) -> FramePicture? {
        guard placesCanvas, let editor = timeline.scenario.editor else { return backgroundPicture }
        let colour = if case .colour(let colour) = timeline.scenario.canvas.background { colour } else { RGB.black }
        return reuse.value(PlacedCanvasKey(owner: owner, placement: placement)) {
            let picture = PlacedCanvasPicture.picture(canvas: timeline.scenario.canvas.size, colour: colour, canvasPicture: backgroundPicture,
                                                      surround: editor.shown ? .black : colour, placement: placement, size: size)
            return (picture, picture.pixels.count * MemoryLayout<Float>.stride)
        }
    }

    /// What lies under the strokes' layer (what a blur stroke blurs with it).
    func layerBackground(_ picture: FramePicture?) -> LayerBackground {
        if let picture { return .picture(picture) }
        if case .colour(let colour) = timeline.scenario.canvas.background { return .colour(colour) }
        return .colour(.white)
    }

    /// The layer of the strokes finished at `time`, each as it looks then,
    /// the canvas placed by `placement`: kept, extended from the one kept, or made afresh.
    func finishedLayer(at time: Double, placement: CanvasPlacement, background: LayerBackground) -> FramePicture? {
        let recipe = (0..<timeline.finishedCount(at: time)).compactMap { index -> LayerEntry? in
            let look = timeline.look(of: index, at: time)
            return look == .absent ? nil : LayerEntry(index: index, look: look, offset: timeline.fates.offset(of: timeline.order[index], at: time))
        }
        let key = FinishedLayerKey(owner: owner, placement: placement)
        return key.layer(recipe: recipe, size: size, background: background, reuse: reuse) { entries in
            entries.flatMap { entry in
                let moved = placement.moved(by: entry.offset)
                return DrawnStroke.layerStrokes(entry.index, look: entry.look, timeline: timeline, drawnBy: timeline.finishTimes[entry.index],
                                                placement: moved).map { stroke -> LayerStroke in
                    // A finished stroke's shading kept while the layer is drawn again over a fade (`KeptShadingNode`).
                    guard case .drawn(let node) = stroke else { return stroke }
                    let key = KeptShadingKey(owner: owner, index: entry.index, look: entry.look, size: size, placement: moved)
                    return .drawn(KeptShadingNode(node: node, key: key, reuse: reuse))
                }
            }
        }
    }
}
