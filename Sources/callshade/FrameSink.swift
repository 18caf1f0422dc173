import CallshadeCore
import CallshadePNG
import Foundation

/// Where a render's frames go. A sink writes nothing at its target path until
/// `finish`; `abandon` removes whatever it wrote so far.
protocol FrameSink: AnyObject {
    func write(_ image: RGBAImage, index: Int) throws
    func finish() throws
    func abandon()
}

/// PNG files `frame_000000.png`, ... in a folder that appears when the render is complete.
final class PNGSequenceSink: FrameSink {
    private let folder: StagedFolder

    init(folder path: String) throws {
        do {
            folder = try StagedFolder(target: path)
        } catch {
            throw CLIError("cannot write '\(path)': \(error)")
        }
    }

    static func fileName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    func write(_ image: RGBAImage, index: Int) throws {
        try PNGFile.write(image, to: folder.path + "/" + Self.fileName(index))
    }

    func finish() throws {
        do { try folder.commit() } catch { throw CLIError("\(error)") }
    }

    func abandon() {
        folder.discard()
    }
}
