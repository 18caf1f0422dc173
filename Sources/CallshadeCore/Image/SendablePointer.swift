/// The start of a buffer handed to parallel workers that each touch their
/// own, disjoint elements of it.
public struct SendablePointer<Pointee>: @unchecked Sendable {
    public let address: UnsafeMutablePointer<Pointee>

    public init(address: UnsafeMutablePointer<Pointee>) {
        self.address = address
    }

    public subscript(offset: Int) -> Pointee {
        get { address[offset] }
        nonmutating set { address[offset] = newValue }
    }
}
