import CallshadeCore
import CallshadePNG
import Foundation
import XCTest

/// Runs programs for the video tests: ffprobe, ffmpeg, scripts.
enum Tools {
    struct Output {
        let status: Int32
        let standardOutput: Data
        let standardError: String
        var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    currentDirectory: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let collector = PipeCollector(error)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: collector.finish(), as: UTF8.self)
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: data, standardError: errorText)
    }

    static func available(_ name: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(name)"]).status) == 0
    }

    /// Whether ffmpeg and ffprobe are installed, asked once.
    static let hasFFmpeg = available("ffmpeg") && available("ffprobe")

    /// ffprobe's values of the stream fields `fields` of the first video stream, in one run, by name.
    static func probeStream(_ file: String, _ fields: [String], countFrames: Bool = false) throws -> [String: String] {
        var arguments = ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=" + fields.joined(separator: ","),
                         "-of", "default=nw=1"]
        if countFrames { arguments.insert("-count_frames", at: 0) }
        let lines = try run("ffprobe", arguments + [file]).text.split(separator: "\n")
        return Dictionary(lines.compactMap { line -> (String, String)? in
            guard let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }, uniquingKeysWith: { first, _ in first })
    }

    /// ffprobe's value of `entries` (for example stream=codec_name) of the first video stream.
    static func probe(_ file: String, _ entries: String, stream: String = "v:0", countFrames: Bool = false) throws -> String {
        var arguments = ["-v", "error", "-select_streams", stream, "-show_entries", entries, "-of", "default=nw=1:nk=1"]
        if countFrames { arguments.insert("-count_frames", at: 0) }
        return try run("ffprobe", arguments + [file]).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Frame `index` of a video decoded to RGB with the BT.709 matrix at limited range.
    static func decodedFrame(_ file: String, index: Int, width: Int, height: Int) throws -> [UInt8] {
        let result = try run("ffmpeg", ["-v", "error", "-i", file, "-vf",
                                        "select=eq(n\\,\(index)),scale=in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int,format=rgb24",
                                        "-frames:v", "1", "-f", "rawvideo", "-"])
        XCTAssertEqual(result.standardOutput.count, width * height * 3, result.standardError)
        return [UInt8](result.standardOutput)
    }

    /// Every frame of a video, decoded to raw RGB bytes.
    static func decodedFrames(_ file: String) throws -> Data {
        try run("ffmpeg", ["-v", "error", "-i", file, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).standardOutput
    }
}

/// A callshade run that can be signalled while it works.
final class RunningCallshade {
    let process = Process()
    private let errorPipe = Pipe()
    private var collector: PipeCollector?

    init(_ arguments: [String]) throws {
        process.executableURL = TestPaths.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorPipe
        try process.run()
        collector = PipeCollector(errorPipe)
    }

    /// Waits up to `seconds` for `condition`; false when it never held.
    func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return false
    }

    /// The pids of this run's child processes.
    var children: [Int32] {
        let list = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children",
                                encoding: .utf8)) ?? ""
        return list.split(separator: " ").compactMap { Int32($0) }
    }

    func finish() -> (status: Int32, standardError: String) {
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: collector?.finish() ?? Data(), as: UTF8.self))
    }
}
