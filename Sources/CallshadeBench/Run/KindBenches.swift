/// Every kind's bench, in the order its rows are measured and printed (the
/// call first: its MP4 is the baseline). A new kind's bench is one entry here.
public enum KindBenches {
    public static func all(_ context: BenchContext) throws -> [any KindBench] {
        [try CallBench(context: context), ChatBench(), DrawingBench(), AccessBench(), GalleryBench()]
    }
}
