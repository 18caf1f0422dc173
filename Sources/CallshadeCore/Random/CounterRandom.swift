/// A counter-based random generator: the bits for a tuple of counters are a
/// hash of the seed, a domain (which kind of thing draws them) and the
/// counters, so any item's value at any instant comes without drawing the
/// ones before it. No state: a frame is a pure function of its inputs.
public struct CounterRandom: Sendable {
    /// The seed and domain, mixed.
    private let key: UInt64

    /// `domain` keeps different users of one seed apart (the waves, the key, the particles).
    public init(seed: Int64, domain: UInt64) {
        key = Self.mix(UInt64(bitPattern: seed) ^ domain)
    }

    /// 64 bits for one counter.
    public func bits(_ first: UInt64) -> UInt64 {
        Self.mix(key ^ first)
    }

    /// 64 bits for two counters.
    public func bits(_ first: UInt64, _ second: UInt64) -> UInt64 {
        Self.mix(Self.mix(key ^ first) ^ second)
    }

    /// A number in [0, 1) for two counters (53 bits of them).
    public func unit(_ first: UInt64, _ second: UInt64) -> Double {
        Double(bits(first, second) >> 11) / Double(UInt64(1) << 53)
    }

    /// A 64-bit finaliser (the SplitMix64 output function).
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
