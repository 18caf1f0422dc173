import CallshadeSystem
import Foundation

extension Interruption {
    /// Stops on SIGINT and SIGTERM as the command line reports them: the
    /// diagnostic `interrupted` and 128 + the signal's number.
    convenience init() throws {
        try self.init(signals: [SIGINT, SIGTERM]) { signal in
            let diagnostic = Diagnostic.interrupted(signal: signal)
            return (diagnostic.message, diagnostic.exitCode)
        }
    }
}
