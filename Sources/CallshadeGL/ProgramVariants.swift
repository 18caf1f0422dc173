/// Programs of one pass built for each set of options, on first use.
final class ProgramVariants<Options: Hashable, Variant> {
    private let make: (Options) throws -> Variant
    private var built: [Options: Variant] = [:]

    /// Builds the common variants now, so a broken shader fails at once.
    init(eager: [Options], make: @escaping (Options) throws -> Variant) throws {
        self.make = make
        for options in eager { built[options] = try make(options) }
    }

    func variant(_ options: Options) throws -> Variant {
        if let variant = built[options] { return variant }
        let variant = try make(options)
        built[options] = variant
        return variant
    }
}
