import CallshadeCore
import Foundation

/// Turns a recording into the voice level the waves follow, one value per
/// 60 Hz tick (the same tick the level smoothing runs on). This is the one
/// place the mapping lives.
///
/// For tick n (at n / 60 s) the meter takes the RMS of all channels over the
/// 1/30 s before it (two ticks), in dBFS (a full-scale square wave is 0 dBFS;
/// a full-scale sine is -3.01 dBFS). Below the noise gate of -50 dBFS the
/// level is 0; above it the level is the RMS relative to -20 dBFS, as an
/// amplitude ratio: level = 10^((dBFS + 20) / 20). So speech around -20 dBFS
/// reads about 1, -6 dBFS (shouting) reads 5, and a 1 kHz sine peaking at
/// -6 dBFS (RMS -9.03 dBFS) reads 3.54.
public struct VoiceLevelMeter: Sendable {
    public static let gateDBFS = -50.0
    public static let referenceDBFS = -20.0
    public static let ticksPerSecond = 60
    public static let windowTicks = 2

    public let sampleRate: Int
    public let channels: Int
    /// Sum of squares and sample count per tick bucket (bucket k: samples in [k/60, (k+1)/60) s).
    private var power: [Double] = []
    private var counts: [Int] = []
    private var framesSeen = 0

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = max(sampleRate, 1)
        self.channels = max(channels, 1)
    }

    /// Adds interleaved samples (continuing where the last call stopped).
    public mutating func add(interleaved samples: UnsafeBufferPointer<Float>) {
        let frameCount = samples.count / channels
        for frame in 0..<frameCount {
            let bucket = (framesSeen + frame) * Self.ticksPerSecond / sampleRate
            while power.count <= bucket {
                power.append(0)
                counts.append(0)
            }
            var sum = 0.0
            for channel in 0..<channels {
                let value = Double(samples[frame * channels + channel])
                sum += value * value
            }
            power[bucket] += sum
            counts[bucket] += channels
        }
        framesSeen += frameCount
    }

    /// The recording's length in seconds.
    public var duration: Double { Double(framesSeen) / Double(sampleRate) }

    /// dBFS of the window before tick n; -infinity where there is no sound (or no recording).
    public func dbfs(atTick tick: Int) -> Double {
        var sum = 0.0
        var count = 0
        for bucket in max(0, tick - Self.windowTicks)..<max(0, tick) where bucket < power.count {
            sum += power[bucket]
            count += counts[bucket]
        }
        guard count > 0, sum > 0 else { return -.infinity }
        return 10 * log10(sum / Double(count))
    }

    /// The level for a dBFS value.
    public static func level(dbfs: Double) -> Double {
        guard dbfs.isFinite, dbfs >= gateDBFS else { return 0 }
        return pow(10, (dbfs - referenceDBFS) / 20)
    }

    /// The level at each tick 0 ..< count; 0 past the end of the recording.
    public func levels(tickCount: Int) -> [Double] {
        (0..<max(tickCount, 0)).map { Self.level(dbfs: dbfs(atTick: $0)) }
    }
}
