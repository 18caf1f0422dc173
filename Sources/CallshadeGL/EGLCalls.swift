import CEGL

/// The thin layer between Swift and libEGL: the only place that calls EGL
/// functions. Each wrapper checks the result and throws a `GraphicsCallError`
/// that names the call, the EGL error and the Swift file and line.
enum EGLCalls {
    typealias Display = EGLDisplay
    typealias Device = EGLDeviceEXT

    static func error(_ call: String, detail: String = "", file: String, line: Int) -> GraphicsCallError {
        GraphicsCallError(call: call, code: errorName(eglGetError()), detail: detail,
                          location: SourceLocation(file: file, line: line))
    }

    static func errorName(_ code: EGLint) -> String {
        let names: [EGLint: String] = [
            EGL_SUCCESS: "EGL_SUCCESS", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED",
            EGL_BAD_ACCESS: "EGL_BAD_ACCESS", EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
            EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
            EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE",
            EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
            EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP", EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW",
            EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER", EGL_BAD_SURFACE: "EGL_BAD_SURFACE",
            EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST",
        ]
        return names[code] ?? "EGL error 0x" + String(code, radix: 16)
    }

    /// Extensions of the client (no display) or of a display, as a set.
    static func extensions(of display: Display?) -> Set<String> {
        guard let text = eglQueryString(display, EGLint(EGL_EXTENSIONS)) else { return [] }
        return Set(String(cString: text).split(separator: " ").map(String.init))
    }

    static func queryString(_ display: Display, _ name: Int32) -> String {
        eglQueryString(display, EGLint(name)).map { String(cString: $0) } ?? ""
    }

    static func platformDisplay(_ platform: Int32, native: UnsafeMutableRawPointer?, attributes: [EGLAttrib],
                                file: String = #fileID, line: Int = #line) throws -> Display {
        let list = attributes + [EGLAttrib(EGL_NONE)]
        guard let display = eglGetPlatformDisplay(EGLenum(platform), native, list) else {
            throw error("eglGetPlatformDisplay", file: file, line: line)
        }
        return display
    }

    static func initialize(_ display: Display, file: String = #fileID, line: Int = #line) throws -> (Int, Int) {
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw error("eglInitialize", file: file, line: line)
        }
        return (Int(major), Int(minor))
    }

    /// Teardown (this, `destroyContext`, `destroySurface`, `releaseCurrent`)
    /// runs in a deinit or after an earlier error, where a failure has no one
    /// to go to: their results are dropped on purpose.
    static func terminate(_ display: Display) {
        _ = eglTerminate(display)
    }

    static func bindGLES(file: String = #fileID, line: Int = #line) throws {
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw error("eglBindAPI", detail: "OpenGL ES", file: file, line: line)
        }
    }

    static func chooseConfig(_ display: Display, attributes: [Int32],
                             file: String = #fileID, line: Int = #line) throws -> EGLConfig {
        let list = attributes.map { EGLint($0) } + [EGLint(EGL_NONE)]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, list, &config, 1, &count) == EGLBoolean(EGL_TRUE) else {
            throw error("eglChooseConfig", file: file, line: line)
        }
        guard count > 0, let found = config else {
            throw GraphicsCallError(call: "eglChooseConfig", code: "no matching config",
                                    detail: "no config renders OpenGL ES 3",
                                    location: SourceLocation(file: file, line: line))
        }
        return found
    }

    static func createContext(_ display: Display, config: EGLConfig, attributes: [Int32],
                              file: String = #fileID, line: Int = #line) throws -> EGLContext {
        let list = attributes.map { EGLint($0) } + [EGLint(EGL_NONE)]
        guard let context = eglCreateContext(display, config, nil, list) else {
            throw error("eglCreateContext", detail: "OpenGL ES 3", file: file, line: line)
        }
        return context
    }

    static func destroyContext(_ display: Display, _ context: EGLContext) {
        _ = eglDestroyContext(display, context)
    }

    static func createPbuffer(_ display: Display, config: EGLConfig,
                              file: String = #fileID, line: Int = #line) throws -> EGLSurface {
        let list: [EGLint] = [EGLint(EGL_WIDTH), 1, EGLint(EGL_HEIGHT), 1, EGLint(EGL_NONE)]
        guard let surface = eglCreatePbufferSurface(display, config, list) else {
            throw error("eglCreatePbufferSurface", file: file, line: line)
        }
        return surface
    }

    static func destroySurface(_ display: Display, _ surface: EGLSurface) {
        _ = eglDestroySurface(display, surface)
    }

    static func makeCurrent(_ display: Display, surface: EGLSurface?, context: EGLContext?,
                            file: String = #fileID, line: Int = #line) throws {
        guard eglMakeCurrent(display, surface, surface, context) == EGLBoolean(EGL_TRUE) else {
            throw error("eglMakeCurrent", file: file, line: line)
        }
    }

    static func isCurrent(_ context: EGLContext) -> Bool {
        eglGetCurrentContext() == context
    }

    static func releaseCurrent(_ display: Display) {
        _ = eglMakeCurrent(display, nil, nil, nil)
    }

    // MARK: EGL_EXT_device_enumeration / EGL_EXT_device_query

    static func queryDevices(file: String = #fileID, line: Int = #line) throws -> [Device] {
        guard let address = eglGetProcAddress("eglQueryDevicesEXT") else {
            throw GraphicsCallError(call: "eglGetProcAddress", code: "not found", detail: "eglQueryDevicesEXT",
                                    location: SourceLocation(file: file, line: line))
        }
        let query = unsafeBitCast(address, to: PFNEGLQUERYDEVICESEXTPROC.self)
        var count: EGLint = 0
        guard query(0, nil, &count) == EGLBoolean(EGL_TRUE) else {
            throw error("eglQueryDevicesEXT", file: file, line: line)
        }
        guard count > 0 else { return [] }
        var devices = [Device?](repeating: nil, count: Int(count))
        guard query(count, &devices, &count) == EGLBoolean(EGL_TRUE) else {
            throw error("eglQueryDevicesEXT", file: file, line: line)
        }
        return devices.prefix(Int(count)).compactMap { $0 }
    }

    /// A device's extension list or DRM file name; empty when it has none.
    static func deviceString(_ device: Device, _ name: Int32) -> String {
        guard let address = eglGetProcAddress("eglQueryDeviceStringEXT") else { return "" }
        let query = unsafeBitCast(address, to: PFNEGLQUERYDEVICESTRINGEXTPROC.self)
        guard let text = query(device, EGLint(name)) else { return "" }
        return String(cString: text)
    }
}
