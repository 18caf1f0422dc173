/// Every texture unit a pass samples from, in one table: each program's
/// sampler of that name (`sampler`) reads the unit, set once when it is
/// linked; a draw binds its texture to the same case.
enum TextureUnit: Int32, CaseIterable {
    /// The avatar picture (`avatar.glsl`).
    case avatar = 0
    /// The low-resolution gradient (`gradient.glsl`, GRADIENT_LOOKUP).
    case gradientGrid = 1
    /// The blurred toned background glass shows (`glass.frag`).
    case backdrop = 2
    /// The RGBA frame `yuv.frag` converts.
    case frame = 3
    /// The glyph atlas `marks.frag` samples.
    case glyphs = 4
    /// The glyph atlas's colour page (colour emoji), premultiplied RGBA.
    case colourGlyphs = 5
    /// The lattice `blur.frag` blurs along one axis.
    case blurSource = 6
    /// The kernel `blur.frag` blurs with.
    case blurKernel = 8
    /// Where textures are bound to be created or uploaded, never sampled.
    case scratch = 7
    /// A video picture's planes (`video.frag`): luma, blue and red chroma, each R8.
    case videoLuma = 9
    case videoCb = 10
    case videoCr = 11
    /// A still's RGBA8 picture (`video.frag`, STILL_PICTURE).
    case videoStill = 12
    /// The chat wallpaper's raster and the raster dissolved in over it (`wallpaper.frag`), RGBA8.
    case wallpaperRaster = 13
    case wallpaperNext = 14
    /// The chat wallpaper's pattern mask at the frame's size (`wallpaper.frag`), R8.
    case wallpaperPattern = 15
    /// A stroke's coverage target (`stroke.frag`), R8.
    case strokeCoverage = 16
    /// A stamp brush's layer (`stamps.frag`), half floats.
    case stampLayer = 17
    /// A pencil's stamps' lattice values (`pencil-layer.frag`), R32F.
    case pencilValues = 18
    /// A picture node's picture (`picture.frag`), half floats.
    case picture = 19
    /// A text entity's picture (`text-entity.frag`), RGBA8.
    case textEntity = 20
    /// A mapped picture (`mapped-picture.frag`), RGBA8, premultiplied.
    case mappedPicture = 21
    /// A mipmapped picture's two levels (`mipmapped-picture.frag`), RGBA8, premultiplied.
    case mipFiner = 22
    case mipCoarser = 23
    /// A frosted glass's blurred lattice (`shapes-entities.frag`, FROSTED), half floats.
    case frostLattice = 24

    /// The sampler that reads it, in every shader that does.
    var sampler: String? {
        switch self {
        case .avatar: return "u_avatarPicture"
        case .gradientGrid: return "u_gradientTexture"
        case .backdrop: return "u_backdrop"
        case .frame: return "u_frame"
        case .glyphs: return "u_atlas"
        case .colourGlyphs: return "u_colourAtlas"
        case .blurSource: return "u_source"
        case .blurKernel: return "u_kernel"
        case .videoLuma: return "u_videoLuma"
        case .videoCb: return "u_videoCb"
        case .videoCr: return "u_videoCr"
        case .videoStill: return "u_videoStill"
        case .wallpaperRaster: return "u_wallpaperRaster"
        case .wallpaperNext: return "u_wallpaperNext"
        case .wallpaperPattern: return "u_wallpaperPattern"
        case .strokeCoverage: return "u_strokeCoverage"
        case .stampLayer: return "u_stampLayer"
        case .pencilValues: return "u_pencilValues"
        case .picture: return "u_picture"
        case .textEntity: return "u_textEntity"
        case .mappedPicture: return "u_mappedPicture"
        case .mipFiner: return "u_mipFiner"
        case .mipCoarser: return "u_mipCoarser"
        case .frostLattice: return "u_frostLattice"
        case .scratch: return nil
        }
    }
}
