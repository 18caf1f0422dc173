import ArgumentParser
import CallshadeCore
import CallshadeKinds
import CallshadeGL
import CallshadeRender

/// Values of options parsed once, by ArgumentParser, through these
/// conformances and transforms; what they refuse is said in one line.
extension Palette: ExpressibleByArgument {}
extension VideoCodec: ExpressibleByArgument {}
extension EncoderPreset: ExpressibleByArgument {}
extension PixelFormat: ExpressibleByArgument {}

/// The renderer: the shader path, or the CPU reference.
enum Backend: String, CaseIterable, ExpressibleByArgument {
    case gpu, cpu
}

/// The gpu backend's route: its own choice for the context, or one named.
enum RouteChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, host, passes

    /// The route named, nil for the renderer's own choice.
    var route: RendererConfiguration.Route? {
        switch self {
        case .auto: return nil
        case .host: return .hostComposition
        case .passes: return .gpuPasses
        }
    }
}

/// Which EGL platforms the gpu backend tries.
enum EGLPlatformChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, device, gbm, surfaceless

    /// The platforms to try, in order.
    var platforms: [HeadlessPlatform] {
        switch self {
        case .auto: return HeadlessPlatform.allCases
        case .device: return [.device]
        case .gbm: return [.gbm]
        case .surfaceless: return [.surfaceless]
        }
    }
}

/// A number as given on the command line, kept with its text for messages.
struct GivenNumber {
    let value: Double
    let text: String
}

/// Parsers for option values that are not plain enums; each refusal names the option.
enum ArgumentValues {
    /// `parse`'s number, kept with the text it came from.
    static func given(_ parse: @escaping @Sendable (String) throws -> Double) -> @Sendable (String) throws -> GivenNumber {
        { text in GivenNumber(value: try parse(text), text: text) }
    }

    /// A finite number (`--phase`, `--level`, times).
    static func finite(_ option: String) -> @Sendable (String) throws -> Double {
        { text in
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                throw Diagnostic.optionValue(option: option, given: text, expected: "is not a finite number")
            }
            return value
        }
    }

    /// Finite numbers, comma-separated (at most `FrameSchedule.maximumInstants`).
    static func finiteList(_ option: String) -> @Sendable (String) throws -> [Double] {
        { text in
            let items = text.split(separator: ",", omittingEmptySubsequences: false)
            guard items.count <= FrameSchedule.maximumInstants else {
                throw Diagnostic.optionValue(option: option, given: "\(items.count) numbers", expected: "is more than \(FrameSchedule.maximumInstants)")
            }
            return try items.map { item in
                guard let value = Double(item.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                    throw Diagnostic.optionValue(option: option, given: String(item), expected: "is not a finite number")
                }
                return value
            }
        }
    }

    /// A finite number of 0 or more.
    static func nonNegative(_ option: String) -> @Sendable (String) throws -> Double {
        { text in
            let value = try finite(option)(text)
            guard value >= 0 else { throw Diagnostic.optionValue(option: option, given: text, expected: "must be 0 or more") }
            return value
        }
    }

    /// A finite number above 0.
    static func positive(_ option: String) -> @Sendable (String) throws -> Double {
        { text in
            let value = try finite(option)(text)
            guard value > 0 else { throw Diagnostic.optionValue(option: option, given: text, expected: "must be a positive number") }
            return value
        }
    }

    /// A step in seconds: finite and more than 0 (`--every`).
    static func interval(_ option: String) -> @Sendable (String) throws -> Double {
        { text in
            let value = try finite(option)(text)
            guard value > 0 else { throw Diagnostic.optionValue(option: option, given: text, expected: "must be more than 0 seconds") }
            return value
        }
    }

    /// Comma-separated instants in seconds, at most `limit` of them (`--times`).
    static func instants(_ option: String, limit: Int) -> @Sendable (String) throws -> [Double] {
        { text in
            let entries = text.split(separator: ",", omittingEmptySubsequences: false)
            guard entries.count <= limit else {
                let shown = text.count > 24 ? text.prefix(24) + "..." : Substring(text)
                throw Diagnostic.optionValue(option: option, given: String(shown), expected: "lists more than \(limit) instants")
            }
            return try entries.map { try finite(option)(String($0)) }
        }
    }

    static func size(_ text: String) throws -> FrameSize {
        do {
            return try FrameSize(parsing: text)
        } catch let error as FrameSize.ParseError {
            throw Diagnostic.optionValue(option: "--size", given: text, expected: error.requirement)
        }
    }

    /// Comma-separated sizes.
    static func sizes(_ text: String) throws -> [FrameSize] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { try size(String($0)) }
    }

    /// A list of layers of any kind's (the scenario's kind then holds it to its own): `SceneLayers.parse`.
    static func layers(_ text: String) throws -> Set<SceneTag> {
        do { return try SceneLayers.parse(text) } catch { throw Diagnostic(error) }
    }
}
