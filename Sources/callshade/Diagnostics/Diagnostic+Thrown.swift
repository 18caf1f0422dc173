import ArgumentParser

extension Diagnostic {
    /// The diagnostic an error carries: the error itself, one of the libraries'
    /// typed errors, or one that ArgumentParser wrapped (thrown by a
    /// `validate()` or a value's transform; ArgumentParser keeps the original
    /// inside its own error, found here by reflection). Nil for
    /// ArgumentParser's own complaints (an unknown option, a missing argument).
    static func thrown(in error: Error) -> Diagnostic? {
        if let found = search(error, depth: 0) { return found }
        return String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") ? nil : Diagnostic(error)
    }

    /// A Diagnostic within `value`, at most four levels down.
    private static func search(_ value: Any, depth: Int) -> Diagnostic? {
        if let diagnostic = value as? Diagnostic { return diagnostic }
        guard depth < 4 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let found = search(child.value, depth: depth + 1) { return found }
        }
        return nil
    }
}
