import CallshadeCore
import CallshadeLottie
import CallshadeRender
import CallshadeSVG

/// `validate` for a chat (chat, section 5): its settings, its wallpaper,
/// then its drafts, sends and steps in time order.
extension ChatScenario: ListedScenario {
    public func listing(file: String) throws -> ValidationListing {
        if let pattern = wallpaper.patternPath {
            do {
                _ = try PatternDrawing.mask(file: pattern, size: size ?? .phone)
            } catch let error as PatternError {
                throw FramesError.pattern("\(file): wallpaper.pattern: \(error)")
            }
        }
        let facts = ValidationListing.facts(duration: duration, seed: seed)
            + [ValidationListing.count(events.count, "event"), ValidationListing.count(messages.count, "message")]
            + ValidationListing.settings(size: size, fps: fps)
        let raster = wallpaper.variant.rasterSize(for: size ?? .phone)
        var summary = "wallpaper: \(wallpaper.variant.rawValue) (raster \(raster.width)x\(raster.height)), phase \(wallpaper.phase)"
        summary += ", colours \(wallpaper.colors.map(\.description).joined(separator: " ")), step \(wallpaper.step.rawValue)"
        summary += " (\(ShownNumber.text(wallpaper.step.duration(animation))) s)"
        if wallpaper.iosKeyframes { summary += ", iOS keyframes" }
        if let pattern = wallpaper.patternPath { summary += ", pattern \(pattern) at \(wallpaper.intensity)" }
        // Each sticker read and checked as the frames will (chat-types section 8), and its facts.
        let stickers: [String: Sticker]
        do {
            stickers = try ChatStickers.load(self)
        } catch {
            throw FramesError.sticker("\(file): \(error)")
        }
        func fileFacts(_ sticker: Sticker) -> String {
            "\(sticker.width)x\(sticker.height), \(sticker.frames) frames at \(ShownNumber.text(sticker.rate)) fps (\(ShownNumber.text(Double(sticker.frames) / sticker.rate)) s"
        }
        var stickerPaths: [String] = []
        for event in events {
            if case .send(_, _, _, .sticker(let send)) = event.change, !stickerPaths.contains(send.path) { stickerPaths.append(send.path) }
        }
        let stickerLines = stickerPaths.compactMap { path -> String? in
            guard let sticker = stickers[path] else { return nil }
            let box = StickerFlight(animation: animation, canvas: (Double(sticker.width), Double(sticker.height))).box(rowBottom: 0)
            return "sticker \(path): \(fileFacts(sticker)), looping), drawn \(ShownNumber.text(box.width))x\(ShownNumber.text(box.height)) pt"
        } + self.animatedEmoji.keys.sorted().compactMap { key -> String? in
            guard let path = self.animatedEmoji[key], let sticker = stickers[path] else { return nil }
            let side = ShownNumber.text(ChatMessageLayout.animatedEmojiBox)
            return "animated emoji \(key) \(path): \(fileFacts(sticker)), once), drawn in \(side)x\(side) pt"
        }
        // Each voice message decoded as the frames will, its length, bubble and recording window (chat-types section 3).
        let voices: [String: VoiceClip]
        do {
            voices = try ChatVoices.load(self)
        } catch {
            throw FramesError.audio("\(file): \(error)")
        }
        let sends = events.sorted { ($0.at, $0.index) < ($1.at, $1.index) }.filter { event in
            if case .send = event.change { return true }
            return false
        }
        let voiceLines = sends.enumerated().compactMap { rank, event -> String? in
            guard case .send(_, _, _, .voice(let voice)) = event.change, let clip = voices[voice.path] else { return nil }
            let bubble = VoiceBubbleLayout(duration: clip.duration, durationWidth: 0, statusWidth: 0, right: 0, bottom: 0)
            let recorded = ChatTimeline.leadStart(sendAt: event.at, lead: clip.duration, previousSend: rank > 0 ? sends[rank - 1].at : 0)
            return "voice \(voice.path): \(ShownNumber.text(clip.duration)) s (shown \(clip.shownDuration)), "
                + "bubble at least \(ShownNumber.text(bubble.frameWidth)) pt wide, \(bubble.waveform.bars) bars; "
                + "recorded from \(ShownNumber.text(recorded)) until \(ShownNumber.text(event.at))"
        }
        // Each round video opened as the frames will, its size, length and capture window (chat-types section 4).
        let videos: [String: RoundVideoFile]
        do {
            videos = try ChatVideos.load(self)
        } catch {
            throw FramesError.video("\(file): \(error)")
        }
        let videoLines = sends.enumerated().compactMap { rank, event -> String? in
            guard case .send(_, _, _, .roundVideo(let video)) = event.change, let opened = videos[video.path] else { return nil }
            let input = opened.source.input
            let captured = ChatTimeline.leadStart(sendAt: event.at, lead: opened.duration, previousSend: rank > 0 ? sends[rank - 1].at : 0)
            let circle = RoundVideoFlight(animation: animation, screen: (390, Double((size ?? .phone).height) * 390 / Double((size ?? .phone).width)))
            return "round video \(video.path): \(input.width)x\(input.height), \(ShownNumber.text(opened.duration)) s looping, "
                + "circle \(ShownNumber.text(circle.diameter)) pt; captured from \(ShownNumber.text(captured)) until \(ShownNumber.text(event.at))"
        }
        return ValidationListing(facts: facts, kind: scene, details: [summary] + stickerLines + voiceLines + videoLines,
                                 timeline: .moments(ChatTimeline(self).milestones.map { ($0.time, $0.text) }))
    }

    public var printed: [PrintedField: String] { ValidationListing.values(self).merging([.avatar: avatarPath ?? ""]) { $1 } }
}
