/// The three background palettes of the call screen (spec section 1).
public enum Palette: String, CaseIterable, Sendable {
    /// While a call is being set up, and after it ends.
    case blueViolet = "blue-violet"
    /// Once the call is established.
    case blueGreen = "blue-green"
    /// An established call with weak signal (quality <= 0.2).
    case orangeRed = "orange-red"

    /// The four colours, in the order of the four colour centres.
    public var colors: [RGB] {
        let hex: [String]
        switch self {
        case .blueViolet: hex = ["#568FD6", "#626ED5", "#A667D5", "#7664DA"]
        case .blueGreen: hex = ["#ACBD65", "#459F8D", "#53A4D1", "#3E917A"]
        case .orangeRed: hex = ["#C0508D", "#F09536", "#CE5081", "#FC7C4C"]
        }
        return hex.compactMap(RGB.init(hex:))
    }

    /// The name used on the command line and in files.
    public var name: String { rawValue }

    /// Every valid name, for error messages and help.
    public static var validNames: String { allCases.map(\.name).joined(separator: ", ") }
}
