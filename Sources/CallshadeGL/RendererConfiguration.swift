/// How a GPU renderer makes its frames, chosen once when it is made: the
/// route, who converts to I420, and the background's grid. `preferred(for:)`
/// is what suits a context; `info` and `bench` print it, `--route` and
/// `--gradient-factor` change it. Every choice gives the same pictures
/// within the parity rule (see the tests); they differ in speed.
public struct RendererConfiguration: Equatable, Sendable, CustomStringConvertible {
    public enum Route: String, CaseIterable, Sendable {
        /// The background interpolated on the CPU from the low-resolution
        /// gradient, the GPU's tiles pasted over it (several times cheaper on
        /// a software rasteriser). Frames whose grid does not apply (small
        /// frames, no background) take the GPU passes.
        case hostComposition = "host"
        /// Full-frame passes on the GPU, read back whole.
        case gpuPasses = "passes"

        public var title: String {
            switch self {
            case .hostComposition: return "host composition"
            case .gpuPasses: return "GPU passes"
            }
        }
    }

    /// Who turns GPU-pass frames into I420 (host composition makes its planes itself).
    public enum YUVConverter: String, CaseIterable, Sendable {
        /// `yuv.frag` on the GPU: 1.5 bytes a pixel read back instead of 4.
        case gpu
        /// The fixed-point converter on the CPU, cheaper where the GPU is a software rasteriser.
        case cpu
    }

    public var route: Route
    public var yuvConverter: YUVConverter
    /// The background is evaluated once for every `gradientFactor` x
    /// `gradientFactor` pixels and interpolated bilinearly in between; 1
    /// evaluates every pixel. It applies only where the context renders to
    /// floats and the grid has at least 120 texels a side.
    public var gradientFactor: Int
    /// The fewest texels a side the grid may have (a coarser one misses the
    /// field's curvature): frames whose grid would be smaller take the GPU
    /// passes. The tests lower it to hold the host route on small frames.
    public var minimumGridSide = LowResolutionGrid.minimumSide
    /// Whether the foreground's tiles get the cheapest program that draws
    /// them exactly (see `ForegroundTiles`); false draws the whole square with
    /// the whole composition, the slow reference the tests hold the tiles to.
    var classifiesTiles = true

    public static let defaultGradientFactor = 8
    public static let gradientFactors = 1...64

    public init(route: Route, yuvConverter: YUVConverter, gradientFactor: Int = Self.defaultGradientFactor) {
        self.route = route
        self.yuvConverter = yuvConverter
        self.gradientFactor = gradientFactor
    }

    /// What suits `context`: on a software rasteriser host composition and
    /// the CPU converter, elsewhere GPU passes and `yuv.frag`; the grid
    /// where the context renders to floats.
    public static func preferred(for context: GLContext) -> RendererConfiguration {
        let software = context.info.isSoftware
        return RendererConfiguration(route: software ? .hostComposition : .gpuPasses, yuvConverter: software ? .cpu : .gpu,
                                     gradientFactor: context.rendersToFloat ? defaultGradientFactor : 1)
    }

    public var description: String {
        "route \(route.title), I420 converter \(yuvConverter.rawValue), gradient factor \(gradientFactor)"
    }
}
