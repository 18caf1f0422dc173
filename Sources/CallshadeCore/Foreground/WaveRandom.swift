/// A counter-based random generator: the value for (seed, shape, ball, step)
/// is a hash of those numbers, so any instant's shapes can be computed without
/// simulating the ones before it.
public enum WaveRandom {
    /// A number in [0, 1) for the given counters.
    public static func unit(seed: Int64, shape: Int, ball: Int, step: Int64) -> Double {
        var key = mix(UInt64(bitPattern: seed) ^ 0x5CA1_AB1E_0DDB_A11)
        key = mix(key ^ UInt64(shape &* 64 &+ ball))
        key = mix(key ^ UInt64(bitPattern: step))
        return Double(key >> 11) / Double(UInt64(1) << 53)
    }

    /// A 64-bit finaliser (the SplitMix64 output function).
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
