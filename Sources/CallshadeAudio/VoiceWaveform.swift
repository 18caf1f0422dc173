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

    /// The waveform of the sound file at `path`, read twice: its frames
    /// counted as decoded (a header's count may differ), then each frame's
    /// channel mean binned; nothing but the 100 bins is kept.
    public init(path: String) throws {
        var buffer: [Float] = []
        let counting = try SoundFile(path: path)
        var count = 0
        while true {
            let read = try counting.read(into: &buffer, frameCount: 8192)
            if read == 0 { break }
            count += read
        }
        var bins = [Double](repeating: 0, count: Self.binCount)
        if count > 0 {
            let sound = try SoundFile(path: path)
            var index = 0
            while index < count {
                let read = try sound.read(into: &buffer, frameCount: 8192)
                if read == 0 { break }
                for frame in 0..<min(read, count - index) {
                    var sum = 0.0
                    for channel in 0..<sound.channels { sum += Double(buffer[frame * sound.channels + channel]) }
                    let bin = Self.binCount * index / count
                    bins[bin] = max(bins[bin], abs(sum / Double(sound.channels)) * 32768)
                    index += 1
                }
            }
        }
        self.init(bins: bins)
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
