import CallshadeCore
import Dispatch
import Foundation

/// Draws glass nodes: `tiles.vert` + `glass.frag` over the tiles the
/// compositor gives it, reading the blurred toned background from a
/// `BackdropLattice` (made once a frame for each background, tone and blur).
/// Over a video the lattice is made on the host on either route, from the
/// video's blurred copy (`VideoBlurredCopy`, the reference's own values,
/// kept while the picture stays) and the gradient.
final class GlassRenderer: NodeRenderer {
    private let context: GLContext
    private let gradient: GradientPass
    private let blur: BackdropBlurPass
    private let variants: ProgramVariants<ProgramOptions, Pipeline<GlassBlock>>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    /// The lattices of the frame drawn last (their textures are this
    /// context's), to reuse while they still apply; with reuse off, only the frame's own.
    private var lattices: [(lattice: BackdropLattice, source: LatticeSource)] = []
    /// The lattices of the frame at hand's glass, by key (set by `prepare`): what it draws from.
    private var frameLattices: [(key: BackdropLattice.Key, lattice: BackdropLattice)] = []
    /// Keeps the lattices' host values (`HostLatticeKey`) and the blurred copies of the pictures glass showed (`GlassCopyKey`).
    private let reuse: ReuseStore
    /// How many are kept: at least every glass of the frame at hand (each is
    /// made once in `prepare` and read again when drawn), and never fewer than 4.
    private var kept = 4
    /// The keys of the frame at hand's glass (set by `prepare`): their
    /// lattices are never the ones pushed out to make room, or a glass
    /// prepared for the frame would find none when drawn.
    private var frameKeys: [BackdropLattice.Key] = []
    /// The cores a large lattice's blur is split over, asked of the system once (it reads the cgroup's quota).
    private let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    init(context: GLContext, shaders: ShaderLibrary, gradient: GradientPass, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        self.gradient = gradient
        blur = try BackdropBlurPass(context: context, shaders: shaders)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
        // Over the background it writes the mix; elsewhere it blends over what is there.
        variants = try ProgramVariants(eager: [ProgramOptions(lookup: false, dither: false)]) {
            try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "glass.frag", defines: $0.defines,
                         blend: $0.overBackground ? .replaces : .premultiplied)
        }
    }

    /// Every build of `glass.frag` a frame can ask for, compiled now (`blur.frag` is compiled already).
    func compileEveryVariant() throws {
        // The lookup only over the background; blending builds evaluate nothing.
        let builds = [(false, false), (true, true), (false, true)]
        for dither in [false, true] {
            for (lookup, over) in builds {
                var options = ProgramOptions(lookup: lookup, dither: dither)
                options.overBackground = over
                _ = try variants.variant(options)
            }
        }
    }

    var backdrop: NodeBackdrop { .composesOrBlends }

    var hostRole: HostRole { .drawsOver }

    /// Glass over the chat's wallpaper: its lattice comes from the wallpaper itself, not from the grid.
    func drawsOnHostWithoutGrid(_ glass: GlassNode) -> Bool { glass.wallpaper != nil }

    /// Glass on the host (`HostGlass`), with the lattice prepared for the frame.
    func hostDrawing(_ glass: GlassNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        // The lattice `prepare` made from the host's background (one the passes made has no values here).
        guard let samples = frameLattice(for: glass, size: scene.size)?.samples else {
            throw SceneRenderError.unsupportedNode("glass on the host with a backdrop made on the GPU (prepare the frame with the host's background)")
        }
        return HostGlass(glass, lattice: samples, rects: rects, size: scene.size, dither: scene.dither)
    }

    /// The lattice `prepare` made for `glass` in the frame at hand.
    private func frameLattice(for glass: GlassNode, size: FrameSize) -> BackdropLattice? {
        let key = BackdropLattice.Key(glass, size: size)
        return frameLattices.first { $0.key == key }?.lattice
    }

    /// Who made a lattice: the GPU's passes, or the host from a background
    /// (a grid of a shape, or the gradient evaluated): a lattice is reused
    /// only by a frame that would make it the same way.
    private enum LatticeSource: Equatable {
        case gpu
        case host(HostBackground.Grid?)
    }

    /// The lattice for `glass` in a frame of `size`: the one of an earlier
    /// frame made the same way if there is one, else made from `background`
    /// (the host's grid) when given, by the gradient and blur passes when not.
    private func lattice(for glass: GlassNode, size: FrameSize, background: HostBackground?) throws -> BackdropLattice {
        let key = BackdropLattice.Key(glass, size: size)
        // Over a video or the chat's wallpaper, on the GPU passes too, from the gradient (or the
        // wallpaper) evaluated at the lattice's points.
        let evaluated = background ?? (glass.video != nil || glass.wallpaper != nil ? Self.gradient(glass.backdrop, size: size) : nil)
        let source = evaluated.map { LatticeSource.host($0.grid) } ?? .gpu
        if let made = lattices.first(where: { $0.lattice.key == key && $0.source == source }) { return made.lattice }
        let made: BackdropLattice
        let spare = makeRoom()
        if let evaluated {
            made = try BackdropLattice(hostValues(key, background: evaluated), context: context, reusing: spare)
        } else {
            made = try BackdropLattice(key, context: context, gradient: gradient, blur: blur)
        }
        lattices.append((made, source))
        return made
    }

    /// When `kept` lattices are held: the oldest that no glass of the frame
    /// at hand uses taken out, and its texture, to reuse when it has the
    /// size (a glass that stays put); nil when none is held that many or
    /// every one is in use (then the frame holds one more for a while).
    private func makeRoom() -> Texture? {
        guard lattices.count >= kept, let oldest = lattices.firstIndex(where: { !frameKeys.contains($0.lattice.key) }) else { return nil }
        return lattices.remove(at: oldest).lattice.uploaded
    }

    /// The gradient `parameters` at a frame point of a frame of `size` (pixels, y down), evaluated.
    private static func gradient(_ parameters: GradientParameters, size: FrameSize) -> HostBackground {
        let gradient = ReferenceGradient(parameters), width = Double(size.width), height = Double(size.height)
        return HostBackground(evaluate: { point in gradient.color(atScreen: Vec2(point.x / width, 1 - point.y / height)) }, grid: nil)
    }

    /// The blurred copy of `video`'s picture: kept while the picture stays.
    private func copy(of video: GlassVideo) -> VideoBlurredCopy {
        let cores = cores
        return reuse.value(GlassCopyKey(picture: video.picture)) {
            let made = VideoBlurredCopy(video.picture, cores: cores)
            return (made, made.colors.count * MemoryLayout<RGB>.stride + made.alphas.count * MemoryLayout<Double>.stride)
        }
    }

    /// The host's values of the lattice of `key` over `background`: kept while the key stays.
    private func hostValues(_ key: BackdropLattice.Key, background: HostBackground) -> BackdropLattice.Values {
        let copy = key.video.map(copy(of:)), cores = cores
        return reuse.value(HostLatticeKey(key: key, grid: background.grid)) {
            let made = BackdropLattice.values(key, background: background.evaluate, copy: copy, cores: cores)
            return (made, made.values.count * MemoryLayout<Float>.stride)
        }
    }

    /// Prepares the lattices of a frame's glass before anything is drawn (they use render targets of their own).
    /// From the host's background, the new ones are made side by side on the cores.
    /// A glass wholly outside the frame (the video call's buttons while the controls hide) has no tiles and needs none.
    func prepare(_ scene: Scene, background: HostBackground?) throws {
        let glasses = scene.nodes.compactMap { $0 as? GlassNode }.filter { !$0.bounds(in: scene.size).isEmpty }
        // From nothing: no lattice of an earlier frame (the host's values come from the store, which keeps none then).
        if !reuse.isOn { lattices.removeAll() }
        frameKeys = glasses.reduce(into: []) { keys, glass in
            let key = BackdropLattice.Key(glass, size: scene.size)
            if !keys.contains(key) { keys.append(key) }
        }
        kept = max(4, glasses.count)
        // The older lattices go first; those of this frame's glass stay.
        while lattices.count > kept, makeRoom() != nil {}
        if let background {
            let source = LatticeSource.host(background.grid)
            let wanted = frameKeys.filter { key in
                !lattices.contains { $0.lattice.key == key && $0.source == source } && !reuse.holds(HostLatticeKey(key: key, grid: background.grid))
            }
            let wantedCopies = wanted.map { $0.video.map(copy(of:)) }
            let cores = cores
            if wanted.count > 1 {
                let made = UnsafeMutableBufferPointer<BackdropLattice.Values?>.allocate(capacity: wanted.count)
                made.initialize(repeating: nil)
                defer { made.deallocate() }
                guard let base = made.baseAddress else { throw SceneRenderError.noMemory("the glass's lattices") }
                let slots = SendablePointer(address: base)
                DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
                    slots[index] = BackdropLattice.values(wanted[index], background: background.evaluate, copy: wantedCopies[index], cores: cores)
                }
                for case let values? in made {
                    reuse.keep(HostLatticeKey(key: values.key, grid: background.grid), values, bytes: values.values.count * MemoryLayout<Float>.stride)
                    let spare = makeRoom()
                    lattices.append((BackdropLattice(values, context: context, reusing: spare), source))
                }
            }
        }
        frameLattices = try glasses.map { glass in
            (BackdropLattice.Key(glass, size: scene.size), try lattice(for: glass, size: scene.size, background: background))
        }
    }

    /// Draws `glass` over `tiles` (frame pixels, inside `region`) of `target`,
    /// which stands for `region` of the frame (row 0 at its top). Over the
    /// background (`overBackground`, which `lookup` reads when given) it
    /// writes the mix; otherwise it blends over what the target holds.
    func draw(_ glass: GlassNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, let background = overBackground ? scene.background : glass.backdrop else { return }
        let lattice = try frameLattice(for: glass, size: scene.size) ?? lattice(for: glass, size: scene.size, background: nil)
        var options = ProgramOptions(lookup: overBackground && lookup != nil, dither: scene.dither)
        options.overBackground = overBackground
        let width = Double(scene.size.width), height = Double(scene.size.height)
        let mapping = ScreenMapping(x: 1 / width, xOffset: Double(region.x) / width, y: -1 / height, yOffset: 1 - Double(region.y) / height)
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var draw = DrawCall(try variants.variant(options), into: target, showing: region,
                            block: GlassBlock(glass, gradient: GradientUniforms(background, mapping: mapping, lookup: options.lookup ? lookup?.grid : nil),
                                              lattice: lattice),
                            geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        draw.textures = [(.backdrop, try lattice.texture())]
        if let lookup, options.lookup { draw.textures.append((.gradientGrid, lookup.texture)) }
        try draw.perform(streaming: uniforms)
    }
}

