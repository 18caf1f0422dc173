import CallshadeCore

/// The video call of a scenario as a function of time (video-call,
/// sections 1 to 6, 8): which cameras are on and since when, which picture
/// is full screen and which in the picture in picture, their transitions,
/// the picture in picture's corner, the controls and the flip button. A
/// walk over the events in order works out every change once; `state(at:)`
/// is then closed-form.
///
/// A camera shows while its event turned it on, its file is in the
/// scenario, and the call has not ended (an ended call drops both videos).
struct VideoTrack: Sendable {
    /// Which cameras show.
    struct Cameras: Equatable, Sendable {
        var remote = false
        var local = false

        subscript(feed: VideoFeed) -> Bool { feed == .remote ? remote : local }
        var any: Bool { remote || local }
        var both: Bool { remote && local }
    }

    /// Something `validate` lists: a camera on or off, a swap, a flip, a move of the picture in picture.
    struct Note: Sendable {
        let time: Double
        let text: String
    }

    static let videoOn = Spring.standard(0.3)
    static let videoOff = Spring.standard(0.35)
    static let titleSeconds = 0.15
    static let swapSeconds = 0.2
    static let moveSpring = Spring.standard(0.3)
    static let pipJoinSpring = Spring.standard(0.3)
    static let pipJoinFade = 0.1
    static let pipSmallScale = 0.6
    static let fadeOutSeconds = 0.3
    static let flipButtonSpring = Spring.standard(0.3)

    private(set) var renditions: [VideoRendition] = []
    private(set) var presence = MotionTrack<Double>(initial: 0)
    private(set) var titleChange = MotionTrack<Double>(initial: 0)
    private(set) var flipButton = MotionTrack<Double>(initial: 0)
    private(set) var controls = ControlsTrack()
    private(set) var corner = PiPCornerTrack()
    private(set) var notes: [Note] = []
    /// Instants where the cameras shown change, and which show after each.
    private(set) var cameraTimes: [Double] = []
    private(set) var cameraStates: [Cameras] = []
    /// The first event that needs what the scenario lacks: its index, field and why.
    private(set) var misplaced: (index: Int, field: String, reason: String)?

    init(_ scenario: Scenario) {
        var walk = Walk(scenario: scenario)
        for event in scenario.events { walk.apply(event) }
        walk.finish()
        self = walk.track
    }

    /// The cameras that show at `time`.
    func cameras(at time: Double) -> Cameras {
        SortedTimes.lastIndex(in: cameraTimes, atOrBefore: time).map { cameraStates[$0] } ?? Cameras()
    }

    func state(at time: Double) -> VideoState {
        guard !cameraTimes.isEmpty || !controls.changes.isEmpty else { return .none }
        var state = VideoState()
        state.presence = presence.value(at: time)
        state.titleChange = titleChange.value(at: time)
        state.controlsHidden = controls.hidden(at: time)
        state.controlsFade = controls.fade(at: time)
        state.flipButton = flipButton.value(at: time)
        state.pipPosition = corner.position(at: time)
        let shown = renditions.indices.filter { renditions[$0].start <= time && time < renditions[$0].end }
        let ordered = shown.sorted { a, b in
            let (x, y) = (renditions[a].layer(at: time), renditions[b].layer(at: time))
            return (x.layer.rawValue, x.since, a) < (y.layer.rawValue, y.since, b)
        }
        state.pictures = ordered.map { renditions[$0].shown(at: time) }.filter { $0.alpha > 0 }
        return state
    }

    /// The walk over the events that builds the track.
    private struct Walk {
        var track: VideoTrack
        let hasRemote: Bool
        let hasLocal: Bool
        var status = CallStatus()
        var cameras = Cameras()
        var swapped = false
        /// The rendition each camera that shows is drawn by.
        var current: [VideoFeed: Int] = [:]
        /// When the controls hide next unless something comes first, and why.
        var timer: (time: Double, cause: ControlsTrack.Cause)?

        init(scenario: Scenario) {
            track = VideoTrack(empty: ())
            hasRemote = scenario.remoteVideoPath != nil
            hasLocal = scenario.localVideoPath != nil
        }

        /// Where `feed` is when `cameras` show and the places are `swapped`.
        static func place(of feed: VideoFeed, _ cameras: Cameras, swapped: Bool) -> VideoPlace? {
            guard cameras[feed] else { return nil }
            guard cameras.both else { return .fullScreen }
            return (feed == .remote) != swapped ? .fullScreen : .pip
        }

        static func name(_ feed: VideoFeed) -> String { feed == .remote ? "the peer's video" : "your video" }

        mutating func note(_ time: Double, _ text: String) { track.notes.append(Note(time: time, text: text)) }

        mutating func refuse(_ event: ScenarioEvent, _ field: String, _ reason: String) {
            if track.misplaced == nil { track.misplaced = (event.index, field, reason) }
        }

