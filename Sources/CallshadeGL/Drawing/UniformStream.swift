/// Where a pass's draws find their uniform blocks: a uniform buffer written
/// front to back, each block into a range of its own that nothing writes
/// again, so no write waits for a draw that reads an earlier one (nor
/// changes what it reads). When it is full, a new buffer takes its place;
/// GL keeps the old one for the draws that read it.
final class UniformStream {
    private let context: GLContext
    private let alignment: Int
    private let capacity: Int
    private var buffer: (object: GraphicsBuffer, size: Int)?
    /// Where the next block goes.
    private var cursor = 0

    init(context: GLContext, capacity: Int = 1 << 20) throws {
        try context.makeCurrent()
        self.context = context
        alignment = max(try GLCalls.uniformBufferOffsetAlignment(), 16)
        self.capacity = capacity
    }

    /// Writes `block` into the buffer and binds it to `binding` for the next draws.
    func bind(_ block: some UniformBlock, to binding: UniformBinding) throws {
        var writer = Std140Writer()
        block.write(to: &writer)
        let bytes = writer.byteCount
        let buffer = try room(for: bytes)
        try writer.words.withUnsafeBytes { words in
            try GLCalls.writeUniforms(words, byteCount: bytes, into: buffer.object.name, at: cursor, binding: binding.rawValue)
        }
        cursor = (cursor + bytes + alignment - 1) / alignment * alignment
    }

    /// The buffer, with `bytes` free at the cursor: a new one when this one is full.
    private func room(for bytes: Int) throws -> (object: GraphicsBuffer, size: Int) {
        if let buffer, cursor + bytes <= buffer.size { return buffer }
        let size = max(capacity, bytes)
        let made = (object: try GraphicsBuffer(context: context), size: size)
        try GLCalls.reserveUniformBuffer(made.object.name, bytes: size)
        buffer = made
        cursor = 0
        return made
    }
}