/// `glass.frag`'s block: the background (read only over it), the glass's
/// shape and where its backdrop's lattice lies.
struct GlassBlock: UniformBlock {
    static let name = "Glass"

    var gradient = GradientUniforms.unread
    /// x, y, width, height of the glass's rectangle in frame pixels (y down).
    var rect: (Float, Float, Float, Float) = (0, 0, 0, 0)
    /// (corner radius in pixels, opacity, the arrow's tip radius, 1 with an arrow or 0).
    var shape: (Float, Float, Float, Float) = (0, 0, 0, 0)
    /// The arrow's core triangle (`GlassNode.Arrow.core`): apex x, apex y, half-width, depth in frame pixels.
    var arrow: (Float, Float, Float, Float) = (0, 0, 0, 0)
    /// (first point x, first point y, spacing x, spacing y) of the backdrop's lattice, in frame pixels.
    var lattice: (Float, Float, Float, Float) = (0, 0, 0, 0)

    init() {}

    init(_ glass: GlassNode, gradient: GradientUniforms, lattice: BackdropLattice) {
        self.gradient = gradient
        rect = (Float(glass.x), Float(glass.y), Float(glass.width), Float(glass.height))
        let core = glass.arrow?.core(depth: glass.arrowDepth)
        shape = (Float(glass.cornerRadius), Float(min(max(glass.opacity, 0), 1)),
                 Float(glass.arrow.map { min(max($0.tipRadius, 0), $0.height / 2) } ?? 0), core.map { $0.depth > 0 ? 1 : 0 } ?? 0)
        arrow = (Float(core?.apexX ?? 0), Float(core?.apexY ?? 0), Float(core?.halfWidth ?? 0), Float(core?.depth ?? 0))
        self.lattice = (Float(lattice.first.x), Float(lattice.first.y), Float(lattice.spacing.x), Float(lattice.spacing.y))
    }

