/// The pixel size of a frame, parsed from and printed as `WIDTHxHEIGHT`.
public struct FrameSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    /// The largest side accepted anywhere, whatever the backend allows.
    public static let maximumSide = 16384

    /// 390x844 pt at 3x: the default phone screen.
    public static let phone = FrameSize(unchecked: 1170, 2532)
    /// Full HD and 4K UHD, upright: the sizes `bench` measures by default.
    public static let portraitHD = FrameSize(unchecked: 1080, 1920)
    public static let portrait4K = FrameSize(unchecked: 2160, 3840)

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case malformed(String)
        case notPositive(String)
        case tooLarge(String, limit: Int)

        /// What the text must be, without the text.
        public var requirement: String {
            switch self {
            case .malformed: return "is not of the form WIDTHxHEIGHT (for example 1170x2532)"
            case .notPositive: return "must have a width and height of at least 1"
            case .tooLarge(_, let limit): return "is larger than \(limit) pixels on a side"
            }
        }

        public var description: String {
            switch self {
            case .malformed(let text):
                return "size '\(text)' is not of the form WIDTHxHEIGHT (for example 1170x2532)"
            case .notPositive(let text):
                return "size '\(text)' must have a width and height of at least 1"
            case .tooLarge(let text, let limit):
                return "size '\(text)' is larger than \(limit) pixels on a side"
            }
        }
    }

    public init(width: Int, height: Int) throws {
        let text = "\(width)x\(height)"
        guard width >= 1, height >= 1 else { throw ParseError.notPositive(text) }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw ParseError.tooLarge(text, limit: Self.maximumSide)
        }
        self.init(unchecked: width, height)
    }

    /// Parses `WIDTHxHEIGHT` (an `x` or `X` between two decimal integers).
    public init(parsing text: String) throws {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "X", omittingEmptySubsequences: false) }
        guard parts.count == 2 else { throw ParseError.malformed(text) }
        let numbers = parts.map { part -> Int? in
            let digits = part.hasPrefix("-") ? part.dropFirst() : part
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
            guard let magnitude = Int(digits) else { return Int.max }   // too many digits: clearly too large
            return part.hasPrefix("-") ? -magnitude : magnitude
        }
        guard let width = numbers[0], let height = numbers[1] else { throw ParseError.malformed(text) }
        guard width >= 1, height >= 1 else { throw ParseError.notPositive(text) }
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw ParseError.tooLarge(text, limit: Self.maximumSide)
        }
        self.init(unchecked: width, height)
    }

    private init(unchecked width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    public var pixelCount: Int { width * height }
    public var description: String { "\(width)x\(height)" }
}
