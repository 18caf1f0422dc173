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
