import CallshadeCore

/// Decodes the frames of one stream exactly, in any order: a frame is
/// always what decoding from its keyframe (the last at or before it) gives.
/// Asked for a frame, it goes on decoding when it is already on its way
/// there from that keyframe, and otherwise seeks to the keyframe and starts
/// again, so forward play, a seek from far away and a loop give the same bytes.
/// Damaged data is skipped: the picture is the last good frame at or before
/// the one asked for (else the next good one), and the first damage is noted.
final class FrameDecoder {
    private let path: String
    private let stream: AVCalls.StreamFacts
    private let index: FrameIndex
    private let colour: StreamColour
    private let demuxer: AVCalls.Demuxer
    private let decoder: AVCalls.Decoder
    private let scaler: AVCalls.Scaler
    private let packet: AVCalls.Packet
    /// The frame just received, and the latest at or before the one asked for.
    private var received: AVCalls.Frame
    private var candidate: AVCalls.Frame
    private var store: DecodedFrames

    /// The keyframe decoding last started at (an index into `index.keyTimes`); nil before any.
    private var segment: Int?
    /// The last frame received since then.
    private var latest: Int?
    private var demuxerEnded = false

    /// The first damaged data met, until taken.
    private var damage: VideoWarning?
    private var damageReported = false

    /// Failures in a row without a packet read in between before decoding gives up.
    private static let failureLimit = 64

    init(path: String, stream: AVCalls.StreamFacts, index: FrameIndex, colour: StreamColour,
         demuxer: AVCalls.Demuxer, maximumPixels: Int, capacity: Int) throws(AVCalls.Failure) {
        self.path = path
        self.stream = stream
        self.index = index
        self.colour = colour
        self.demuxer = demuxer
        decoder = try AVCalls.Decoder(demuxer: demuxer, stream: stream.index, maximumPixels: maximumPixels)
        scaler = try AVCalls.Scaler()
        packet = try AVCalls.Packet()
        received = try AVCalls.Frame()
        candidate = try AVCalls.Frame()
        store = DecodedFrames(capacity: capacity)
    }

    /// Pictures held now (at most the capacity).
    var picturesHeld: Int { store.count }

    /// The first damage met, once.
    func takeWarning() -> VideoWarning? {
        guard let damage, !damageReported else { return nil }
        damageReported = true
        return damage
    }

    /// The picture of frame `target` (an index into the `FrameIndex`).
    func picture(of target: Int) throws(VideoError) -> YCbCrPicture {
        if let kept = store.answer(to: target) { return kept }
        do {
            return try decode(target)
        } catch {
            // Where a failed decode left the demuxer is no place to go on from: the next starts at its keyframe.
            segment = nil
            latest = nil
            throw error
        }
    }

    private func decode(_ target: Int) throws(VideoError) -> YCbCrPicture {
        let key = index.keyframe(of: target)
        let onTheWay = segment == key && (latest.map { $0 < target && store.contains($0) } ?? true)
        if !onTheWay { try start(at: key) }
        var best: (frame: Int, picture: YCbCrPicture?)? = latest.flatMap { frame in
            frame <= target ? store.picture(of: frame).map { (frame, $0) } : nil
        }
        var failures = 0
        while true {
            let next: Int?
            do {
                next = try nextFrame(failures: &failures)
            } catch {
                throw VideoError.cannotDecode(path: path, reason: error.description)
            }
            guard let frame = next else { break }
            if index.times[frame] < index.keyTimes[key] { continue }   // an open GOP's leading frames, after a seek
            latest = frame
            if frame <= target {
                swap(&received, &candidate)
                best = (frame, nil)
            }
            if frame >= target {
                if frame > target {
                    // Past the frame asked for: kept for the next; the answer when nothing before it decoded.
                    let picture = try keep(received, as: frame)
                    if best == nil { best = (frame, picture) }
                }
                break
            }
        }
        guard let best else {
            throw VideoError.cannotDecode(path: path, reason: "no frame at or after \(index.seconds(of: target)) s decodes")
        }
        let picture: YCbCrPicture
        if let converted = best.picture {
            picture = converted
        } else {
            picture = try keep(candidate, as: best.frame)
        }
        store.remember(answer: best.frame, to: target)
        return picture
    }

    @discardableResult
    private func keep(_ frame: AVCalls.Frame, as index: Int) throws(VideoError) -> YCbCrPicture {
        let picture = try convert(frame)
        store.insert(picture, of: index)
        return picture
    }

