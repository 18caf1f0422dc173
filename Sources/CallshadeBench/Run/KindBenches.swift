/// Every kind's bench, in the order its rows are measured and printed (the
/// call first: its MP4 is the baseline). A new kind's bench is one entry here.
public enum KindBenches {
    public static func all(_ context: BenchContext) throws -> [any KindBench] {
        let call = try CallBench(context: context)
        // The chat's round video plays the call's own camera (made by ffmpeg), when the call's bench made them.
        return [call, try ChatBench(camera: call.camera), DrawingBench(), AccessBench(), GalleryBench()]
    }
}
