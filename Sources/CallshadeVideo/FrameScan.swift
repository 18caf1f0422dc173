/// Reads every packet of a video stream once, without decoding, to build
/// its `FrameIndex`, refusing what cannot be played exactly: a file that
/// ends early, timestamps that go backwards, no frames, too many frames.
struct FrameScan {
    let path: String
    let stream: AVCalls.StreamFacts
    /// The most frames accepted (the index takes 8 bytes a frame).
    let frameLimit: Int

    private struct Entry {
        let time: Int64
        let seekTime: Int64
        let duration: Int64
        let isKeyframe: Bool
        let isShown: Bool
    }

    func index(reading demuxer: AVCalls.Demuxer) throws(VideoError) -> FrameIndex {
        let packet: AVCalls.Packet
        do {
            packet = try AVCalls.Packet()
        } catch {
            throw VideoError.cannotDecode(path: path, reason: error.description)
        }
        var entries: [Entry] = []
        var packets: Int64 = 0
        var lastDecodeTime: Int64?
        var lastTime: Int64?
        var lastWasCorrupt = false
        while try nextPacket(demuxer, into: packet) {
            let facts = packet.facts
            guard facts.streamIndex == stream.index else { continue }
            packets += 1
            lastWasCorrupt = facts.isCorrupt
            guard let time = facts.presentationTime ?? facts.decodeTime else {
                throw VideoError.cannotDecode(path: path, reason: "packet \(packets) has no timestamp")
            }
            if let decodeTime = facts.decodeTime, let previous = lastDecodeTime, decodeTime <= previous {
                throw VideoError.timestampsGoBack(path: path, seconds: seconds(decodeTime))
            }
            // Without reordering (no B-frames) frames come in the order they are shown.
            if stream.reorderDelay == 0, let previous = lastTime, time <= previous {
                throw VideoError.timestampsGoBack(path: path, seconds: seconds(time))
            }
            lastDecodeTime = facts.decodeTime ?? lastDecodeTime
            lastTime = time
            guard entries.count < frameLimit else { throw VideoError.tooManyFrames(path: path, limit: frameLimit) }
            entries.append(Entry(time: time, seekTime: min(facts.decodeTime ?? time, time), duration: facts.duration,
                                 isKeyframe: facts.isKeyframe, isShown: !facts.isDiscarded))
        }
        if lastWasCorrupt {
            throw VideoError.truncated(path: path, reason: "its last frame is cut short")
        }
        if let declared = stream.declaredFrameCount, packets < declared {
            throw VideoError.truncated(path: path, reason: "it holds \(packets) of the \(declared) frames it declares")
        }
        return try index(of: entries)
    }

    /// The next packet; false at the end. A read that fails is the file's fault
    /// (cut short or damaged beyond the demuxer's repair) or the system's.
    private func nextPacket(_ demuxer: AVCalls.Demuxer, into packet: AVCalls.Packet) throws(VideoError) -> Bool {
        do {
            return try demuxer.read(into: packet)
        } catch {
            if let failure = demuxer.readFailure {
                throw VideoError.cannotDecode(path: path, reason: failure.reason)
            }
            throw VideoError.truncated(path: path, reason: error.reason)
        }
    }

    /// The shown entries in presentation order, from the first keyframe on
    /// (what comes before it cannot be decoded on its own), checked to have
    /// no two frames at one time.
    private func index(of entries: [Entry]) throws(VideoError) -> FrameIndex {
        let keys = entries.filter(\.isKeyframe).sorted { $0.time < $1.time }
        guard let firstKey = keys.first?.time else {
            if entries.isEmpty { throw VideoError.noFrames(path: path) }
            throw VideoError.cannotDecode(path: path, reason: "it has no keyframe to start decoding at")
        }
        let shown = entries.filter { $0.isShown && $0.time >= firstKey }.sorted { $0.time < $1.time }
        guard let last = shown.last else { throw VideoError.noFrames(path: path) }
        for (earlier, later) in zip(keys, keys.dropFirst()) where later.time == earlier.time {
            throw VideoError.timestampsGoBack(path: path, seconds: seconds(later.time))
        }
        for (earlier, later) in zip(shown, shown.dropFirst()) where later.time == earlier.time {
            throw VideoError.timestampsGoBack(path: path, seconds: seconds(later.time))
        }
        let times = shown.map(\.time)
        let loopLength = last.time - times[0] + lastDuration(of: shown)
        return FrameIndex(timeBase: stream.timeBase, times: times, keyTimes: keys.map(\.time),
                          seekTimes: keys.map(\.seekTime), loopLength: max(loopLength, 1))
    }

    /// How long the last frame shows: its packet's duration; else the gap
    /// before it; else one frame at the stated frame rate; else one tick.
    private func lastDuration(of shown: [Entry]) -> Int64 {
        if let last = shown.last, last.duration > 0 { return last.duration }
        if shown.count >= 2 { return shown[shown.count - 1].time - shown[shown.count - 2].time }
        let rate = stream.averageFrameRate
        let base = stream.timeBase
        guard rate.numerator > 0, rate.denominator > 0, base.numerator > 0 else { return 1 }
        let ticks = (Double(rate.denominator) * Double(base.denominator)) / (Double(rate.numerator) * Double(base.numerator))
        return ticks.isFinite && ticks >= 1 && ticks < 1e15 ? Int64(ticks.rounded()) : 1
    }

    private func seconds(_ timestamp: Int64) -> Double {
        Double(timestamp) * Double(stream.timeBase.numerator) / Double(stream.timeBase.denominator)
    }
}