        /// Hides the controls if the timer is due before `time` (events at an
        /// instant come before the timer's end there: a video coming on at the
        /// very instant it ends restarts it, video-call section 6).
        mutating func runTimer(before time: Double) {
            guard let due = timer, due.time < time else { return }
            timer = nil
            if cameras.any { track.controls.set(hidden: true, at: due.time, cause: due.cause) }
        }

        mutating func apply(_ event: ScenarioEvent) {
            let time = event.at
            runTimer(before: time)
            let before = cameras, swappedBefore = swapped, facingBefore = status.camera
            status.apply(event.change)
            checkFiles(event)
            let ended = status.state == .ended
            let after = Cameras(remote: hasRemote && status.remoteVideo && !ended, local: hasLocal && status.video && !ended)
            switch event.change {
            case .tap(.screen) where before.any:
                let hide = !track.controls.isHidden
                track.controls.set(hidden: hide, at: time, cause: .tap)
                timer = hide ? nil : (time + ControlsTrack.hideAfterTap, .tapTimer)
            case .tap(.pip):
                if before.both {
                    swapped.toggle()
                } else {
                    refuse(event, "tap", "the picture in picture is not on screen at \(ShownNumber.text(time)) s (it shows while both videos are on)")
                }
            case .pip(let corner):
                if corner != track.corner.corner(at: time) {
                    track.corner.move(to: corner, at: time, springs: before.both)
                    note(time, before.both ? "picture in picture to the \(corner.rawValue) corner (spring 130/17)"
                                           : "picture in picture corner: \(corner.rawValue) (none shows now)")
                }
            case .camera(let facing) where facing != facingBefore:
                flip(to: facing, at: time, cameras: before)
            default:
                break
            }
            if !after.both { swapped = false }
            if after != before || swapped != swappedBefore {
                rearrange(from: before, swappedBefore, to: after, swapped, at: time)
                cameras = after
                track.cameraTimes.append(time)
                track.cameraStates.append(after)
            }
        }

        /// A camera turned on or flipped needs its file.
        mutating func checkFiles(_ event: ScenarioEvent) {
            let add = "add it, a video or a PNG still"
            switch event.change {
            case .video(true) where !hasLocal:
                refuse(event, "video", "turns your camera on, but the scenario has no \"localVideo\" file; \(add)")
            case .remoteVideo(true) where !hasRemote:
                refuse(event, "remoteVideo", "turns the peer's camera on, but the scenario has no \"remoteVideo\" file; \(add)")
            case .camera where !hasLocal:
                refuse(event, "camera", "flips your camera, but the scenario has no \"localVideo\" file; \(add)")
            case .pip where !hasLocal || !hasRemote:
                refuse(event, "pip", "moves the picture in picture, which needs both videos, but the scenario has no \"\(hasRemote ? "localVideo" : "remoteVideo")\" file; \(add)")
            default:
                break
            }
        }

        /// The user's camera turns: a picture in picture turns edge on and
        /// back, a full-screen one cross-fades; while it is off, nothing shows it.
        mutating func flip(to facing: CameraFacing, at time: Double, cameras: Cameras) {
            guard let index = current[.local], let place = Self.place(of: .local, cameras, swapped: swapped) else {
                note(time, "camera \(facing.rawValue) (your video is off)")
                return
            }
            if place == .pip {
                track.renditions[index].flips.append(time)
                note(time, "camera flip to the \(facing.rawValue) camera: the picture in picture turns (0.2 s)")
                return
            }
            let old = track.renditions[index]
            track.renditions[index].fadeOut(at: time, over: Swap.seconds)
            var new = VideoRendition(feed: .local, tOn: old.tOn, mirrored: facing.mirrors, start: time, place: .fullScreen, alpha: 0)
            new.alpha.move(to: 1, at: time, on: .easeInOut(Swap.seconds))
            current[.local] = track.renditions.count
            track.renditions.append(new)
            note(time, "camera flip to the \(facing.rawValue) camera: cross-fade 0.2 s")
        }

        private enum Swap { static let seconds = VideoTrack.swapSeconds }

