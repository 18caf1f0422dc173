/// Instants in increasing order, as the tracks keep them (when each change
/// happens), and the search every track makes in them.
public enum SortedTimes {
    /// The index of the last of `values` (increasing) at or before `time`;
    /// nil when every one is after it. A binary search.
    public static func lastIndex(in values: [Double], atOrBefore time: Double) -> Int? {
        let count = values.count(upTo: time) { $0 }
        return count == 0 ? nil : count - 1
    }
}

extension RandomAccessCollection where Index == Int {
    /// How many elements from the first have `key` at or before `time`,
    /// the keys never decreasing: found by halving (the index of the first
    /// later one). Events, samples and pieces in time order are looked up so.
    public func count(upTo time: Double, by key: (Element) -> Double) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if key(self[middle]) <= time { low = middle + 1 } else { high = middle }
        }
        return low - startIndex
    }
}
