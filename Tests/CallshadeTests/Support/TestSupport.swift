import CallshadeCore
import CallshadeGL
import Foundation
import XCTest

/// Paths of the package and of the built products.
enum TestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var goldens: URL { packageRoot.appendingPathComponent("Goldens") }

    /// Where failing image tests put what they got: next to the build output.
    static var failureOutput: URL { packageRoot.appendingPathComponent(".build/test-failures") }

    /// The folder holding the test bundle and the `callshade` executable.
    static var products: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    static var executable: URL { products.appendingPathComponent("callshade") }

    /// A fresh empty folder for one test; the caller removes it (a test
    /// case's own `scratchFolder()` does).
    static func scratchFolder(_ name: String = #function) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("callshade-tests-\(getpid())-\(safe)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension XCTestCase {
    /// A fresh empty folder for this test, removed when the test ends
    /// (whether it passes or fails), so that runs leave nothing in /tmp.
    func scratchFolder(_ name: String = #function) throws -> URL {
        let url = try TestPaths.scratchFolder(name)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// The GPU renderer on whatever platform this machine offers (llvmpipe in CI).
func makeGPURenderer(shaders: ShaderLibrary = .embedded) throws -> GPURenderer {
    try GPURenderer(context: try GLContext(), shaders: shaders)
}

/// How two images of the same size differ, channel by channel (alpha included).
struct ImageComparison: CustomStringConvertible {
    let maxDelta: Int
    let channelsOverOne: Int
    let pixelsOverOne: Int
    let pixelCount: Int
    /// The first pixel (row-major from the top left) whose channels differ by more than one level.
    let firstDifference: (x: Int, y: Int, a: [UInt8], b: [UInt8])?

    init(maxDelta: Int, channelsOverOne: Int, pixelsOverOne: Int, pixelCount: Int,
         firstDifference: (x: Int, y: Int, a: [UInt8], b: [UInt8])?) {
        self.maxDelta = maxDelta
        self.channelsOverOne = channelsOverOne
        self.pixelsOverOne = pixelsOverOne
        self.pixelCount = pixelCount
        self.firstDifference = firstDifference
    }

    init(_ a: RGBAImage, _ b: RGBAImage) {
        precondition(a.width == b.width && a.height == b.height, "compare images of one size")
        // Through buffer pointers: the tests are built without optimisation,
        // where indexing arrays costs a second or more on a phone-sized frame.
        var maxDelta = 0
        var channelsOverOne = 0
        var pixelsOverOne = 0
        var firstIndex: Int?
        a.pixels.withUnsafeBufferPointer { a in
            b.pixels.withUnsafeBufferPointer { b in
                let (wordsA, wordsB) = (UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
                var offset = 0
                while offset < a.count {
                    // A pixel equal in all four channels at once is passed over (most are).
                    guard wordsA.load(fromByteOffset: offset, as: UInt32.self) != wordsB.load(fromByteOffset: offset, as: UInt32.self) else {
                        offset += 4
                        continue
                    }
                    var over = 0, channel = offset
                    while channel < offset + 4 {
                        let delta = a[channel] > b[channel] ? Int(a[channel] &- b[channel]) : Int(b[channel] &- a[channel])
                        if delta > maxDelta { maxDelta = delta }
                        if delta > 1 { over += 1 }
                        channel += 1
                    }
                    if over > 0 {
                        channelsOverOne += over
                        pixelsOverOne += 1
                        if firstIndex == nil { firstIndex = offset / 4 }
                    }
                    offset += 4
                }
            }
        }
        self.maxDelta = maxDelta
        self.channelsOverOne = channelsOverOne
        self.pixelsOverOne = pixelsOverOne
        self.pixelCount = a.width * a.height
        self.firstDifference = firstIndex.map { index in
            (x: index % a.width, y: index / a.width,
             a: Array(a.pixels[index * 4..<index * 4 + 4]), b: Array(b.pixels[index * 4..<index * 4 + 4]))
        }
    }

    /// The parity rule: |delta| <= 1 on at least 99.9 % of pixels, <= 2 everywhere.
    var withinParity: Bool {
        maxDelta <= 2 && Double(pixelsOverOne) <= 0.001 * Double(pixelCount)
    }

    var description: String {
        var text = "max |delta| \(maxDelta), \(pixelsOverOne) of \(pixelCount) pixels over 1"
        if let first = firstDifference {
            text += "; first at (\(first.x), \(first.y)): \(first.a) vs \(first.b)"
        }
        return text
    }
}

/// How two byte arrays of one length (planes, frames) differ, sample by
/// sample: the largest absolute difference and how many samples differ at all.
struct SampleDifferences: CustomStringConvertible {
    let maxDelta: Int
    let differing: Int
    let count: Int
    /// The first sample that differs, and its two values.
    let first: (index: Int, a: UInt8, b: UInt8)?

    init(_ a: [UInt8], _ b: [UInt8]) {
        precondition(a.count == b.count, "compare arrays of one length")
        var maxDelta = 0
        var differing = 0
        var first: (Int, UInt8, UInt8)?
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for index in 0..<a.count where a[index] != b[index] {
                    let delta = a[index] > b[index] ? Int(a[index] &- b[index]) : Int(b[index] &- a[index])
                    if delta > maxDelta { maxDelta = delta }
                    differing += 1
                    if first == nil { first = (index, a[index], b[index]) }
                }
            }
        }
        self.maxDelta = maxDelta
        self.differing = differing
        self.count = a.count
        self.first = first.map { (index: $0.0, a: $0.1, b: $0.2) }
    }

    var description: String {
        var text = "max |delta| \(maxDelta), \(differing) of \(count) samples differ"
        if let first { text += "; first at \(first.index): \(first.a) vs \(first.b)" }
        return text
    }
}

/// Runs the built `callshade` and returns its exit status and output.
struct CommandResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

func runCallshade(_ arguments: [String], currentDirectory: URL? = nil) throws -> CommandResult {
    Tools.commandResult(try Tools.run(TestPaths.executable.path, arguments, currentDirectory: currentDirectory))
}

extension Tools {
    static func commandResult(_ output: Output) -> CommandResult {
        CommandResult(status: output.status, standardOutput: output.text, standardError: output.standardError)
    }
}

/// Reads a pipe to its end on a background thread.
final class PipeCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}

