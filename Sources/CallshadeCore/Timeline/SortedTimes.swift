/// Instants in increasing order, as the tracks keep them (when each change
/// happens), and the search every track makes in them.
public enum SortedTimes {
    /// The index of the last of `values` (increasing) at or before `time`;
    /// nil when every one is after it. A binary search.
    public static func lastIndex(in values: [Double], atOrBefore time: Double) -> Int? {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