    /// Seeks to keyframe `key` and skips to its packet, so decoding starts there.
    private func start(at key: Int) throws(VideoError) {
        decoder.reset()
        received.clear()
        candidate.clear()
        segment = nil
        latest = nil
        demuxerEnded = false
        let keyTime = index.keyTimes[key]
        do {
            // A demuxer may land after the keyframe asked for; from the first keyframe every packet is read.
            for seekTime in [index.seekTimes[key], index.seekTimes[0]] {
                try demuxer.seek(stream: stream.index, to: seekTime)
                if try skip(to: keyTime) {
                    segment = key
                    return
                }
            }
            // A demuxer that seeks by bytes only (a still read as a stream: JPEG) starts again from the first byte.
            if key == 0 {
                try demuxer.seekToFirstByte()
                if try skip(to: keyTime) {
                    segment = key
                    return
                }
            }
        } catch {
            throw VideoError.cannotDecode(path: path, reason: error.description)
        }
        throw VideoError.cannotDecode(path: path, reason: "seeking does not reach the keyframe at \(index.seconds(ofTimestamp: keyTime)) s")
    }

    /// Reads packets up to the keyframe shown at `time` and sends it to the
    /// decoder; false when a later keyframe or the end comes first.
    private func skip(to time: Int64) throws(AVCalls.Failure) -> Bool {
        while try demuxer.read(into: packet) {
            let facts = packet.facts
            guard facts.streamIndex == stream.index, facts.isKeyframe,
                  let packetTime = facts.presentationTime ?? facts.decodeTime else { continue }
            if packetTime > time { return false }
            if packetTime == time {
                try send()
                return true
            }
        }
        return false
    }

    /// The next frame out of the decoder (its index), reading packets as it
    /// needs them; nil at the end of the stream. Corrupt frames and damaged
    /// packets are skipped and noted.
    private func nextFrame(failures: inout Int) throws(AVCalls.Failure) -> Int? {
        while true {
            let outcome: AVCalls.Received
            do {
                outcome = try decoder.receive(into: received)
            } catch where error.isInvalidData {
                note(error.description, near: latest.map { index.times[$0] })
                failures += 1
                guard failures < Self.failureLimit else { throw error }
                continue
            }
            switch outcome {
            case .finished:
                return nil
            case .frame:
                guard let time = received.timestamp, let frame = index.frame(atTimestamp: time) else { continue }
                if received.isCorrupt {
                    note("a frame decoded with errors", near: time)
                    continue
                }
                return frame
            case .needsInput:
                if demuxerEnded {
                    try decoder.sendEnd()
                    continue
                }
                guard try demuxer.read(into: packet) else {
                    demuxerEnded = true
                    continue
                }
                guard packet.facts.streamIndex == stream.index else { continue }
                failures = 0
                try send()
            }
        }
    }

    /// Sends the packet read; a damaged one is noted and left out.
    private func send() throws(AVCalls.Failure) {
        do {
            try decoder.send(packet)
        } catch where error.isInvalidData {
            let facts = packet.facts
            note(error.description, near: facts.presentationTime ?? facts.decodeTime)
        }
    }

    private func note(_ reason: String, near timestamp: Int64?) {
        guard damage == nil else { return }
        damage = VideoWarning(path: path, seconds: timestamp.map { max(index.seconds(ofTimestamp: $0), 0) } ?? 0, reason: reason)
    }

    private func convert(_ frame: AVCalls.Frame) throws(VideoError) -> YCbCrPicture {
        let planes: AVCalls.Planes
        if frame.isYUV420Planar8, frame.width == stream.width, frame.height == stream.height {
            planes = frame.planes()
        } else {
            do {
                planes = try scaler.convert(frame, width: stream.width, height: stream.height,
                                            matrix: colour.scalerMatrix, fullRange: colour.range == .full)
            } catch {
                throw VideoError.cannotDecode(path: path, reason: error.description)
            }
        }
        guard let picture = YCbCrPicture(width: stream.width, height: stream.height, luma: planes.luma, cb: planes.cb,
                                         cr: planes.cr, matrix: colour.matrix, range: colour.range) else {
            throw VideoError.cannotDecode(path: path, reason: "a frame's planes do not match its size")
        }
        return picture
    }
}