    func write(to writer: inout Std140Writer) {
        writer.structure("u_gradient", gradient)
        writer.vec4("u_glassRect", rect.0, rect.1, rect.2, rect.3)
        writer.vec4("u_glassShape", shape.0, shape.1, shape.2, shape.3)
        writer.vec4("u_glassArrow", arrow.0, arrow.1, arrow.2, arrow.3)
        writer.vec4("u_backdropLattice", lattice.0, lattice.1, lattice.2, lattice.3)
    }
}


/// A lattice's values made on the host (from its grid or the gradient evaluated at its points), by the lattice's key.
struct HostLatticeKey: ReuseKey {
    typealias Value = BackdropLattice.Values
    static let shelf = "glass lattices"
    let key: BackdropLattice.Key
    /// The host grid the background was read from (its shape: the renderer's gradient factor); nil: the gradient evaluated.
    let grid: HostBackground.Grid?

    static func == (left: Self, right: Self) -> Bool { left.grid == right.grid && left.key == right.key }

    func hash(into hasher: inout Hasher) {
        hasher.combine(key.size)
        hasher.combine(key.blur)
    }
}

/// The blurred copy of a picture glass shows (`VideoBlurredCopy`), by the picture.
struct GlassCopyKey: ReuseKey {
    typealias Value = VideoBlurredCopy
    static let shelf = "glass video copies"
    let picture: SourcePicture

    static func == (left: Self, right: Self) -> Bool { left.picture == right.picture }

    func hash(into hasher: inout Hasher) {}
}
