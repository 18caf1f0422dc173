import CallshadeCore
@testable import CallshadeGL
import XCTest

/// The shader files as stored in Shaders/ (not expanded).
enum EmbeddedSource {
    static func text(of file: String) -> String? {
        try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Shaders").appendingPathComponent(file), encoding: .utf8)
    }
}

final class ShaderErrorTests: XCTestCase {
    /// The stored text of `file` with line `line` (1-based) replaced by a syntax error.
    func broken(_ file: String, atLine line: Int) throws -> String {
        let text = try XCTUnwrap(EmbeddedSource.text(of: file))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.indices.contains(line - 1) else {
            XCTFail("\(file) has only \(lines.count) lines")
            return text
        }
        lines[line - 1] = "    float broken = ;"
        return lines.joined(separator: "\n")
    }

    func assertCompileError(_ overrides: [String: String], file expectedFile: String, line expectedLine: Int,
                            sourceLine: UInt = #line) throws {
        let context = try GLContext()
        // Every program, as `render` compiles them for shaders given from a folder (built-in ones are compiled when first drawn).
        XCTAssertThrowsError(try GPURenderer(context: context, shaders: ShaderLibrary(overriding: overrides)).compileEveryVariant(),
                             line: sourceLine) { error in
            guard case .compile(let file, let line, let log)? = error as? ShaderError else {
                return XCTFail("expected a compile error, got \(error)", line: sourceLine)
            }
            XCTAssertEqual(file, expectedFile, line: sourceLine)
            XCTAssertEqual(line, expectedLine, line: sourceLine)
            XCTAssertFalse(log.isEmpty, line: sourceLine)
            XCTAssertTrue("\(error)".hasPrefix("shader \(expectedFile):\(expectedLine) does not compile:"), "\(error)", line: sourceLine)
        }
    }

    func testCompileErrorNamesFileAndLine() throws {
        let line = try line(of: "fragColor = vec4(dithered(color), 1.0);", in: "gradient.frag")
        try assertCompileError(["gradient.frag": try broken("gradient.frag", atLine: line)], file: "gradient.frag", line: line)
    }

