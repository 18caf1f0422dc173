/// The kinds of scene a scenario may be, the default (a file without
/// "scene") first. Adding a kind is one entry here.
public enum SceneKinds {
    public static let all: [any SceneKind] = [CallKind(), ChatKind(), DrawingKind(), AccessKind()]
}