/// Asserts two images are byte-identical; on failure says where they first differ instead of dumping them.
func assertSameImage(_ a: RGBAImage, _ b: RGBAImage, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard a.width == b.width, a.height == b.height else {
        return XCTFail("sizes differ: \(a.width)x\(a.height) vs \(b.width)x\(b.height) \(message)", file: file, line: line)
    }
    guard a != b else { return }
    let index = zip(a.pixels, b.pixels).enumerated().first { $0.element.0 != $0.element.1 }.map { $0.offset / 4 } ?? 0
    XCTFail("images differ, first at (\(index % a.width), \(index / a.width)): "
            + "\(a.pixel(x: index % a.width, y: index / a.width) ?? []) vs \(b.pixel(x: index % a.width, y: index / a.width) ?? []) \(message)",
            file: file, line: line)
}

/// Asserts a run was refused with the diagnostic `id` (its one line reads
/// "Error [ID]: ...") and exit `status`.
func assertDiagnostic(_ result: CommandResult, _ id: String, status: Int32, _ context: String = "",
                      file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(result.status, status, "\(context): \(result.standardError)", file: file, line: line)
    let lines = result.standardError.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, "\(context): \(result.standardError)", file: file, line: line)
    XCTAssertTrue(lines.first?.hasPrefix("Error [\(id)]: ") ?? false, "\(context): wanted [\(id)], got \(result.standardError)",
                  file: file, line: line)
}
