/// What a scenario's parser learns of a file the scenario names, from the
/// program that reads scenarios (CallshadeJSON's `ScenarioFile.namedFile`
/// asks the file system): Core itself does no I/O.
public enum NamedFile: Sendable, Equatable {
    /// Nothing there (or no way to it).
    case missing
    /// A regular file of `size` bytes.
    case regular(size: Int64)
    /// Something that is not a regular file, and why it cannot be read as one ("is a folder").
    case refused(String)
}

/// How a parser looks at a file a scenario names, by its resolved path.
public typealias NamedFileCheck = @Sendable (String) -> NamedFile
