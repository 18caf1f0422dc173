/// The EGL platforms callshade can create a context on without a window system,
/// in the order they are tried.
public enum HeadlessPlatform: String, CaseIterable, Sendable {
    /// EGL_EXT_platform_device: a GPU (or Mesa's software device) by enumeration;
    /// what NVIDIA's driver offers on GPU servers.
    case device
    /// GBM on a DRM render node (`/dev/dri/renderD*`), Mesa's hardware drivers.
    case gbm
    /// Mesa's surfaceless platform: no device file needed; llvmpipe when there is no GPU.
    case surfaceless
}

/// What the context found out about itself, for `callshade info`.
public struct GLInfo: Equatable, Sendable {
    public let platform: HeadlessPlatform
    /// The device or node used, when the platform has one.
    public let deviceDescription: String
    public let eglVersion: String
    public let eglVendor: String
    public let vendor: String
    public let renderer: String
    public let version: String
    public let shadingLanguageVersion: String
    /// The largest width or height this context renders.
    public let maximumRenderSize: Int

    /// Whether the renderer is Mesa's software rasteriser (no GPU).
    public var isSoftware: Bool {
        ["llvmpipe", "softpipe", "swrast"].contains { renderer.lowercased().contains($0) }
    }
}
