import CallshadeCore

/// The editor screen's layout in points (`editor.md` section 1): a 390-pt
/// wide phone, whatever the frame's width.
public enum EditorLayout {
    /// The screen's width, pt: the frame's width is this many points.
    public static let width = 390.0
    /// The safe insets at the top and the bottom, pt (ours: a 390 x 844 phone).
    public static let topInset = 47.0
    public static let bottomInset = 34.0
}
