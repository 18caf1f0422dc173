import Foundation

/// The text of one shader, ready to compile: a pass file with its
/// `#include "NAME.glsl"` lines expanded.
public struct ShaderSource: Equatable, Sendable {
    /// The file name, as in `Shaders/` (for example `gradient.frag`).
    public let file: String
    public let text: String
    /// The file behind each GLSL source-string number: 0 is `file`, then the
    /// included files in order. Compile errors use it to name the right file.
    public let sourceFiles: [String]

    public init(file: String, text: String, sourceFiles: [String]? = nil) {
        self.file = file
        self.text = text
        self.sourceFiles = sourceFiles ?? [file]
    }

    /// The same source with `#define NAME` lines after its first line (the
    /// `#version` line), numbering kept by a `#line` directive.
    public func defining(_ names: [String]) -> ShaderSource {
        guard !names.isEmpty, let newline = text.firstIndex(of: "\n") else { return self }
        let defines = names.map { "#define \($0) 1" }.joined(separator: "\n")
        let expanded = String(text[...newline]) + defines + "\n#line 2 0\n" + String(text[text.index(after: newline)...])
        return ShaderSource(file: file, text: expanded, sourceFiles: sourceFiles)
    }

    /// The file a driver's source-string number refers to.
    public func fileName(forSourceString number: Int) -> String {
        sourceFiles.indices.contains(number) ? sourceFiles[number] : file
    }
}

/// Where shader sources come from: the copies embedded at build time, a
/// folder on disk (for live editing), or sources given directly.
public struct ShaderLibrary: Sendable {
    private let files: [String: String]
    private let origin: String
    /// Whether these are the shaders built into the binary, unchanged.
    public let isBuiltIn: Bool
    private let folder: URL?

    /// The shaders compiled into the binary from `Shaders/`.
    public static var embedded: ShaderLibrary {
        ShaderLibrary(files: EmbeddedShaders.files, origin: "the shaders built into callshade", folder: nil, isBuiltIn: true)
    }

    /// Shaders read from a folder when they are asked for.
    public init(folder path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ShaderError.missing(file: path, searched: "the file system (not a folder)")
        }
        self.init(files: [:], origin: path, folder: URL(fileURLWithPath: path, isDirectory: true))
    }

    /// Shaders given as text, by file name; names not given come from the embedded set.
    public init(overriding sources: [String: String]) {
        self.init(files: EmbeddedShaders.files.merging(sources) { $1 }, origin: "the given sources", folder: nil)
    }

    private init(files: [String: String], origin: String, folder: URL?, isBuiltIn: Bool = false) {
        self.files = files
        self.origin = origin
        self.folder = folder
        self.isBuiltIn = isBuiltIn
    }

    /// The names of the embedded shader files.
    public static var embeddedFileNames: [String] { EmbeddedShaders.files.keys.sorted() }

    /// A pass file with its includes expanded. Each `#include "NAME.glsl"` line
    /// (at most one level deep) is replaced by that file between `#line`
    /// directives, so the driver reports lines of included files under their
    /// own source-string number and line numbers.
    public func source(_ file: String) throws -> ShaderSource {
        let pass = try rawText(file)
        var sourceFiles = [file]
        var lines: [String] = []
        for (index, line) in pass.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let included = Self.includedName(in: line) else {
                lines.append(String(line))
                continue
            }
            let text = try rawText(included)
            if text.split(separator: "\n").contains(where: { Self.includedName(in: $0) != nil }) {
                throw ShaderError.unreadable(file: included, reason: "included files may not include others")
            }
            let number = sourceFiles.firstIndex(of: included) ?? sourceFiles.count
            if number == sourceFiles.count { sourceFiles.append(included) }
            lines.append("#line 1 \(number)")
            lines.append(contentsOf: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            lines.append("#line \(index + 2) 0")
        }
        return ShaderSource(file: file, text: lines.joined(separator: "\n"), sourceFiles: sourceFiles)
    }

    /// The NAME of a line `#include "NAME"`, or nil.
    static func includedName<S: StringProtocol>(in line: S) -> String? {
        // Most lines have no '#': they are passed over without trimming (every line of every file is asked).
        guard line.utf8.contains(UInt8(ascii: "#")) else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("#include") else { return nil }
        let rest = trimmed.dropFirst("#include".count).trimmingCharacters(in: .whitespaces)
        guard rest.count >= 2, rest.hasPrefix("\""), rest.hasSuffix("\"") else { return nil }
        return String(rest.dropFirst().dropLast())
    }

    /// One file's text, as stored.
    private func rawText(_ file: String) throws -> String {
        if let folder {
            let url = folder.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw ShaderError.missing(file: file, searched: origin)
            }
            do {
                return try String(contentsOf: url, encoding: .utf8)
            } catch {
                throw ShaderError.unreadable(file: url.path, reason: error.localizedDescription)
            }
        }
        guard let text = files[file] else { throw ShaderError.missing(file: file, searched: origin) }
        return text
    }
}