        /// Moves, brings and takes the pictures from one arrangement of the cameras to the next.
        mutating func rearrange(from before: Cameras, _ swappedBefore: Bool, to after: Cameras, _ swappedAfter: Bool, at time: Double) {
            let mirrored = status.camera.mirrors
            if before.both, after.both {
                swap(swapped: swappedAfter, at: time, mirrored: mirrored)
                return
            }
            var turnedOn = false
            for feed in VideoFeed.allCases {
                let from = Self.place(of: feed, before, swapped: swappedBefore), to = Self.place(of: feed, after, swapped: swappedAfter)
                switch (from, to) {
                case (nil, let place?):
                    turnedOn = true
                    var new = VideoRendition(feed: feed, tOn: time, mirrored: feed == .local && mirrored, start: time, place: place, alpha: 0)
                    if !before.any, place == .fullScreen {
                        new = VideoRendition(feed: feed, tOn: time, mirrored: feed == .local && mirrored, start: time, place: .avatar, alpha: 0)
                        new.move(to: .fullScreen, at: time, on: .spring(VideoTrack.videoOn))
                        new.alpha.move(to: 1, at: time, on: .spring(VideoTrack.videoOn))
                        note(time, "\(Self.name(feed)) on, full screen: the avatar becomes the video (spring 0.3 s)")
                    } else if place == .pip {
                        new.scale = MotionTrack(initial: VideoTrack.pipSmallScale)
                        new.scale.move(to: 1, at: time, on: .spring(VideoTrack.pipJoinSpring))
                        new.alpha.move(to: 1, at: time, on: .easeInOut(VideoTrack.pipJoinFade))
                        note(time, "\(Self.name(feed)) on, in the picture in picture (scale 0.6 to 1, spring 0.3 s)")
                    } else {
                        new.alpha.move(to: 1, at: time, on: .easeInOut(Swap.seconds))
                        note(time, "\(Self.name(feed)) on, full screen (cross-fade 0.2 s)")
                    }
                    current[feed] = track.renditions.count
                    track.renditions.append(new)
                case (let place?, nil):
                    guard let index = current[feed] else { break }
                    current[feed] = nil
                    if !after.any {
                        track.renditions[index].move(to: .avatar, at: time, on: .spring(VideoTrack.videoOff))
                        track.renditions[index].fadeOut(at: time, over: VideoTrack.fadeOutSeconds,
                                                        end: time + max(VideoTrack.videoOff.duration, VideoTrack.fadeOutSeconds))
                        note(time, "\(Self.name(feed)) off: the video becomes the avatar (spring 0.35 s)")
                    } else if place == .pip {
                        track.renditions[index].scale.move(to: VideoTrack.pipSmallScale, at: time, on: .easeInOut(VideoTrack.fadeOutSeconds))
                        track.renditions[index].fadeOut(at: time, over: VideoTrack.fadeOutSeconds)
                        note(time, "\(Self.name(feed)) off: the picture in picture fades out (0.3 s)")
                    } else {
                        track.renditions[index].fadeOut(at: time, over: VideoTrack.fadeOutSeconds)
                        note(time, "\(Self.name(feed)) off: it fades out (0.3 s)")
                    }
                case (let from?, let to?) where from != to:
                    guard let index = current[feed] else { break }
                    track.renditions[index].move(to: to, at: time, on: .spring(VideoTrack.moveSpring))
                    note(time, "\(Self.name(feed)) moves \(to == .pip ? "into the picture in picture" : "full screen") (spring 0.3 s)")
                default:
                    break
                }
            }
            if before.any != after.any {
                track.presence.move(to: after.any ? 1 : 0, at: time, on: .spring(after.any ? VideoTrack.videoOn : VideoTrack.videoOff))
                track.titleChange.move(to: after.any ? 1 : 0, at: time, on: .linear(VideoTrack.titleSeconds))
            }
            if before.local != after.local {
                track.flipButton.move(to: after.local ? 1 : 0, at: time, on: .spring(VideoTrack.flipButtonSpring))
            }
            if !after.any {
                timer = nil
                track.controls.set(hidden: false, at: time, cause: .videoGone)
            } else if turnedOn {
                // The timer restarts each time a video comes on (ours; the app arms it once).
                timer = (time + ControlsTrack.hideAfterVideo, .videoTimer)
            }
        }

        /// A tap on the picture in picture: each place keeps its frame and
        /// cross-fades to the other picture (0.2 s), the new one starting at
        /// the old one's size; the picture in picture's box takes the new aspect.
        mutating func swap(swapped: Bool, at time: Double, mirrored: Bool) {
            let full: VideoFeed = swapped ? .local : .remote, small: VideoFeed = swapped ? .remote : .local
            let aspect: (VideoFeed) -> Double = { $0 == .remote ? 1 : 0 }
            for feed in VideoFeed.allCases {
                guard let index = current[feed] else { continue }
                let old = track.renditions[index]
                let place: VideoPlace = feed == full ? .fullScreen : .pip
                track.renditions[index].fadeOut(at: time, over: Swap.seconds)
                if place == .fullScreen {
                    // It leaves the picture in picture, whose box turns to the other picture's aspect.
                    track.renditions[index].remoteAspect.move(to: aspect(small), at: time, on: .easeInOut(Swap.seconds))
                }
                var new = VideoRendition(feed: feed, tOn: old.tOn, mirrored: feed == .local && mirrored, start: time, place: place, alpha: 0)
                new.alpha.move(to: 1, at: time, on: .easeInOut(Swap.seconds))
                // It starts at the size of the picture it replaces.
                let replaced = place == .fullScreen ? small : full
                new.remoteAspect = MotionTrack(initial: aspect(replaced))
                new.remoteAspect.move(to: aspect(feed), at: time, on: .easeInOut(Swap.seconds))
                current[feed] = track.renditions.count
                track.renditions.append(new)
            }
            note(time, "swap: \(Self.name(full)) full screen, \(Self.name(small)) in the picture in picture (cross-fade 0.2 s)")
        }

        /// The timer left running after the last event.
        mutating func finish() {
            runTimer(before: .infinity)
        }
    }

    private init(empty: Void) {}
}
