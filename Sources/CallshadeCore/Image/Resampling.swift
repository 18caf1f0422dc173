/// One-dimensional resampling filters.
enum Resampling {
    /// For each output sample, the input samples and weights (summing to 1):
    /// an area (box) filter when shrinking, a tent (linear) filter when enlarging.
    /// Each output's taps come in increasing input order, and the first and
    /// last taps never move back from one output to the next.
    static func weights(from inputCount: Int, to outputCount: Int) -> [[(Int, Double)]] {
        let ratio = Double(inputCount) / Double(outputCount)
        return (0..<outputCount).map { output in
            let centre = (Double(output) + 0.5) * ratio   // in input coordinates
            var taps: [(Int, Double)] = []
            if ratio > 1 {
                // Area: the share of each input pixel inside [centre - ratio/2, centre + ratio/2].
                let low = centre - ratio / 2
                let high = centre + ratio / 2
                for input in max(0, Int(low.rounded(.down)))..<min(inputCount, Int(high.rounded(.up))) {
                    let overlap = min(high, Double(input + 1)) - max(low, Double(input))
                    if overlap > 0 { taps.append((input, overlap)) }
                }
            } else {
                let position = centre - 0.5
                let left = Int(position.rounded(.down))
                let fraction = position - Double(left)
                taps = [(min(max(left, 0), inputCount - 1), 1 - fraction),
                        (min(max(left + 1, 0), inputCount - 1), fraction)]
            }
            let total = taps.reduce(0) { $0 + $1.1 }
            return taps.map { ($0.0, $0.1 / total) }
        }
    }
}

/// Resizes a picture of premultiplied RGBA bytes with `Resampling`'s
/// filters (area when shrinking, tent when enlarging), separably: what text
/// needs to scale colour emoji from their bitmap strike to a size, and the
/// gallery its thumbnails and its viewer's pictures. Each source row is
/// resampled across once, when the first output row needs it, and kept
/// only while later output rows still do (the taps only move forward), so
/// it holds a few rows of the new width rather than a whole intermediate
/// picture (an 8192x8192 photo to 1170 across would take 300 MB).
public enum PictureResampling {
    /// `rgba` (`width` x `height`, premultiplied) at `newWidth` x `newHeight`,
    /// rounded to the nearest level; empty when a size is not positive or the bytes do not fit.
    public static func resized(_ rgba: [UInt8], width: Int, height: Int, to newWidth: Int, _ newHeight: Int) -> [UInt8] {
        guard width > 0, height > 0, newWidth > 0, newHeight > 0, rgba.count == width * height * 4 else { return [] }
        let across = Resampling.weights(from: width, to: newWidth), down = Resampling.weights(from: height, to: newHeight)
        var kept: [Int: [Double]] = [:]
        /// Source row `row` resampled across, kept or made now.
        func resampledRow(_ row: Int) -> [Double] {
            if let line = kept[row] { return line }
            var line = [Double](repeating: 0, count: newWidth * 4)
            for (column, taps) in across.enumerated() {
                for channel in 0..<4 {
                    line[column * 4 + channel] = taps.reduce(0) { $0 + Double(rgba[(row * width + $1.0) * 4 + channel]) * $1.1 }
                }
            }
            kept[row] = line
            return line
        }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for (row, taps) in down.enumerated() {
            if let first = taps.first?.0 { kept = kept.filter { $0.key >= first } }
            let lines = taps.map { (line: resampledRow($0.0), weight: $0.1) }
            for column in 0..<newWidth {
                for channel in 0..<4 {
                    let value = lines.reduce(0) { $0 + $1.line[column * 4 + channel] * $1.weight }
                    result[(row * newWidth + column) * 4 + channel] = UInt8(min(max(value.rounded(), 0), 255))
                }
            }
        }
        return result
    }
}
