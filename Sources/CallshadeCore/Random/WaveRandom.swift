/// The waves' random numbers (call-visuals, section 2): the value for (seed,
/// shape, ball, step) from the counter-based generator, so that any
/// instant's shapes can be computed without simulating the ones before it.
public enum WaveRandom {
    /// The waves' domain of the generator.
    static let domain: UInt64 = 0x5CA1_AB1E_0DDB_A11

    /// A number in [0, 1) for the given counters.
    public static func unit(seed: Int64, shape: Int, ball: Int, step: Int64) -> Double {
        CounterRandom(seed: seed, domain: domain).unit(UInt64(shape &* 64 &+ ball), UInt64(bitPattern: step))
    }
}
