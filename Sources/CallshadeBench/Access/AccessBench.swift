import CallshadeCore
import CallshadeKinds

/// The access screen's MP4: its sparkle looping, its title and label set once.
public final class AccessBench: KindBench {
    public init() {}

    public func measureRenders(size: FrameSize, context: BenchContext) throws {}

    public func measureEncodes(size: FrameSize, context: BenchContext, row: (String, Double, BenchTiming.CPUCost) throws -> Void) throws {
        let access = try AccessFrames(size: size, reuse: context.gpu.reuse)
        let (mp4, cpu) = try BenchTiming.usingCPU {
            try BenchTiming.encodeSeconds(renderer: context.gpu, size: size, frames: context.seconds * 60) { try access.scene(at: Double($0) / 60) }
        }
        try row("  the same, the access screen (its sparkle looping)", mp4, cpu)
    }

    public var renderReport: [String] { [] }
    public var encodeReport: [String] { [] }
}
