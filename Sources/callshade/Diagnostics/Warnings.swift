import Foundation

/// What the libraries hand back as warnings (a video's damaged data, met
/// while drawing), said on standard error, a line each: "Warning: ...".
enum Warnings {
    @Sendable static func say(_ warning: String) {
        FileHandle.standardError.write(Data(("Warning: " + warning + "\n").utf8))
    }
}
