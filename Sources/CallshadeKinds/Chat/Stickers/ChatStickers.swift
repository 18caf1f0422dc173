import CallshadeCore
import CallshadeLottie

/// The stickers a chat scenario sends (`chat-types.md` sections 1 and 2),
/// each TGS file read, checked and loaded into rlottie once before the
/// first frame; their frames drawn at a box's pixel size rounded up and
/// kept in the reuse store while the same frame at the same size comes again.
public struct ChatStickers: Sendable {
    /// By the file's absolute path.
    public let byPath: [String: Sticker]
    let reuse: ReuseStore

    /// No stickers.
    public static let none = ChatStickers(byPath: [:], reuse: ReuseStore(.off))

    public init(byPath: [String: Sticker], reuse: ReuseStore) {
        self.byPath = byPath
        self.reuse = reuse
    }

    /// Every sticker `scenario` sends, loaded; a refusal names the event and the file.
    public init(_ scenario: ChatScenario, reuse: ReuseStore) throws(StickerLoadError) {
        var byPath: [String: Sticker] = [:]
        for event in scenario.events.sorted(by: { $0.index < $1.index }) {
            guard case .send(_, _, _, .sticker(let send)) = event.change, byPath[send.path] == nil else { continue }
            do {
                byPath[send.path] = try Sticker(file: send.path)
            } catch {
                throw StickerLoadError(field: "events[\(event.index)].send.sticker", error: error)
            }
        }
        self.init(byPath: byPath, reuse: reuse)
    }

    /// A sticker's canvas (points are its pixels' aspect only), if it is loaded.
    public func canvas(_ path: String) -> (width: Double, height: Double)? {
        byPath[path].map { (Double($0.width), Double($0.height)) }
    }

    /// The sticker at `path` `seconds` after its send, drawn onto `box`
    /// (frame pixels): frame floor(s fr) mod N, drawn by rlottie at the
    /// box's size rounded up and laid onto the exact box, bilinearly.
    public func node(_ path: String, seconds: Double, box: (x: Double, y: Double, width: Double, height: Double), alpha: Double = 1) -> MappedPictureNode? {
        guard let sticker = byPath[path], box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else { return nil }
        let width = Int(box.width.rounded(.up)), height = Int(box.height.rounded(.up))
        let key = StickerFrameKey(sticker: ReuseIdentity(sticker), frame: sticker.frame(at: seconds, loops: true), width: width, height: height)
        let picture = reuse.value(key) {
            let picture = sticker.picture(frame: key.frame, width: width, height: height)
            return (picture, width * height * 4)
        }
        return picture.map { MappedPictureNode(picture: $0, onto: box, alpha: alpha) }
    }
}

/// A sticker's frame drawn at a pixel size.
struct StickerFrameKey: ReuseKey {
    typealias Value = PremultipliedPicture?
    static let shelf = "sticker frames"

    let sticker: ReuseIdentity<Sticker>
    let frame: Int
    let width: Int
    let height: Int
}

/// A sticker the scenario names that could not be loaded: where it is named, and why.
public struct StickerLoadError: Error, CustomStringConvertible {
    public let field: String
    public let error: StickerError

    public var description: String { "\(field): \(error)" }
}
