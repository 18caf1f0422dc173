import CallshadeCore

/// A drawing's `entities` (`drawing.md` sections 5 and 6), read with the
/// shared rules: each refusal names the entity's index, the field and what
/// it got. An entity with `text` is a text (`TextEntityParser`), any other a shape.
enum EntityParser {
    static let shapeKeys = ["shape", "fill", "color", "width", "w", "h", "keys"]
    static let keyKeys = ["at", "x", "y", "scale", "rotation"]

    /// Entities in one session (ours).
    static let maximumEntities = 1_000
    /// Keys of one entity (ours).
    static let maximumKeys = 1_000
    /// The largest scale a key may give (ours).
    static let maximumScale = 100.0
    /// The largest turn a key may give either way, degrees.
    static let maximumRotation = 36_000.0
    /// The farthest a key's centre may lie from the canvas's origin, canvas pixels (ours).
    static let maximumCoordinate = 1_000_000.0
    /// The largest shape or stroke width, canvas pixels: the canvas's limit a side.
    static let maximumExtent = 16_384.0

    static func entities(_ value: JSONValue, fields: ScenarioFields) throws -> (shapes: [ShapeEntity], texts: [TextEntity]) {
        guard case .array(let items) = value else { throw fields.error("entities", "must be a list of entities (got \(value.kindName))") }
        guard items.count <= maximumEntities else {
            throw fields.error("entities", "has over \(maximumEntities) entities, the limit of a session (got \(items.count))")
        }
        var shapes: [ShapeEntity] = [], texts: [TextEntity] = []
        for (index, item) in items.enumerated() {
            let place = ScenarioFields(file: fields.file, location: "entities[\(index)]")
            if case .object(let object) = item, object["text"] != nil {
                texts.append(try TextEntityParser.entity(object, index: index, fields: place))
            } else {
                shapes.append(try entity(item, fields: place))
            }
        }
        return (shapes, texts)
    }

    static func entity(_ item: JSONValue, fields: ScenarioFields) throws -> ShapeEntity {
        guard case .object(let object) = item else {
            throw fields.error("", "an entity must be an object such as {\"shape\": \"star\", \"w\": 200, \"h\": 200, \"color\": \"#FFCC00\", "
                               + "\"keys\": [{\"at\": 0, \"x\": 540, \"y\": 960}]} (got \(item.kindName))")
        }
        for key in object.keys.sorted() where !shapeKeys.contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; a shape has \(shapeKeys.joined(separator: ", "))")
        }
        let kinds = ShapeEntity.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard let shapeValue = object["shape"] else { throw fields.error("shape", "missing; give one of \(kinds)") }
        let name = try fields.string(shapeValue, "shape")
        guard let kind = ShapeEntity.Kind(rawValue: name) else {
            throw fields.error("shape", "unknown shape; valid shapes: \(kinds) (got \"\(UserText.shown(name))\")")
        }
        let colour = try fields.strokeColour(in: object)
        let fill = try object["fill"].map { try fields.bool($0, "fill") } ?? true
        let w = try extent(object["w"], "w", fields: fields)
        // An arrow's head is sized by its width: its h is not needed.
        let h = kind == .arrow && object["h"] == nil ? w : try extent(object["h"], "h", fields: fields)
        let width = try object["width"].map { try fields.number($0, "width") } ?? 0
        guard width >= 0, width <= maximumExtent else {
            throw fields.error("width", "must be between 0 and \(ScenarioParser.format(maximumExtent)) canvas px (got \(ScenarioParser.format(width)))")
        }
        if (!fill || kind == .arrow), width <= 0 {
            throw fields.error("width", "\(kind == .arrow ? "an arrow" : "a stroked shape") needs a width above 0 (got \(ScenarioParser.format(width)))")
        }
        guard let keysValue = object["keys"] else { throw fields.error("keys", "missing; give a list of {\"at\", \"x\", \"y\"}") }
        return ShapeEntity(kind: kind, fill: fill, colour: colour, width: width, w: w, h: h, keys: try keys(keysValue, fields: fields))
    }

    /// A shape's `w` or `h`: above 0, at most the canvas's limit.
    static func extent(_ value: JSONValue?, _ key: String, fields: ScenarioFields) throws -> Double {
        guard let value else { throw fields.error(key, "missing; give the shape's size in canvas px") }
        let number = try fields.number(value, key)
        guard number > 0, number <= maximumExtent else {
            throw fields.error(key, "must be above 0 and at most \(ScenarioParser.format(maximumExtent)) canvas px (got \(ScenarioParser.format(number)))")
        }
        return number
    }

    /// `[{"at", "x", "y", "scale", "rotation"}, ...]`: at least one, each later than the one before.
    static func keys(_ value: JSONValue, fields: ScenarioFields) throws -> [EntityKey] {
        guard case .array(let items) = value else { throw fields.error("keys", "must be a list of {\"at\", \"x\", \"y\"} (got \(value.kindName))") }
        guard !items.isEmpty else { throw fields.error("keys", "is empty; an entity has at least one key (got [])") }
        guard items.count <= maximumKeys else { throw fields.error("keys", "has over \(maximumKeys) keys (got \(items.count))") }
        var keys: [EntityKey] = []
        for (index, item) in items.enumerated() {
            let place = ScenarioFields(file: fields.file, location: [fields.location, "keys[\(index)]"].filter { !$0.isEmpty }.joined(separator: "."))
            guard case .object(let object) = item else { throw place.error("", "a key must be an object such as {\"at\": 0, \"x\": 540, \"y\": 960} (got \(item.kindName))") }
            for key in object.keys.sorted() where !keyKeys.contains(key) {
                throw place.error(UserText.shown(key), "unknown key; a key has \(keyKeys.joined(separator: ", "))")
            }
            func required(_ key: String) throws -> Double {
                guard let value = object[key] else { throw place.error(key, "missing") }
                return try place.number(value, key)
            }
            let at = try required("at")
            guard abs(at) <= ScenarioSettings.maximumDuration else {
                throw place.error("at", "must lie within \(ScenarioParser.format(ScenarioSettings.maximumDuration)) s of the start (got \(ScenarioParser.format(at)))")
            }
            if let last = keys.last, at <= last.at {
                throw place.error("at", "must come after the key before, at \(ScenarioParser.format(last.at)) s (got \(ScenarioParser.format(at)))")
            }
            let x = try required("x"), y = try required("y")
            for (name, coordinate) in [("x", x), ("y", y)] where abs(coordinate) > maximumCoordinate {
                throw place.error(name, "must lie within \(ScenarioParser.format(maximumCoordinate)) canvas px of the origin (got \(ScenarioParser.format(coordinate)))")
            }
            let scale = try object["scale"].map { try place.number($0, "scale") } ?? 1
            guard scale > 0, scale <= maximumScale else {
                throw place.error("scale", "must be above 0 and at most \(ScenarioParser.format(maximumScale)) (got \(ScenarioParser.format(scale)))")
            }
            let rotation = try object["rotation"].map { try place.number($0, "rotation") } ?? 0
            guard abs(rotation) <= maximumRotation else {
                throw place.error("rotation", "must be within \(ScenarioParser.format(maximumRotation)) degrees either way (got \(ScenarioParser.format(rotation)))")
            }
            keys.append(EntityKey(at: at, x: x, y: y, scale: scale, rotation: rotation))
        }
        return keys
    }
}
