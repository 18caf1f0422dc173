import CallshadeCore
@testable import CallshadeGL
import XCTest

/// Each program's uniforms are one typed block (and the tiled passes' vertex
/// stage reads the `Target` block): the Swift block's std140 layout, member
/// by member, against what GL reports for the linked program's block.
final class UniformBlockTests: XCTestCase {
    /// Each pass file with the blocks its program reads, as Swift writes them.
    private static var programs: [(vertex: String, fragment: String, defines: [String], blocks: [any UniformBlock])] { [
        ("quad.vert", "gradient.frag", [], [BackgroundBlock()]),
        ("tiles.vert", "gradient.frag", ["GRADIENT_LOOKUP"], [TargetBlock(), BackgroundBlock()]),
        ("quad.vert", "waves-grid.frag", [], [WavesGridBlock()]),
        ("tiles.vert", "foreground.frag", ["AVATAR_PICTURE"], [TargetBlock(), ForegroundBlock()]),
        ("tiles.vert", "glass.frag", ["OVER_BACKGROUND"], [TargetBlock(), GlassBlock()]),
        ("marks.vert", "marks.frag", [], [TargetBlock()]),
        ("tiles.vert", "shade.frag", [], [TargetBlock(), ShadeBlock()]),
        ("tiles.vert", "sheen.frag", [], [TargetBlock(), SheenBlock()]),
        ("tiles.vert", "shapes-entities.frag", [], [TargetBlock(), ShapesBlock()]),
        ("tiles.vert", "shapes-entities.frag", ["FROSTED"], [TargetBlock(), ShapesBlock()]),
        ("tiles.vert", "text-entity.frag", [], [TargetBlock(), TextEntityBlock()]),
        ("tiles.vert", "mapped-picture.frag", [], [TargetBlock(), MappedPictureBlock()]),
        ("tiles.vert", "mipmapped-picture.frag", [], [TargetBlock(), MipmappedPictureBlock()]),
        ("tiles.vert", "stroke.frag", [], [TargetBlock(), StrokeBlock()]),
        ("stroke-segments.vert", "stroke-segments.frag", [], [TargetBlock()]),
        ("tiles.vert", "stamps.frag", [], [TargetBlock(), StampsBlock()]),
        ("stamp-layer.vert", "stamp-layer.frag", [], [TargetBlock()]),
        ("pencil-layer.vert", "pencil-layer.frag", [], [TargetBlock(), PencilBlock()]),
        ("tiles.vert", "video.frag", [], [TargetBlock(), VideoBlock()]),
        ("tiles.vert", "video.frag", ["STILL_PICTURE"], [TargetBlock(), VideoBlock()]),
        ("tiles.vert", "wallpaper.frag", [], [TargetBlock(), WallpaperBlock()]),
        ("tiles.vert", "picture.frag", [], [TargetBlock(), PictureBlock()]),
        ("tiles.vert", "bubbles.frag", [], [TargetBlock(), BubblesBlock()]),
        ("quad.vert", "yuv.frag", ["LUMA"], [ConversionBlock()]),
        ("quad.vert", "blur.frag", [], [BlurBlock()]),
    ] }

    /// GL's type enums of the member types the blocks use.
    private static let glslTypes: [Int: String] = [0x1406: "float", 0x8B50: "vec2", 0x8B51: "vec3", 0x8B52: "vec4", 0x8B53: "ivec2"]

    func testSwiftBlocksHaveTheShadersLayouts() throws {
        let context = try GLContext()
        let shaders = ShaderLibrary.embedded
        for (vertex, fragment, defines, blocks) in Self.programs {
            let program = try ShaderProgram(context: context, vertex: try shaders.source(vertex),
                                            fragment: try shaders.source(fragment).defining(defines))
            let interface = try program.interface()
            let place = "\(vertex) + \(fragment)"
            XCTAssertEqual(interface.blocks.map(\.name).sorted(), blocks.map { type(of: $0).name }.sorted(), place)
            for block in blocks {
                let name = type(of: block).name
                guard let index = interface.blocks.firstIndex(where: { $0.name == name }) else { continue }
                var writer = Std140Writer(recording: true)
                block.write(to: &writer)
                XCTAssertEqual(interface.blocks[index].dataSize, writer.byteCount, "\(place): \(name)'s size")
                let members = interface.uniforms.filter { $0.block == index }.sorted { $0.offset < $1.offset }.map {
                    Std140Member(name: $0.name, type: Self.glslTypes[$0.type] ?? "0x\(String($0.type, radix: 16))", count: $0.size, offset: $0.offset)
                }
                XCTAssertEqual(members, writer.members, "\(place): \(name)")
            }
            // Samplers are the only uniforms outside the blocks.
            for uniform in interface.uniforms where uniform.block == nil {
                XCTAssertTrue(TextureUnit.allCases.contains { $0.sampler == uniform.name }, "\(place): \(uniform.name)")
            }
        }
    }

    /// Arrays and structs take 16 bytes an element and are padded to 16, as std140 says.
    func testTheWriterLaysOutStd140() {
        var writer = Std140Writer(recording: true)
        writer.float("a", 1)
        writer.vec3("b", 2, 3, 4)
        writer.vec2("c", 5, 6)
        writer.vec2s("d", count: 2) { (Float($0), 0) }
        writer.float("e", 7)
        XCTAssertEqual(writer.members?.map(\.offset), [0, 16, 32, 48, 80])
        XCTAssertEqual(writer.byteCount, 96)
        XCTAssertEqual(writer.words[12], Float(0).bitPattern)
        XCTAssertEqual(writer.words[16], Float(1).bitPattern)
    }

    /// Draws queued one after another each read their own block, also when
    /// the stream fills up and moves to a new buffer between them (here at every draw).
    func testEachDrawReadsItsOwnBlock() throws {
        let context = try GLContext()
        let pipeline = try Pipeline<BackgroundBlock>(context: context, shaders: .embedded, vertex: "quad.vert", fragment: "gradient.frag")
        let gradients = (0..<6).map { GradientUniforms(GradientParameters(palette: .blueViolet, phase: Double($0) * 0.9),
                                                       mapping: .fullSize(width: 16, height: 16)) }
        func render(_ stream: UniformStream, reading: Bool) throws -> [[UInt8]] {
            let targets = try gradients.map { _ in try Framebuffer(color: try Texture(context: context, width: 16, height: 16)) }
            var read: [[UInt8]] = []
            for (target, gradient) in zip(targets, gradients) {
                try DrawCall(pipeline, into: target, block: BackgroundBlock(gradient: gradient)).perform(streaming: stream)
                if reading { read.append(try target.readPixels()) }
            }
            return reading ? read : try targets.map { try $0.readPixels() }
        }
        let apart = try render(try UniformStream(context: context), reading: true)
        XCTAssertEqual(Set(apart).count, gradients.count, "the gradients differ")
        XCTAssertEqual(try render(try UniformStream(context: context, capacity: 256), reading: false), apart)
        XCTAssertEqual(try render(try UniformStream(context: context), reading: false), apart)
    }

    /// `Shaders/UNIFORMS.md`'s list of blocks is the one `Scripts/uniforms`
    /// works out from the shaders.
    func testUniformsDocumentMatchesTheShaders() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = root.appendingPathComponent("Scripts/uniforms")
        process.arguments = ["--check"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
    }
}
