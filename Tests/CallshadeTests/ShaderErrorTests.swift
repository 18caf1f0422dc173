import CallshadeCore
@testable import CallshadeGL
import XCTest

final class ShaderErrorTests: XCTestCase {
    func brokenGradient(atLine line: Int) throws -> String {
        var lines = try ShaderLibrary.embedded.source("gradient.frag").text
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertGreaterThan(lines.count, line)
        lines[line - 1] = "    float broken = ;"
        return lines.joined(separator: "\n")
    }

    func testCompileErrorNamesFileAndLine() throws {
        let context = try GLContext()
        let shaders = ShaderLibrary(overriding: ["gradient.frag": try brokenGradient(atLine: 60)])
        XCTAssertThrowsError(try GPURenderer(context: context, shaders: shaders)) { error in
            guard case .compile(let file, let line, let log)? = error as? ShaderError else {
                return XCTFail("expected a compile error, got \(error)")
            }
            XCTAssertEqual(file, "gradient.frag")
            XCTAssertEqual(line, 60)
            XCTAssertFalse(log.isEmpty)
            XCTAssertTrue("\(error)".hasPrefix("shader gradient.frag:60 does not compile:"), "\(error)")
        }
    }

    func testVertexShaderErrorNamesItsFile() throws {
        let shaders = ShaderLibrary(overriding: ["quad.vert": "#version 300 es\nvoid main() {\n  gl_Position = vec4(oops);\n}\n"])
        XCTAssertThrowsError(try GPURenderer(context: try GLContext(), shaders: shaders)) { error in
            XCTAssertEqual((error as? ShaderError).flatMap { if case .compile(let f, let l, _) = $0 { return "\(f):\(l ?? 0)" } else { return nil } },
                           "quad.vert:3")
        }
    }

    func testMissingUniformIsNamed() throws {
        let shaders = ShaderLibrary(overriding: ["gradient.frag": "#version 300 es\nprecision highp float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"])
        XCTAssertThrowsError(try GPURenderer(context: try GLContext(), shaders: shaders)) { error in
            XCTAssertEqual(error as? ShaderError, .missingUniform(file: "gradient.frag", name: "u_resolution"))
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
        let folder = try TestPaths.scratchFolder()
        for name in ShaderLibrary.embeddedFileNames {
            try ShaderLibrary.embedded.source(name).text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try brokenGradient(atLine: 55).write(to: folder.appendingPathComponent("gradient.frag"), atomically: true, encoding: .utf8)
        let library = try ShaderLibrary(folder: folder.path)
        XCTAssertThrowsError(try GPURenderer(context: try GLContext(), shaders: library)) { error in
            XCTAssertTrue("\(error)".hasPrefix("shader gradient.frag:55 does not compile"), "\(error)")
        }
        XCTAssertThrowsError(try ShaderLibrary(folder: folder.appendingPathComponent("nope").path))
    }
}
