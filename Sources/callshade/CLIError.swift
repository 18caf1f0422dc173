/// A command-line error: one line of text, printed after "Error: ", exit status 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
