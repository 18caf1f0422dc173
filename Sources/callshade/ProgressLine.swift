import CallshadeCore
import CallshadeSystem
import Foundation

/// One updating line on standard error, only when it is a terminal: frames
/// done, frames a second, and time left. It measures wall time to report it;
/// it never paces the render.
final class ProgressLine {
    private let total: Int
    private let enabled: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?

    init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && FileDescriptor.standardError.isTerminal
        start = clock.now
    }

    func update(done: Int) {
        guard enabled else { return }
        let now = clock.now
        if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
        lastDraw = now
        let elapsed = Self.seconds(now - start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let percent = total > 0 ? 100 * done / total : 100
        let text = String(format: "frame %d/%d (%d%%)  %.1f fps  %@ left", done, total, percent, rate, Self.clockText(left))
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    func end() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func clockText(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 3600 ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
                             : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