    /// The line (1-based) of `file` that contains `text`.
    func line(of text: String, in file: String) throws -> Int {
        let source = try XCTUnwrap(EmbeddedSource.text(of: file))
        return try XCTUnwrap(source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }) + 1
    }

    func testErrorsInIncludedFilesNameThatFileAndItsLine() throws {
        // Lines the call's programs compile.
        let gradientLine = try line(of: "vec3 color = sum / max(total, 1e-5);", in: "gradient.glsl")
        try assertCompileError(["gradient.glsl": try broken("gradient.glsl", atLine: gradientLine)], file: "gradient.glsl", line: gradientLine)
        let wavesLine = try line(of: "vec2 p = offset / side;", in: "waves.glsl")
        try assertCompileError(["waves.glsl": try broken("waves.glsl", atLine: wavesLine)], file: "waves.glsl", line: wavesLine)
    }

    func testLinesAfterAnIncludeKeepTheirNumbers() throws {
        // foreground.frag includes three files before its own code; its own lines keep their numbers.
        let line = try line(of: "vec2 offset = gl_FragCoord.xy - u_centre;", in: "foreground.frag")
        try assertCompileError(["foreground.frag": try broken("foreground.frag", atLine: line)], file: "foreground.frag", line: line)
    }

    func testVertexShaderErrorNamesItsFile() throws {
        let shaders = ShaderLibrary(overriding: ["quad.vert": "#version 300 es\nvoid main() {\n  gl_Position = vec4(oops);\n}\n"])
        XCTAssertThrowsError(try GPURenderer(context: try GLContext(), shaders: shaders)) { error in
            XCTAssertEqual((error as? ShaderError).flatMap { if case .compile(let f, let l, _) = $0 { return "\(f):\(l ?? 0)" } else { return nil } },
                           "quad.vert:3")
        }
    }

    func testMissingUniformBlockIsNamed() throws {
        let shaders = ShaderLibrary(overriding: ["gradient.frag": "#version 300 es\nprecision highp float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"])
        XCTAssertThrowsError(try GPURenderer(context: try GLContext(), shaders: shaders)) { error in
            XCTAssertEqual(error as? ShaderError, .missingUniformBlock(file: "gradient.frag", name: "Background"))
        }
    }

    /// Every uniform but a sampler of `TextureUnit`'s table lives in a block: one outside is refused.
    func testUniformOutsideTheBlocksIsRefused() throws {
        let shaders = ShaderLibrary(overriding: [
            "gradient.frag": "#version 300 es\nprecision highp float;\nuniform float u_loose;\nout vec4 c;\nvoid main() { c = vec4(u_loose); }\n",
        ])
        XCTAssertThrowsError(try GPURenderer(context: try GLContext(), shaders: shaders)) { error in
            XCTAssertEqual(error as? ShaderError, .uniformOutsideBlocks(file: "gradient.frag", name: "u_loose"))
        }
    }

    func testDriverLogLineFormats() {
        XCTAssertEqual(ShaderLog.firstLine(in: "0:12(3): error: syntax error"), 12)
        XCTAssertEqual(ShaderLog.firstLine(in: "0(7) : error C0000: syntax error"), 7)
        XCTAssertEqual(ShaderLog.firstLine(in: "ERROR: 0:41: 'x' : undeclared identifier"), 41)
        XCTAssertEqual(ShaderLog.firstLine(in: "warning first\n0:5(1): error: bad"), 5)
        XCTAssertNil(ShaderLog.firstLine(in: "something went wrong"))
    }

    func testShaderFolderIsReadFromDisk() throws {
        let folder = try scratchFolder()
        for name in ShaderLibrary.embeddedFileNames {
            try XCTUnwrap(EmbeddedSource.text(of: name)).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // A line every eagerly built program compiles, found by its text.
        let line = try line(of: "vec3 color = sum / max(total, 1e-5);", in: "gradient.glsl")
        try broken("gradient.glsl", atLine: line).write(to: folder.appendingPathComponent("gradient.glsl"), atomically: true, encoding: .utf8)
        let library = try ShaderLibrary(folder: folder.path)
        XCTAssertThrowsError(try GPURenderer(context: try GLContext(), shaders: library)) { error in
            XCTAssertTrue("\(error)".hasPrefix("shader gradient.glsl:\(line) does not compile"), "\(error)")
        }
        XCTAssertThrowsError(try ShaderLibrary(folder: folder.appendingPathComponent("nope").path))
    }
}

final class GLCallErrorTests: XCTestCase {
    /// In debug builds (the tests') every GL call is checked on its own: a
    /// uniform range bound to a binding point that does not exist is
    /// reported as that glBindBufferRange call, at the line that made it,
    /// not later under the draw's name.
    func testAnErrorNamesTheCallThatMadeIt() throws {
        let context = try GLContext()
        let buffer = try GraphicsBuffer(context: context)
        try GLCalls.reserveUniformBuffer(buffer.name, bytes: 64)
        let words = [UInt32](repeating: 0, count: 4)
        let line = #line + 2
        XCTAssertThrowsError(try words.withUnsafeBytes {
            try GLCalls.writeUniforms($0, byteCount: 16, into: buffer.name, at: 0, binding: 100_000)
        }) { error in
            let failure = error as? GraphicsCallError
            XCTAssertEqual(failure?.call, "glBindBufferRange", "\(error)")
            XCTAssertEqual(failure?.code, "GL_INVALID_VALUE", "\(error)")
            XCTAssertEqual(failure?.location.line, line, "\(error)")
        }
        // Nothing is left pending for the next call.
        XCTAssertNoThrow(try words.withUnsafeBytes { try GLCalls.writeUniforms($0, byteCount: 16, into: buffer.name, at: 0, binding: 0) })
    }
}
