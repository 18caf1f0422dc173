import CallshadeCore
import CallshadeKinds
import CallshadePNG
import Foundation
import XCTest

/// The command line: a few runs of the built binary as a user would run it
/// (`runCallshade`); the rest in this process, to the same exit status and
/// diagnostic (`runInProcess`).
final class CommandLineTests: XCTestCase {
    func testFrameWritesAPNGWithEachBackend() throws {
        let folder = try scratchFolder()
        var images: [RGBAImage] = []
        for backend in ["gpu", "cpu"] {
            let path = folder.appendingPathComponent("\(backend).png").path
            let result = try runCallshade(["frame", "--layers", "background", "--palette", "blue-green", "--phase", "2.5",
                                           "--size", "270x480", "--backend", backend, "-o", path])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardError, "")
            let image = try PNGFile.read(path: path)
            XCTAssertEqual(image.width, 270)
            XCTAssertEqual(image.height, 480)
            images.append(image)
        }
        XCTAssertTrue(ImageComparison(images[0], images[1]).withinParity)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["cpu.png", "gpu.png"])
    }

    func testDefaultsAreThePhoneSizeAndBlueViolet() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("default.png").path
        let result = runInProcess(["frame", "-o", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let image = try PNGFile.read(path: path)
        XCTAssertEqual(image.size, .phone)
        // Row 0 is the top: the top-left pixel is the spec's value there (Scripts/spec-gradient.py).
        let topLeft = try XCTUnwrap(image.pixel(x: 0, y: 0))
        for (got, want) in zip(topLeft.prefix(3), [159.596, 103.244, 213.262]) {
            XCTAssertLessThanOrEqual(abs(Double(got) - want), 2, "\(topLeft)")
        }
    }

    func testBadInputGivesOneLineErrorsAndWritesNothing() throws {
        let folder = try scratchFolder()
        let target = folder.appendingPathComponent("out.png").path
        // Each refused as a malformed command line (64), with its diagnostic's identifier.
        let cases: [([String], String)] = [
            (["--size", "0x5"], "option.value"),
            (["--size", "-3x4"], "option.value"),
            (["--size", "12"], "option.value"),
            (["--size", "abcx5"], "option.value"),
            (["--size", "99999x10"], "option.value"),
            (["--size", "16385x2", "--backend", "cpu"], "option.value"),
            (["--palette", "purple"], "usage"),
            (["--phase", "nan"], "option.value"),
            (["--phase", "inf"], "option.value"),
            (["--phase", "-infinity"], "option.value"),
            (["--phase", "two"], "option.value"),
            (["--phase", ""], "option.value"),
            (["--layers", "sky"], "option.value"),
            (["--layers", ""], "option.value"),
            (["--backend", "metal"], "usage"),
            (["--egl-platform", "x11"], "usage"),
        ]
        for (arguments, id) in cases {
            let result = runInProcess(["frame", "-o", target] + arguments)
            assertDiagnostic(result, id, status: 64, "\(arguments)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "\(arguments)")
        }
    }

    func testBadOutputPathsAreRefused() throws {
        let folder = try scratchFolder()
        let cases: [(String, String)] = [
            (folder.appendingPathComponent("missing/dir/out.png").path, "output.folder-missing"),
            (folder.appendingPathComponent("out.jpg").path, "output.kind"),
            (folder.path + "/", "output.kind"),
            ("", "output.empty"),
        ]
        for (path, id) in cases {
            assertDiagnostic(runInProcess(["frame", "--size", "8x8", "-o", path]), id, status: 1, path)
        }
        let asFolder = folder.appendingPathComponent("looks.png")
        try FileManager.default.createDirectory(at: asFolder, withIntermediateDirectories: true)
        let result = runInProcess(["frame", "--size", "8x8", "-o", asFolder.path])
        assertDiagnostic(result, "output.kind", status: 1, asFolder.path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["looks.png"])
    }

    func testBrokenShaderFolderNamesTheFileAndLine() throws {
        let folder = try scratchFolder()
        let shaders = folder.appendingPathComponent("shaders")
        try FileManager.default.createDirectory(at: shaders, withIntermediateDirectories: true)
        let source = TestPaths.packageRoot.appendingPathComponent("Shaders")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: shaders.appendingPathComponent(name))
        }
        let library = shaders.appendingPathComponent("gradient.glsl")
        var lines = try String(contentsOf: library, encoding: .utf8).components(separatedBy: "\n")
        let target = try XCTUnwrap(lines.firstIndex { $0.contains("vec3 color = sum / max(total, 1e-5);") })
        lines[target] = "    vec3 color = ;"
        try lines.joined(separator: "\n").write(to: library, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("f.png").path
        let result = runInProcess(["frame", "--size", "8x8", "--shaders", shaders.path, "-o", output])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.hasPrefix("Error [gpu.shaders]: "), result.standardError)   // then the compiler's log
        XCTAssertTrue(result.standardError.contains("shader gradient.glsl:\(target + 1) does not compile"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testShaderFolderFromTheEnvironment() throws {
        let folder = try scratchFolder()
        let output = folder.appendingPathComponent("f.png").path
        let process = Process()
        process.executableURL = TestPaths.executable
        process.arguments = ["frame", "--size", "8x8", "-o", output]
        process.environment = ProcessInfo.processInfo.environment.merging(["CALLSHADE_SHADERS": folder.path]) { $1 }
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertTrue(message.hasPrefix("Error [gpu.shaders]: "), message)
        XCTAssertTrue(message.contains("shader quad.vert not found in \(folder.path)"), message)
    }

    func testNoPlatformListsWhatWasTriedAndPointsAtTheCPU() throws {
        try XCTSkipIf(FileManager.default.fileExists(atPath: "/dev/dri"), "this machine has DRM render nodes")
        let result = runInProcess(["info", "--egl-platform", "gbm"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.hasPrefix("Error [gpu.unavailable]: "), result.standardError)
        XCTAssertTrue(result.standardError.contains("tried:"), result.standardError)
        XCTAssertTrue(result.standardError.contains("gbm: no DRM render node in /dev/dri"), result.standardError)
        XCTAssertTrue(result.standardError.contains("--backend cpu"), result.standardError)
    }

    func testInfoNamesThePlatformAndRenderer() throws {
        let result = try runCallshade(["info"])
        XCTAssertEqual(result.status, 0, result.standardError)
        for label in ["platform", "renderer", "GL version", "GLSL version", "max render size"] {
            XCTAssertTrue(result.standardOutput.contains(label), result.standardOutput)
        }
        XCTAssertTrue(result.standardOutput.contains("OpenGL ES 3"), result.standardOutput)
    }

    func testNegativePhasesAreAccepted() throws {
        let folder = try scratchFolder()
        let negative = folder.appendingPathComponent("negative.png").path
        let wrapped = folder.appendingPathComponent("wrapped.png").path
        XCTAssertEqual(runInProcess(["frame", "--size", "9x9", "--phase", "-1.25", "-o", negative]).status, 0)
        XCTAssertEqual(runInProcess(["frame", "--size", "9x9", "--phase", "6.75", "-o", wrapped]).status, 0)
        assertSameImage(try PNGFile.read(path: negative), try PNGFile.read(path: wrapped))
    }

    func testHelpExplainsTheCommands() throws {
        let top = runInProcess(["--help"])
        XCTAssertEqual(top.status, 0)
        XCTAssertTrue(top.standardOutput.contains("frame"))
        XCTAssertTrue(top.standardOutput.contains("info"))
        let frame = runInProcess(["frame", "--help"])
        for option in ["--size", "--palette", "--phase", "--layers", "--backend", "--shaders"] {
            XCTAssertTrue(frame.standardOutput.contains(option), option)
        }
    }

    /// A short call without audio, for the commands that take a scenario.
    func shortCall(in folder: URL, level: String = "1") throws -> String {
        let path = folder.appendingPathComponent("call.json")
        try Data("""
            {"duration": 4, "size": "39x84", "events": [{"at": 0, "state": "active"}, {"at": 1, "level": \(level)}]}
            """.utf8).write(to: path)
        return path.path
    }

    func testNumericOptionsAreBoundedWithOneLineErrors() throws {
        let folder = try scratchFolder()
        let call = try shortCall(in: folder)
        let png = folder.appendingPathComponent("out.png").path
        let report = folder.appendingPathComponent("report").path
        let manyTimes = Array(repeating: "1", count: 1001).joined(separator: ",")
        // (arguments, exit status, the diagnostic's identifier); negative integers go after "=", as a leading "-" reads as an option.
        let cases: [([String], Int32, String)] = [
            (["frame", "-o", png, "--gradient-factor", "0"], 64, "option.range"),
            (["frame", "-o", png, "--gradient-factor", "9223372036854775807"], 64, "option.range"),
            (["frame", "-o", png, "--level", "inf"], 64, "option.value"),
            (["frame", "-o", png, "--level", "nan"], 64, "option.value"),
            (["frame", "-o", png, "--scenario", call, "--time", "1e308"], 1, "time.outside-scenario"),
            (["frame", "-o", png, "--scenario", call, "--time", "-0.5"], 1, "time.outside-scenario"),
            (["sheet", call, "-o", png, "--every", "1e-9"], 1, "instants.too-many"),
            (["sheet", call, "-o", png, "--every", "1e-320"], 1, "instants.too-many"),
            (["sheet", call, "-o", png, "--every", "0"], 64, "option.value"),
            (["sheet", call, "-o", png, "--every", "-2"], 64, "option.value"),
            (["sheet", call, "-o", png, "--every", "inf"], 64, "option.value"),
            (["sheet", call, "-o", png, "--columns", "0"], 64, "option.range"),
            (["sheet", call, "-o", png, "--columns", "9223372036854775807"], 64, "option.range"),
            (["sheet", call, "-o", png, "--size", "16384x16384", "--every", "2"], 1, "sheet.too-large"),
            (["sheet", call, "-o", png, "--size", "2000x4000", "--every", "0.01", "--columns", "100"], 1, "sheet.too-large"),
            (["compare", call, "-o", report, "--every", "1e-9"], 2, "instants.too-many"),
            (["compare", call, "-o", report, "--times", manyTimes], 64, "option.value"),
            (["compare", call, "-o", report, "--times", "1e308"], 2, "time.outside-scenario"),
            (["compare", call, "-o", report, "--tolerance", "256"], 64, "option.range"),
            (["compare", call, "-o", report, "--tolerance=-9223372036854775808"], 64, "option.range"),
            (["bench", "--frames", "0"], 64, "option.range"),
            (["bench", "--frames", "9223372036854775807"], 64, "option.range"),
            (["bench", "--seconds", "601"], 64, "option.range"),
            (["bench", "--seconds=-1"], 64, "option.range"),
            (["bench", "--sizes", "99999x1"], 64, "option.value"),
        ]
        for (arguments, status, id) in cases {
            let result = runInProcess(arguments)
            assertDiagnostic(result, id, status: status, "\(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: png), "\(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: report), "\(arguments)")
        }
        // Integers past Int64 are the argument parser's to refuse (its usage error, status 64), not a trap.
        for arguments in [["frame", "-o", png, "--seed", "9223372036854775808"], ["sheet", call, "-o", png, "--columns", "1e9"],
                          ["validate", call, "--lines", "99999999999999999999"]] {
            XCTAssertEqual(runInProcess(arguments).status, 64, "\(arguments)")
        }
    }

    func testExtremeButValidNumbersRender() throws {
        let folder = try scratchFolder()
        let png = folder.appendingPathComponent("out.png").path
        let loud = try shortCall(in: folder, level: "1e308")
        let cases: [[String]] = [
            ["--level", "1e308"], ["--level", "1.7976931348623157e308", "--backend", "cpu"],
            ["--phase", "1e300"], ["--phase", "-1.7976931348623157e308", "--backend", "cpu"],
            ["--seed=-9223372036854775808"], ["--seed", "9223372036854775807", "--backend", "cpu"],
            ["--scenario", loud, "--time", "3.5"], ["--scenario", loud, "--time", "4", "--backend", "cpu"],
            ["--size", "64x64", "--points-width", "1", "--layers", "background,waves", "--level", "5"],
        ]
        for arguments in cases {
            let result = runInProcess(["frame", "--size", "39x84", "-o", png] + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.standardError)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: png), "\(arguments)")
            unlink(png)
        }
        for arguments in [["validate", loud, "--lines=-9223372036854775808"], ["validate", loud, "--lines", "9223372036854775807"],
                          ["sheet", loud, "--every", "3.9", "--columns", "100", "-o", png]] {
            let result = try runCallshade(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.standardError)")
        }
    }
}
