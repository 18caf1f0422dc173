/// Bounds a JSON reader enforces while it reads, so that what it builds stays
/// in proportion to them whatever the text: it stops at the first value past one.
public struct JSONLimits: Equatable, Sendable {
    /// Containers (objects, arrays) open at once; the document's own is level 1.
    public var depth: Int
    /// Bytes of one string or key once unescaped (UTF-8), or characters of one number.
    public var textBytes: Int
    /// Items of one array.
    public var arrayItems: Int
    /// Values in the whole document (containers included, keys not).
    public var values: Int

    public init(depth: Int, textBytes: Int, arrayItems: Int, values: Int) {
        self.depth = depth
        self.textBytes = textBytes
        self.arrayItems = arrayItems
        self.values = values
    }
}
