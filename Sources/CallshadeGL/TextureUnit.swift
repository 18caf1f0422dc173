/// Every texture unit a pass samples from, in one table: a program's
/// sampler uniform is set from the same case its texture is bound to.
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
}
