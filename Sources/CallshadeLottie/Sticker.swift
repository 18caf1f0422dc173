import CallshadeCore
import CallshadeJSON
import CallshadeSystem

/// A Lottie sticker or animated emoji (`chat-types.md` section 1, rule 4,
/// and section 8): a TGS file (gzip'd Lottie JSON; plain JSON accepted too)
/// read, checked against the spec's limits, and handed to rlottie, which
/// draws its frames. Its frames are pictures every route samples the same:
/// rlottie draws frame k into a premultiplied buffer the caller sizes.
public final class Sticker: Sendable {
    /// The largest TGS file (1 MiB) and what it may inflate to (8 MiB).
    public static let maximumFileBytes = 1 << 20
    public static let maximumJSONBytes = 8 << 20
    /// The largest canvas side, frame rate and length (seconds from the first frame to the last).
    public static let maximumSide = 1024
    public static let maximumRate = 60.0
    public static let maximumSeconds = 7.0
    /// How long rlottie may take to draw one frame (2 s).
    public static let frameTimeLimit = 2.0
    /// How deep its JSON may nest.
    static let limits = JSONLimits(depth: 64, textBytes: maximumJSONBytes, arrayItems: 1 << 20, values: 1 << 22)

    /// The file's path, for messages.
    public let file: String
    /// The Lottie's canvas (w x h), its rate (fr) and its frame count (op - ip).
    public let width: Int
    public let height: Int
    public let rate: Double
    public let frames: Int
    private let calls: LottieCalls

    /// Reads and checks the file at `path` and loads it into rlottie; each
    /// refusal a `StickerError` saying why.
    public convenience init(file path: String) throws(StickerError) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path).readAll(limit: Self.maximumFileBytes)
        } catch {
            throw StickerError(file: path, reason: "\(error)")
        }
        try self.init(bytes: bytes, file: path)
    }

    /// Checks `bytes` (a TGS or Lottie JSON) and loads them into rlottie; `file` names them in messages.
    public init(bytes: [UInt8], file: String, frameTimeLimit: Double = Sticker.frameTimeLimit) throws(StickerError) {
        self.file = file
        func refuse(_ reason: String) -> StickerError { StickerError(file: file, reason: reason) }
        let json: [UInt8]
        if GzipCalls.isGzip(bytes) {
            do {
                json = try GzipCalls.inflate(bytes, limit: Self.maximumJSONBytes)
            } catch {
                switch error {
                case .tooLarge(let limit): throw refuse("inflates to more than \(limit >> 20) MiB")
                case .truncated: throw refuse("the gzip stream is cut short")
                case .damaged(let why): throw refuse("the gzip stream is damaged (\(why))")
                }
            }
        } else {
            guard bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else {
                throw refuse("neither gzip nor Lottie JSON")
            }
            guard bytes.count <= Self.maximumJSONBytes else { throw refuse("more than \(Self.maximumJSONBytes >> 20) MiB of JSON") }
            json = bytes
        }
        let facts = try LottieFacts(json, file: file)
        guard let calls = LottieCalls(json: json) else { throw refuse("rlottie cannot read it") }
        guard calls.frames == facts.frames, calls.width == facts.width, calls.height == facts.height else {
            throw refuse("rlottie reads it as \(calls.width)x\(calls.height), \(calls.frames) frames, "
                         + "not the file's \(facts.width)x\(facts.height), \(facts.frames) frames")
        }
        (width, height, rate, frames) = (facts.width, facts.height, facts.rate, facts.frames)
        self.calls = calls
        // Its first, middle and last frames drawn at its own size, each within the limit: no frame should hang a render.
        for frame in Set([0, frames / 2, frames - 1]).sorted() {
            let (width, height) = (width, height)
            // rlottie cannot be interrupted: past the limit its drawing is left to finish and the sticker refused.
            guard BoundedWait.run(within: frameTimeLimit, { calls.draw(frame: frame, width: width, height: height).count }) != nil else {
                throw refuse("rlottie took over \(ShownNumber.text(frameTimeLimit)) s to draw frame \(frame)")
            }
        }
    }

    /// The frame shown `seconds` after it starts playing: a sticker loops
    /// (floor(s fr) mod N), an animated emoji plays once and holds its last
    /// (min(floor(s fr), N - 1)); before 0, its first.
    public func frame(at seconds: Double, loops: Bool) -> Int {
        guard seconds > 0, seconds.isFinite else { return 0 }
        let count = (seconds * rate).rounded(.down)
        if loops { return Int(count.truncatingRemainder(dividingBy: Double(frames))) }
        return count >= Double(frames - 1) ? frames - 1 : Int(count)
    }

    /// Frame `frame` drawn to fit `width` x `height` pixels, centred, premultiplied; nil for an empty size.
    public func picture(frame: Int, width: Int, height: Int) -> PremultipliedPicture? {
        guard width > 0, height > 0 else { return nil }
        return PremultipliedPicture(width: width, height: height, texels: calls.draw(frame: min(max(frame, 0), frames - 1), width: width, height: height))
    }
}

/// Why a sticker file was refused: the file and the reason.
public struct StickerError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
