/// One of n contiguous parts of a render: `--shard i/n` (i from 1 to n).
struct Shard: Equatable {
    let index: Int
    let count: Int

    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw Diagnostic.optionValue(option: "--shard", given: text, expected: "must be I/N, for example 2/8")
        }
        guard count >= 1, count <= 100_000 else {
            throw Diagnostic.optionValue(option: "--shard", given: text, expected: "must have N between 1 and 100000")
        }
        guard index >= 1, index <= count else {
            throw Diagnostic.optionValue(option: "--shard", given: text, expected: "must have I between 1 and \(count)")
        }
        self.index = index
        self.count = count
    }

    /// The frames of this shard out of `frames`: the i-th of n contiguous, nearly equal ranges.
    func frames(of frames: Int) -> Range<Int> {
        ((index - 1) * frames / count)..<(index * frames / count)
    }

    /// This shard's frames, refused when there are none (more shards than frames).
    func nonEmptyFrames(of frames: Int) throws -> Range<Int> {
        let range = self.frames(of: frames)
        guard !range.isEmpty else {
            throw Diagnostic.emptyShard(index: index, count: count, frames: frames)
        }
        return range
    }
}
