/// Where a pass's draws find their uniform blocks: one uniform buffer
/// written front to back, each block into a range of its own that nothing
/// writes again, so no write waits for a draw that reads an earlier one;
/// when it is full, it takes fresh storage (the draws before keep the old)
/// and starts at the front again.
final class UniformStream {
    private let buffer: GraphicsBuffer
    private let alignment: Int
    private var capacity: Int
    /// Where the next block goes; `capacity` until storage is taken.
    private var cursor: Int

    init(context: GLContext, capacity: Int = 1 << 20) throws {
        try context.makeCurrent()
        buffer = try GraphicsBuffer(context: context)
        alignment = max(try GLCalls.uniformBufferOffsetAlignment(), 16)
        self.capacity = capacity
        cursor = capacity
    }

    /// Writes `block` into the buffer and binds it to `binding` for the next draws.
    func bind(_ block: some UniformBlock, to binding: UniformBinding) throws {
        var writer = Std140Writer()
        block.write(to: &writer)
        let bytes = writer.byteCount
        if cursor + bytes > capacity {
            capacity = max(capacity, bytes)
            try GLCalls.reserveUniformBuffer(buffer.name, bytes: capacity)
            cursor = 0
        }
        try writer.words.withUnsafeBytes { words in
            try GLCalls.writeUniforms(words, byteCount: bytes, into: buffer.name, at: cursor, binding: binding.rawValue)
        }
        cursor = (cursor + bytes + alignment - 1) / alignment * alignment
    }
}
