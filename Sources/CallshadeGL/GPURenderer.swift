import CallshadeCore

/// Renders frames with OpenGL ES 3 on a headless context and reads them back
/// as RGBA8, row 0 at the top. It keeps one render target and reuses it while
/// the frame size stays the same.
public final class GPURenderer: FrameRenderer {
    public let context: GLContext
    private let gradient: GradientPass
    private let foreground: ForegroundPass
    private var target: Framebuffer?

    public init(context: GLContext, shaders: ShaderLibrary = .embedded) throws {
        self.context = context
        self.gradient = try GradientPass(context: context, shaders: shaders)
        self.foreground = try ForegroundPass(context: context, shaders: shaders)
    }

    public func render(_ request: FrameRequest) throws -> RGBAImage {
        let size = request.size
        let target = try draw(request)
        let pixels = try target.readPixels()
        guard let image = RGBAImage(width: size.width, height: size.height, pixels: pixels) else {
            throw GraphicsCallError(call: "glReadPixels", code: "short read", detail: "\(size)",
                                    location: SourceLocation(file: #fileID, line: #line))
        }
        return image
    }

    /// Draws the frame and waits for the GPU to finish, without reading it
    /// back: what the benchmark calls "render only".
    public func drawAndWait(_ request: FrameRequest) throws {
        _ = try draw(request)
        try GLCalls.finish()
    }

    private func draw(_ request: FrameRequest) throws -> Framebuffer {
        try context.checkRenderable(width: request.size.width, height: request.size.height)
        let target = try self.target(for: request.size)
        if request.layers.contains(.background) {
            try gradient.draw(request.background, dither: request.dither, into: target)
        } else {
            try target.bind()
            try GLCalls.clear()
        }
        if request.drawsForeground, let layer = request.foreground {
            try foreground.draw(request, layer, into: target)
        }
        return target
    }

    private func target(for size: FrameSize) throws -> Framebuffer {
        if let target, target.width == size.width, target.height == size.height { return target }
        self.target = nil   // free the old one before allocating the new one
        let made = try Framebuffer(color: try Texture(context: context, width: size.width, height: size.height))
        self.target = made
        return made
    }
}
