import CEGL
import CallshadeCore
import CallshadeSystem

/// The thin layer between Swift and libgbm, beside `EGLCalls`: the only
/// caller of GBM. Each wrapper checks the result and throws a
/// `GraphicsCallError` naming the call and the Swift file and line.
enum GBMCalls {
    typealias Device = OpaquePointer

    /// A GBM device on an open DRM node, which stays the caller's to close
    /// (after `destroyDevice`).
    static func createDevice(on descriptor: FileDescriptor, path: String,
                             file: String = #fileID, line: Int = #line) throws -> Device {
        guard let device = gbm_create_device(descriptor.rawValue) else {
            throw GraphicsCallError(call: "gbm_create_device", code: "returned NULL", detail: path,
                                    location: SourceLocation(file: file, line: line))
        }
        return device
    }

    /// Destroys a device (gbm_device_destroy returns nothing to check).
    static func destroyDevice(_ device: Device) {
        gbm_device_destroy(device)
    }
}
