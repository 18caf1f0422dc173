import CallshadeCore
import CallshadeLottie

/// The stickers a chat scenario sends and the emoji it animates (`chat-types.md` sections 1 and 2),
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

    /// Every sticker `scenario` sends and every emoji it animates, loaded, by path; a refusal names the field and the file.
    public static func load(_ scenario: ChatScenario) throws(StickerLoadError) -> [String: Sticker] {
        var named: [(field: String, path: String)] = scenario.animatedEmoji.sorted { $0.key < $1.key }.map { ("animatedEmoji.\($0.key)", $0.value) }
        for event in scenario.events.sorted(by: { $0.index < $1.index }) {
            if case .send(_, _, _, .sticker(let send)) = event.change { named.append(("events[\(event.index)].send.sticker", send.path)) }
        }
        var byPath: [String: Sticker] = [:]
        for (field, path) in named where byPath[path] == nil {
            do {
                byPath[path] = try Sticker(file: path)
            } catch {
                throw StickerLoadError(field: field, error: error)
            }
        }
        return byPath
    }

    /// A sticker's canvas (points are its pixels' aspect only), if it is loaded.
    public func canvas(_ path: String) -> (width: Double, height: Double)? {
        byPath[path].map { (Double($0.width), Double($0.height)) }
    }

    /// The sticker at `path` `seconds` after its send, drawn onto `box`
    /// (frame pixels): frame floor(s fr) mod N if it loops, else held at its
    /// last, drawn by rlottie at the box's size rounded up and laid onto the exact box, bilinearly.
    public func node(_ path: String, seconds: Double, loops: Bool = true, box: (x: Double, y: Double, width: Double, height: Double),
                     alpha: Double = 1) -> MappedPictureNode? {
        guard let sticker = byPath[path], box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else { return nil }
        let width = Int(box.width.rounded(.up)), height = Int(box.height.rounded(.up))
        let key = StickerFrameKey(sticker: ReuseIdentity(sticker), frame: sticker.frame(at: seconds, loops: loops), width: width, height: height)
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
