import CallshadeCore
import CallshadeRender
import Foundation

/// `validate` for the access screen: its settings and its sparkle's loops.
extension AccessScenario: ListedScenario {
    public func listing(file: String) throws -> ValidationListing {
        let loops = duration / AccessSparkle.period
        return ValidationListing(facts: ValidationListing.facts(duration: duration, seed: nil) + ValidationListing.settings(size: size, fps: fps),
                                 kind: scene,
                                 details: ["sparkle: a \(ShownNumber.text(AccessSparkle.period)) s loop, \(String(format: "%.2f", loops)) loops"])
    }

    public var printed: [PrintedField: String] { ValidationListing.values(self) }
}
