import CallshadeCore

/// Which of the user's cameras films them (video-call, section 0): the
/// front camera's picture is mirrored, the back camera's is not.
public enum CameraFacing: String, CaseIterable, Sendable {
    case front, back

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether the local picture shows mirrored.
    public var mirrors: Bool { self == .front }
}

/// A corner of the screen the picture in picture can be dragged to (video-call, section 5).
public enum PiPCorner: String, CaseIterable, Sendable {
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Where it lies across the rectangle the picture in picture may move
    /// in: 0 at the left (top), 1 at the right (bottom).
    public var position: Vec2 {
        switch self {
        case .topLeft: return Vec2(0, 0)
        case .topRight: return Vec2(1, 0)
        case .bottomLeft: return Vec2(0, 1)
        case .bottomRight: return Vec2(1, 1)
        }
    }
}

/// One of the two video sources of a call: the peer's camera or the user's own.
public enum VideoFeed: String, CaseIterable, Sendable {
    case remote, local
}
