import CallshadeCore
import Foundation

/// The switch for work kept between frames: `CALLSHADE_REUSE` (`on`, the
/// default, or `off`: every frame made from nothing, the same bytes,
/// slower). Read once a command, which makes one store for its render and
/// hands it to the scene and the renderer.
enum ReuseSwitch {
    static let variable = "CALLSHADE_REUSE"

    /// The setting in `environment`: unset or empty is on; anything but `on` or `off` is refused, naming the variable.
    static func reuse(in environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Reuse {
        guard let value = environment[variable], !value.isEmpty else { return .on }
        guard let reuse = Reuse(rawValue: value.lowercased()) else {
            throw Diagnostic.optionValue(option: variable, given: String(value.prefix(100)), expected: "is neither 'on' nor 'off' (unset is on)")
        }
        return reuse
    }

    /// A store for one render, on or off as the environment says.
    static func store() throws -> ReuseStore { ReuseStore(try reuse()) }
}
