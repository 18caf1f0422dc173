import CEGL
import Foundation

/// One native display to try on one platform.
struct DisplayCandidate {
    let platform: HeadlessPlatform
    let platformCode: Int32
    let native: UnsafeMutableRawPointer?
    let description: String
    let gbm: GBMDevice?
}

extension GLContext {
    /// The displays to try for a platform; a platform that offers none adds
    /// the reason to `attempts`.
    static func candidates(for platform: HeadlessPlatform,
                           attempts: inout [NoHeadlessContext.Attempt]) -> [DisplayCandidate] {
        let client = EGLCalls.extensions(of: nil)
        func skip(_ reason: String) -> [DisplayCandidate] {
            attempts.append(.init(platform: platform.rawValue, reason: reason))
            return []
        }
        switch platform {
        case .device:
            guard client.contains("EGL_EXT_platform_device") else {
                return skip("EGL_EXT_platform_device is not offered by libEGL")
            }
            let devices: [EGLCalls.Device]
            do {
                devices = try EGLCalls.queryDevices()
            } catch {
                return skip("\(error)")
            }
            guard !devices.isEmpty else { return skip("eglQueryDevicesEXT found no devices") }
            // Real GPUs first, Mesa's software device last.
            let described = devices.map { device -> (DisplayCandidate, isSoftware: Bool) in
                let extensions = EGLCalls.deviceString(device, EGL_EXTENSIONS)
                let file = EGLCalls.deviceString(device, EGL_DRM_DEVICE_FILE_EXT)
                let software = extensions.contains("EGL_MESA_device_software")
                let name = software ? "software device" : (file.isEmpty ? "device" : file)
                return (DisplayCandidate(platform: .device, platformCode: EGL_PLATFORM_DEVICE_EXT,
                                         native: UnsafeMutableRawPointer(device), description: name, gbm: nil),
                        software)
            }
            return described.filter { !$0.isSoftware }.map(\.0) + described.filter(\.isSoftware).map(\.0)

        case .gbm:
            guard client.contains("EGL_KHR_platform_gbm") || client.contains("EGL_MESA_platform_gbm") else {
                return skip("EGL_KHR_platform_gbm is not offered by libEGL")
            }
            let folder = "/dev/dri"
            let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasPrefix("renderD") }.sorted()
            guard !nodes.isEmpty else { return skip("no DRM render node in \(folder)") }
            var found: [DisplayCandidate] = []
            for node in nodes {
                let path = folder + "/" + node
                do {
                    let device = try GBMDevice(path: path)
                    found.append(DisplayCandidate(platform: .gbm, platformCode: EGL_PLATFORM_GBM_KHR,
                                                  native: device.pointer, description: path, gbm: device))
                } catch {
                    attempts.append(.init(platform: "gbm (\(path))", reason: "\(error)"))
                }
            }
            return found

        case .surfaceless:
            guard client.contains("EGL_MESA_platform_surfaceless") else {
                return skip("EGL_MESA_platform_surfaceless is not offered by libEGL")
            }
            return [DisplayCandidate(platform: .surfaceless, platformCode: EGL_PLATFORM_SURFACELESS_MESA,
                                     native: nil, description: "Mesa surfaceless", gbm: nil)]
        }
    }
}
