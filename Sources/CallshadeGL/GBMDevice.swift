import CallshadeCore
import CallshadeSystem

/// An open DRM render node and the GBM device on it.
final class GBMDevice {
    let pointer: UnsafeMutableRawPointer
    private let device: GBMCalls.Device
    private let descriptor: FileDescriptor

    init(path: String, file: String = #fileID, line: Int = #line) throws {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readWrite)
        } catch {
            throw GraphicsCallError(call: "open", code: error.systemText, detail: path,
                                    location: SourceLocation(file: file, line: line))
        }
        do {
            device = try GBMCalls.createDevice(on: descriptor, path: path, file: file, line: line)
        } catch {
            // GBM's refusal is the one to report; the node was only opened.
            try? descriptor.close()
            throw error
        }
        self.descriptor = descriptor
        pointer = UnsafeMutableRawPointer(device)
    }

    deinit {
        GBMCalls.destroyDevice(device)
        // A render node written nothing through: a failing close loses
        // nothing, and a deinit has no one to tell.
        try? descriptor.close()
    }
}
