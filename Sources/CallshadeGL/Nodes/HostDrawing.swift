import CallshadeCore
import Dispatch
import Foundation

/// One node of a frame made ready for the host to draw (its renderer's
/// `hostDrawing`): everything worked out once, so that bands of rows can
/// draw it at once on every core, each band every node in order.
protocol HostDrawing: Sendable {
    /// The frame rows it may change.
    var rows: Range<Int> { get }

    /// Mixes it over rows `rows` of an opaque RGBA frame that holds what is below already.
    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows: Range<Int>)

    /// The same over the frame's I420 planes (Y, then Cb, then Cr); `rows` starts and ends on even rows.
    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows: Range<Int>)

    /// Rectangles (even edges, none overlapping another of any drawing's)
    /// whose every I420 sample `drawYUV420` writes without reading it: what
    /// lies below there is never seen, so the background need not be
    /// filled (none by default).
    var writtenWhole: [PixelRect] { get }

    /// What reads the frame below it before it is drawn (a frosted glass's:
    /// every drawing below it drawn, none above); nil for one that reads
    /// only the pixels it draws over.
    var belowReader: BelowReader? { get }
}

extension HostDrawing {
    var writtenWhole: [PixelRect] { [] }

    var belowReader: BelowReader? { nil }
}

/// The rows a frame's host drawings change, cut into bands of about equal
/// height for the cores, their edges even but for a frame's own last row
/// (empty stretches between them skipped).
struct HostBands {
    let bands: [Range<Int>]
    /// Bands a core: the cores take them as they come free, so a band of
    /// heavy rows (the editor's tools and control at the frame's foot)
    /// leaves the others to the other cores.
    static let bandsPerCore = 4

    init(_ drawings: [any HostDrawing], height: Int, cores: Int) {
        // Merge the drawings' rows (grown to even edges) into stretches.
        let spans = drawings.map { max($0.rows.lowerBound / 2 * 2, 0)..<max(min(($0.rows.upperBound + 1) / 2 * 2, height), 0) }
            .filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var stretches: [Range<Int>] = []
        for span in spans {
            if let last = stretches.last, span.lowerBound <= last.upperBound {
                stretches[stretches.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                stretches.append(span)
            }
        }
        // Each stretch gets bands in proportion to its height, `bandsPerCore` a core in all.
        let total = stretches.reduce(0) { $0 + $1.count }
        let wanted = max(1, Self.bandsPerCore * cores)
        var bands: [Range<Int>] = []
        for stretch in stretches {
            let pairs = stretch.count / 2
            let count = max(1, min(pairs, (wanted * stretch.count + total - 1) / max(total, 1)))
            for band in 0..<count {
                // The last band ends where the stretch does (an odd frame's last row included).
                let end = band == count - 1 ? stretch.upperBound : stretch.lowerBound + (band + 1) * pairs / count * 2
                bands.append(stretch.lowerBound + band * pairs / count * 2..<end)
            }
        }
        self.bands = bands
    }

    /// Runs `body` on each band, spread over the cores.
    func run(_ body: @Sendable (Range<Int>) -> Void) {
        let bands = self.bands
        DispatchQueue.concurrentPerform(iterations: bands.count) { body(bands[$0]) }
    }
}
