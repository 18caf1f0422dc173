import CallshadeCore
import CallshadeJSON

/// What callshade checks in a Lottie's JSON before rlottie sees it
/// (`chat-types.md` section 8): UTF-8, nested at most 64 deep, an object
/// with numbers w, h, fr, ip, op and an array `layers`; w and h within
/// 1...1024; fr within (0, 60]; op above ip; at most 7 s from the first
/// frame to the last; no assets, no image or text layer.
struct LottieFacts {
    let width: Int
    let height: Int
    let rate: Double
    /// op - ip.
    let frames: Int

    init(_ json: [UInt8], file: String) throws(StickerError) {
        func refuse(_ reason: String) -> StickerError { StickerError(file: file, reason: reason) }
        let document: JSONValue
        do {
            document = try JSONReader.read(json, limits: Sticker.limits)
        } catch {
            throw refuse("not Lottie JSON: \(error.location.count <= 60 ? error.description : error.message)")
        }
        guard case .object(let top) = document else { throw refuse("not Lottie JSON: \(document.kindName), not an object") }
        func number(_ key: String) throws(StickerError) -> Double {
            guard case .number(let value) = top[key] else { throw refuse("\(key): not a number (got \(top[key]?.kindName ?? "nothing"))") }
            return value
        }
        let (w, h, fr, ip, op) = (try number("w"), try number("h"), try number("fr"), try number("ip"), try number("op"))
        guard case .array(let layers) = top["layers"] else { throw refuse("layers: not a list (got \(top["layers"]?.kindName ?? "nothing"))") }
        for (key, value) in [("w", w), ("h", h)] where !(value >= 1 && value <= Double(Sticker.maximumSide) && value == value.rounded()) {
            throw refuse("\(key): not a whole number of pixels from 1 to \(Sticker.maximumSide) (got \(ShownNumber.text(value)))")
        }
        guard fr > 0, fr <= Sticker.maximumRate else { throw refuse("fr: not above 0 and at most \(ShownNumber.text(Sticker.maximumRate)) (got \(ShownNumber.text(fr)))") }
        guard ip.isFinite, op.isFinite, op > ip, op - ip < Double(1 << 20) else {
            throw refuse("op: not after ip (got ip \(ShownNumber.text(ip)), op \(ShownNumber.text(op)))")
        }
        let frames = Int((op - ip).rounded(.down))
        guard frames >= 1 else { throw refuse("op: less than a frame after ip (got ip \(ShownNumber.text(ip)), op \(ShownNumber.text(op)))") }
        let seconds = (op - ip - 1) / fr
        guard seconds <= Sticker.maximumSeconds else {
            throw refuse("plays \(ShownNumber.text(seconds)) s, over \(ShownNumber.text(Sticker.maximumSeconds)) s ((op - ip - 1) / fr)")
        }
        if let assets = top["assets"] {
            guard case .array(let items) = assets else { throw refuse("assets: not a list (got \(assets.kindName))") }
            guard items.isEmpty else { throw refuse("assets: \(items.count) assets; a sticker may have none") }
        }
        for (index, layer) in layers.enumerated() {
            guard case .object(let fields) = layer else { throw refuse("layers[\(index)]: not an object (got \(layer.kindName))") }
            if case .number(let type) = fields["ty"], type == 2 || type == 5 {
                throw refuse("layers[\(index)]: \(type == 2 ? "an image" : "a text") layer (ty \(Int(type))); a sticker may have neither")
            }
        }
        (width, height, rate, self.frames) = (Int(w), Int(h), fr, frames)
    }
}
