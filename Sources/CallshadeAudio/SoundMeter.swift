/// What measures a sound as it is read, block by block: the call's voice
/// level (`VoiceLevelMeter`), or any other reading of a recording.
public protocol SoundMeter {
    /// A meter for a sound of `sampleRate` frames a second, `channels` interleaved.
    init(sampleRate: Int, channels: Int)
    /// Adds interleaved samples, continuing where the last block stopped.
    mutating func add(interleaved samples: UnsafeBufferPointer<Float>)
    /// The seconds of sound added so far.
    var duration: Double { get }
}
