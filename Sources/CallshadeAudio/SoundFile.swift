import CallshadeCore
import CallshadeSystem
import CSndFile

/// Errors of reading audio files; each names the file and what libsndfile said.
public enum AudioError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case unsupported(path: String, reason: String)
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot read audio '\(path)': \(reason)"
        case .unsupported(let path, let reason): return "audio '\(path)' is not usable: \(reason)"
        case .cannotRead(let path, let reason): return "cannot decode audio '\(path)': \(reason)"
        }
    }
}

/// An audio file opened with libsndfile (WAV, FLAC, OGG/Vorbis and Opus, MP3,
/// AIFF and the other formats it reads), read in blocks of interleaved floats.
/// This file is CallshadeAudio's calls layer: the only caller of libsndfile,
/// checking each result and turning it into an `AudioError`.
public final class SoundFile {
    public let path: String
    public let sampleRate: Int
    public let channels: Int
    /// Frames (one sample per channel) in the file, as libsndfile reports them.
    public let frames: Int64
    private let handle: OpaquePointer
    /// The open file libsndfile reads; kept open as long as this.
    private let file: InputFile

    /// Sample rates outside this range are refused as absurd.
    public static let sampleRates = 1_000...768_000

    /// Opens the file at `path`, if it is a regular file.
    public convenience init(path: String) throws {
        let file: InputFile
        do {
            file = try InputFile(path: path)
        } catch let failure as InputFile.Failure {
            throw AudioError.cannotOpen(path: path, reason: failure.reason)
        }
        try self.init(file: file)
    }

    /// Opens `file` (already checked to be a regular file) with libsndfile,
    /// which reads it through a duplicate of its descriptor.
    public init(file: InputFile) throws {
        let path = file.path
        // libsndfile gets a descriptor of its own to close (it closes the one
        // it is given when it fails to open a file, whatever it is told),
        // sharing the file's position, which is put at the start.
        let own: FileDescriptor
        do {
            try file.descriptor.seek(to: 0)
            own = try file.descriptor.duplicate()
        } catch {
            throw AudioError.cannotOpen(path: path, reason: error.reason)
        }
        var info = SF_INFO()
        guard let handle = sf_open_fd(own.rawValue, Int32(SFM_READ), &info, 1) else {
            throw AudioError.cannotOpen(path: path, reason: String(cString: sf_strerror(nil)))
        }
        guard info.channels > 0 else {
            Self.close(handle)
            throw AudioError.unsupported(path: path, reason: "it has no channels")
        }
        guard Self.sampleRates.contains(Int(info.samplerate)) else {
            Self.close(handle)
            throw AudioError.unsupported(path: path, reason: "its sample rate of \(info.samplerate) Hz is outside "
                                         + "\(Self.sampleRates.lowerBound)...\(Self.sampleRates.upperBound) Hz")
        }
        self.path = path
        self.file = file
        self.handle = handle
        sampleRate = Int(info.samplerate)
        channels = Int(info.channels)
        frames = info.frames
    }

    deinit {
        Self.close(handle)
    }

    /// Closes libsndfile's handle and its descriptor. Only read from, so a
    /// failing close loses nothing; it comes where an error is already on
    /// its way, or in a deinit, so its result has nowhere to go.
    private static func close(_ handle: OpaquePointer) {
        _ = sf_close(handle)
    }

    /// Reads up to `frameCount` frames into `buffer` (interleaved); returns the
    /// number of frames read, 0 at the end.
    public func read(into buffer: inout [Float], frameCount: Int) throws -> Int {
        if buffer.count < frameCount * channels { buffer = [Float](repeating: 0, count: frameCount * channels) }
        let read = buffer.withUnsafeMutableBufferPointer { sf_readf_float(handle, $0.baseAddress, sf_count_t(frameCount)) }
        guard read >= 0 else { throw AudioError.cannotRead(path: path, reason: String(cString: sf_strerror(handle))) }
        if read == 0, sf_error(handle) != 0 {
            throw AudioError.cannotRead(path: path, reason: String(cString: sf_strerror(handle)))
        }
        return Int(read)
    }

    /// The whole file through `meter`, block by block.
    public func measure<Meter: SoundMeter>(into meter: inout Meter) throws {
        var buffer: [Float] = []
        while true {
            let read = try self.read(into: &buffer, frameCount: 8192)
            if read == 0 { break }
            buffer.withUnsafeBufferPointer { meter.add(interleaved: UnsafeBufferPointer(rebasing: $0.prefix(read * channels))) }
        }
    }
}
