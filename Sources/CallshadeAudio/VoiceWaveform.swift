/// A voice message's waveform (`chat-types.md` section 3, rule 1, as
/// Telegram's recorder makes it): each frame's channel mean as a magnitude
/// in 16-bit units, a = |x| 32768; 100 bins by frame index, frame i in bin
/// floor(100 i / n), each its largest a; P = max(2500, 1.8 x the bins'
/// mean); each bin's level floor(31 min(b, P) / P), 0 to 31. Drawn as n
/// bars (rule 2), bar j the largest level of the bins k with floor(k n / 100) = j.
public struct VoiceWaveform: Equatable, Sendable {
    public static let binCount = 100
    public static let topLevel = 31
    /// The least peak a level is measured against, 16-bit units.
    public static let quietestPeak = 2500.0

    /// The bins' levels, 0 to 31; all 0 for no frames.
    public let levels: [Int]

    /// From each frame's magnitude `amplitudes` (16-bit units), in order.
    public init(amplitudes: [Double]) {
        var bins = [Double](repeating: 0, count: Self.binCount)
        for (index, amplitude) in amplitudes.enumerated() {
            let bin = Self.binCount * index / amplitudes.count
            bins[bin] = max(bins[bin], amplitude)
        }
        self.init(bins: bins)
    }

    /// Bins a sound of a known number of frames as it is read (the second
    /// reading: the first counts them, as decoded, since a header's count may
    /// differ): frame i's channel mean, as a magnitude in 16-bit units, into
    /// bin floor(100 i / n); frames past the count are left out.
    public struct Binning: SoundMeter {
        /// The frames the sound holds (n); set before the first block.
        public var frameCount = 0
        let sampleRate: Int
        let channels: Int
        var index = 0
        var bins = [Double](repeating: 0, count: VoiceWaveform.binCount)

        public init(sampleRate: Int, channels: Int) {
            self.sampleRate = sampleRate
            self.channels = max(channels, 1)
        }

        public mutating func add(interleaved samples: UnsafeBufferPointer<Float>) {
            let frames = samples.count / channels
            for frame in 0..<frames where index < frameCount {
                var sum = 0.0
                for channel in 0..<channels { sum += Double(samples[frame * channels + channel]) }
                let bin = VoiceWaveform.binCount * index / frameCount
                bins[bin] = max(bins[bin], abs(sum / Double(channels)) * 32768)
                index += 1
            }
        }

        public var duration: Double { Double(index) / Double(sampleRate) }

        /// The waveform of the frames binned.
        public var waveform: VoiceWaveform { VoiceWaveform(bins: bins) }
    }

    /// Counts a sound's frames as it is read (the first reading).
    public struct FrameCount: SoundMeter {
        public private(set) var frames = 0
        public let sampleRate: Int
        let channels: Int

        public init(sampleRate: Int, channels: Int) {
            self.sampleRate = sampleRate
            self.channels = max(channels, 1)
        }

        public mutating func add(interleaved samples: UnsafeBufferPointer<Float>) {
            frames += samples.count / channels
        }

        public var duration: Double { Double(frames) / Double(sampleRate) }
    }

    /// From the 100 bins' peaks: P = max(2500, 1.8 x their mean); each level floor(31 min(b, P) / P).
    init(bins: [Double]) {
        let peak = max(Self.quietestPeak, 1.8 * bins.reduce(0, +) / Double(Self.binCount))
        levels = bins.map { Int((Double(Self.topLevel) * min($0, peak) / peak).rounded(.down)) }
    }

    /// The levels as `count` bars: bar j the largest level of the bins k with floor(k count / 100) = j (0 where none falls).
    public func bars(_ count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var bars = [Int](repeating: 0, count: count)
        for (bin, level) in levels.enumerated() {
            let bar = bin * count / Self.binCount
            bars[bar] = max(bars[bar], level)
        }
        return bars
    }

    /// Each bar's height, points: 12 v / max(1, the largest v).
    public func barHeights(_ count: Int) -> [Double] {
        let bars = self.bars(count), top = Double(max(1, bars.max() ?? 0))
        return bars.map { 12 * Double($0) / top }
    }
}
