/// Pixels by their centres (column c's centre is c + 1/2), as the host's
/// row shaders find the pixels a span of a row holds.
enum PixelCentres {
    /// The columns whose centres lie in `left...right`, within `range`
    /// (empty at `range`'s start for none, or where a bound is not finite).
    static func columns(_ left: Double, _ right: Double, within range: Range<Int>) -> Range<Int> {
        guard left.isFinite, right.isFinite, right >= left else { return range.lowerBound..<range.lowerBound }
        let first = max(Int(max(min((left - 0.5).rounded(.up), 1e9), -1e9)), range.lowerBound)
        let last = min(Int(max(min((right - 0.5).rounded(.down), 1e9), -1e9)) + 1, range.upperBound)
        return first < last ? first..<last : range.lowerBound..<range.lowerBound
    }
}
