import ArgumentParser
import CallshadeCore
import CallshadePNG
import Foundation

struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Render one frame of the call screen to a PNG file.",
        discussion: """
        The background is a four-point gradient whose colour centres travel through \
        eight anchor positions; the phase says where they are (0 to 8, whole numbers \
        are the anchor positions, fractions lie between two). The PNG is 8-bit RGB \
        with an sRGB chunk; the file appears only once it is completely written.

        Examples:
          callshade frame -o frame.png
          callshade frame --palette orange-red --phase 3.25 --size 1080x1920 -o weak.png
          callshade frame --backend cpu --size 270x480 -o reference.png
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "OUT.png"))
    var output: String

    @Option(help: ArgumentHelp("Background palette: \(Palette.validNames).", valueName: "NAME"))
    var palette: String = Palette.blueViolet.name

    @Option(parsing: .unconditional, help: ArgumentHelp("Where the colour centres are: a number, taken modulo 8.", valueName: "P"))
    var phase: String = "0"

    @Option(help: ArgumentHelp("Comma-separated layers to draw: \(Layer.available.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "LIST"))
    var layers: String = Layer.available.map(\.rawValue).joined(separator: ",")

    @OptionGroup var render: RenderOptions

    func validate() throws {
        _ = try chosenPalette()
        _ = try chosenPhase()
        _ = try chosenLayers()
        try OutputPath.checkPNG(output)
    }

    func run() throws {
        let request = FrameRequest(size: try render.frameSize(), layers: try chosenLayers(),
                                   background: GradientParameters(palette: try chosenPalette(), phase: try chosenPhase()))
        let renderer = try render.makeRenderer()
        let image = try renderer.render(request)
        try PNGFile.write(image, to: output)
    }

    private func chosenPalette() throws -> Palette {
        guard let palette = Palette(rawValue: palette) else {
            throw CLIError("unknown palette '\(palette)'; valid palettes: \(Palette.validNames)")
        }
        return palette
    }

    private func chosenPhase() throws -> Double {
        guard let value = Double(phase.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw CLIError("phase '\(phase)' is not a finite number")
        }
        return value
    }

    private func chosenLayers() throws -> Set<Layer> {
        do {
            return try Layer.parseList(layers)
        } catch {
            throw CLIError("\(error)")
        }
    }
}
