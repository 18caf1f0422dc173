/// The start of a byte buffer handed to parallel workers that each touch
/// their own, disjoint bytes of it.
struct SendablePointer: @unchecked Sendable {
    let address: UnsafeMutablePointer<UInt8>

    subscript(offset: Int) -> UInt8 {
        get { address[offset] }
        nonmutating set { address[offset] = newValue }
    }
}
