import CRlottie
import Foundation

/// The one calls layer for rlottie: an animation made from Lottie JSON
/// (never from a file, and with no cache key, so rlottie keeps no model of
/// its own between animations), its size, frame count and rate, and a frame
/// drawn into a buffer. rlottie draws one frame of one animation at a time,
/// so each animation's calls are taken one after another under its lock.
final class LottieCalls: @unchecked Sendable {
    private let animation: OpaquePointer
    private let lock = NSLock()
    let width: Int
    let height: Int
    /// op - ip, as rlottie counts them.
    let frames: Int
    let rate: Double

    /// Nil where rlottie refuses the JSON.
    init?(json: [UInt8]) {
        var text = json
        text.append(0)
        let made = text.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { lottie_animation_from_data($0, "", "") }
        }
        guard let made else { return nil }
        animation = made
        var width = 0, height = 0
        lottie_animation_get_size(made, &width, &height)
        self.width = width
        self.height = height
        frames = lottie_animation_get_totalframe(made)
        rate = lottie_animation_get_framerate(made)
    }

    deinit { lottie_animation_destroy(animation) }

    /// Frame `frame` drawn to fit `width` x `height` (rlottie keeps the
    /// aspect, centred): premultiplied red, green, blue, alpha, row by row.
    func draw(frame: Int, width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        var argb = [UInt32](repeating: 0, count: width * height)
        lock.lock()
        argb.withUnsafeMutableBufferPointer { buffer in
            lottie_animation_render(animation, frame, buffer.baseAddress, width, height, width * 4)
        }
        lock.unlock()
        // rlottie's pixels are premultiplied 0xAARRGGBB words.
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            for (index, word) in argb.enumerated() {
                out[index * 4] = UInt8(truncatingIfNeeded: word >> 16)
                out[index * 4 + 1] = UInt8(truncatingIfNeeded: word >> 8)
                out[index * 4 + 2] = UInt8(truncatingIfNeeded: word)
                out[index * 4 + 3] = UInt8(truncatingIfNeeded: word >> 24)
            }
        }
        return rgba
    }
}
