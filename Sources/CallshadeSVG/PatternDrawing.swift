import CallshadeCore
import CallshadeSystem

/// The chat wallpaper's pattern drawn for an output size (chat, section
/// 1.7): the SVG file read by callshade (at most 8 MiB, a regular file),
/// checked to name no other file or URL, then drawn by librsvg, covering
/// the frame (aspect fill, centred); its alpha is the mask. Drawing must
/// end within `timeLimit` seconds, or the pattern is refused.
public enum PatternDrawing {
    /// The largest pattern file: 8 MiB.
    public static let maximumBytes = 8 << 20
    /// How long librsvg may take to draw a pattern: 10 s.
    public static let defaultTimeLimit = 10.0

    /// The mask of the SVG at `path` for a `size` frame.
    public static func mask(file path: String, size: FrameSize, timeLimit: Double = defaultTimeLimit) throws -> PatternMask {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path).readAll(limit: maximumBytes)
        } catch let failure as InputFile.Failure {
            throw PatternError(file: path, reason: "\(failure)")
        }
        do {
            return try mask(svg: bytes, size: size, timeLimit: timeLimit)
        } catch let error as SVGError {
            throw PatternError(file: path, reason: error.description)
        }
    }

    /// The mask of the SVG document `bytes` for a `size` frame.
    public static func mask(svg bytes: [UInt8], size: FrameSize, timeLimit: Double = defaultTimeLimit) throws -> PatternMask {
        if let reference = try SVGReferences.external(in: bytes) { throw SVGError.external(reference) }
        let drawing = BoundedDrawing(bytes: bytes, width: size.width, height: size.height)
        let coverage = try drawing.result(within: timeLimit)
        guard let mask = PatternMask(width: size.width, height: size.height, coverage: coverage) else {
            throw SVGError.drawing("the mask is not the frame's size")
        }
        return mask
    }
}

/// One drawing by librsvg, bounded in time by `BoundedWait` (librsvg cannot be interrupted).
private struct BoundedDrawing: Sendable {
    let bytes: [UInt8]
    let width: Int
    let height: Int

    func result(within seconds: Double) throws -> [UInt8] {
        let drawing = self
        let outcome = BoundedWait.run(within: seconds) {
            Result { try drawing.draw() }.mapError { ($0 as? SVGError) ?? .drawing("\($0)") }
        }
        guard let outcome else { throw SVGError.tooSlow(seconds) }
        return try outcome.get()
    }

    private func draw() throws -> [UInt8] {
        let document = try SVGCalls.load(bytes)
        defer { SVGCalls.release(document) }
        let viewport = PatternMask.viewport(documentWidth: document.width, documentHeight: document.height, width: width, height: height)
        return try SVGCalls.draw(document, width: width, height: height, viewport: viewport)
    }
}

/// Why a scenario's pattern was refused: the file and the reason.
public struct PatternError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let reason: String

    public var description: String { "\(file): \(reason)" }
}
