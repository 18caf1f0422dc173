import CallshadeCore
import Foundation
import XCTest

/// Hostile input and faults, as a user and then an attacker would try them.
/// Every case runs the built binary and is held to `HostileHarness`'s rules;
/// cases that need root (device nodes, tmpfs mounts) are skipped and counted
/// without it. Each test names its first broken case.
final class HostileTests: XCTestCase {
    /// How long after a stop a process still running counts as hung (not as slow: no test holds a time).
    static let stopHangsAfter = 20.0

    /// Runs the cases; one failure naming the first broken case and how many broke.
    private func hold(_ group: String, _ cases: [HostileCase?]) {
        HostileHarness.hold(group, cases)
    }

    private func scenario(_ inputs: HostileInputs, _ name: String = "s.json", duration: Double = 0.5) throws -> String {
        try inputs.text(name, HostileInputs.scenario(duration: duration))
    }

    // MARK: Outputs

    func testOutputsAreNeverRenamedOverWhatTheyMayNotReplace() throws {
        let inputs = try HostileInputs("outputs")
        let dir = inputs.folder.path
        let call = try scenario(inputs)
        let small = ["--size", "64x64", "--backend", "cpu"]
        var cases: [HostileCase?] = []

        func refused(_ name: String, _ arguments: [String], id: String, mentioning message: String, untouched: [(String, mode_t)] = [],
                     absent: [String] = [], folders: [String] = []) -> HostileCase {
            HostileCase(name: name, arguments: arguments, outcome: .refused(status: id == "ffmpeg.failed" ? 3 : 1, id: id, mentioning: message),
                        absent: absent,
                        untouched: untouched.map { (path: $0.0, type: $0.1) }, folders: [dir] + folders)
        }

        if let device = try inputs.characterDevice("null-copy") {
            cases.append(refused("render mp4 onto a device", ["render", call, "--format", "mp4", "-o", device] + small,
                                 id: "output.not-replaceable", mentioning: "character device", untouched: [(device, S_IFCHR)]))
            cases.append(refused("render PNG frames onto a device", ["render", call, "--format", "png", "-o", device] + small,
                                 id: "output.not-replaceable", mentioning: "character device", untouched: [(device, S_IFCHR)]))
            let link = try inputs.symlink("link.mp4", to: device)
            cases.append(refused("render through a symbolic link to a device", ["render", call, "-o", link] + small,
                                 id: "output.not-replaceable", mentioning: "character device", untouched: [(device, S_IFCHR), (link, S_IFLNK)]))
        } else {
            cases += [nil, nil, nil]
        }
        if let device = try inputs.characterDevice("device.png") {
            cases.append(refused("frame onto a device", ["frame", "-o", device] + small, id: "output.not-replaceable", mentioning: "character device",
                                 untouched: [(device, S_IFCHR)]))
            cases.append(refused("sheet onto a device", ["sheet", call, "--every", "0.25", "-o", device] + small,
                                 id: "output.not-replaceable", mentioning: "character device", untouched: [(device, S_IFCHR)]))
        } else {
            cases += [nil, nil]
        }
        if let device = try inputs.characterDevice("report-device") {
            let png = try inputs.file("a.png", try HostileInputs.png(width: 8, height: 8, scratch: inputs.path("scratch.png")))
            cases.append(HostileCase(name: "compare report onto a device", arguments: ["compare", png, png, "-o", device],
                                     outcome: .refused(id: "output.not-replaceable", mentioning: "character device"), untouched: [(device, S_IFCHR)], folders: [dir]))
        } else {
            cases.append(nil)
        }
        let fifo = try inputs.fifo("out.mp4")
        cases.append(refused("render onto a FIFO", ["render", call, "-o", fifo] + small, id: "output.not-replaceable", mentioning: "FIFO", untouched: [(fifo, S_IFIFO)]))
        let fifoPNG = try inputs.fifo("fifo.png")
        cases.append(refused("frame onto a FIFO", ["frame", "-o", fifoPNG] + small, id: "output.not-replaceable", mentioning: "FIFO", untouched: [(fifoPNG, S_IFIFO)]))
        let socket = try inputs.socket("sock.mp4")
        cases.append(refused("render onto a socket", ["render", call, "-o", socket] + small, id: "output.not-replaceable", mentioning: "socket", untouched: [(socket, S_IFSOCK)]))
        let dangling = try inputs.symlink("dangling.png", to: inputs.path("nowhere/x.png"))
        cases.append(refused("frame onto a dangling link", ["frame", "-o", dangling] + small, id: "output.dangling-link", mentioning: "symbolic link to nothing",
                             untouched: [(dangling, S_IFLNK)]))
        let full = try inputs.folder("full", containing: ["keep.txt"])
        cases.append(refused("render frames into a folder that is not empty", ["render", call, "-o", full] + small, id: "output.folder-not-empty", mentioning: "not empty",
                             untouched: [(full + "/keep.txt", S_IFREG)]))
        let plain = try inputs.text("plain", "keep")
        cases.append(refused("render frames over a regular file", ["render", call, "--format", "png", "-o", plain] + small,
                             id: "output.not-replaceable", mentioning: "regular file", untouched: [(plain, S_IFREG)]))
        cases.append(refused("frame into a missing folder", ["frame", "-o", inputs.path("missing/x.png")] + small, id: "output.folder-missing", mentioning: "does not exist"))
        cases.append(refused("frame to an empty path", ["frame", "-o", ""] + small, id: "output.empty", mentioning: "empty"))
        let tooLong = String(repeating: "n", count: 252) + ".png"
        cases.append(refused("frame to a 256-byte name", ["frame", "-o", inputs.path(tooLong)] + small, id: "output.name-too-long", mentioning: "255",
                             absent: [inputs.path(tooLong)]))
        let longest = String(repeating: "l", count: 251) + ".png"
        cases.append(HostileCase(name: "frame to a 255-byte name", arguments: ["frame", "-o", inputs.path(longest)] + small,
                                 outcome: .succeeds, untouched: [(inputs.path(longest), S_IFREG)], folders: [dir]))
        let target = try inputs.text("target.png", "old")
        let link = try inputs.symlink("through.png", to: target)
        cases.append(HostileCase(name: "frame through a link to a regular file", arguments: ["frame", "-o", link] + small,
                                 outcome: .succeeds, untouched: [(link, S_IFLNK), (target, S_IFREG)], folders: [dir]))

        if let disk = try inputs.tmpfs("full-disk", kilobytes: 64) {
            cases.append(refused("PNG frames on a full disk", ["render", call, "--size", "390x844", "--backend", "cpu",
                                                               "-o", disk + "/frames"], id: "output.write", mentioning: "ENOSPC", absent: [disk + "/frames"],
                                 folders: [disk]))
            cases.append(refused("frame on a full disk", ["frame", "--size", "1170x2532", "--backend", "cpu", "-o", disk + "/x.png"],
                                 id: "output.write", mentioning: "ENOSPC", absent: [disk + "/x.png"], folders: [disk]))
            cases.append(HostileCase(name: "video on a full disk", arguments: ["render", call, "--size", "390x844",
                                                                              "-o", disk + "/call.mkv", "--codec", "ffv1"],
                                     outcome: .refused(status: 3, id: "ffmpeg.failed", mentioning: "ffmpeg"), absent: [disk + "/call.mkv"], folders: [disk]))
        } else {
            cases += [nil, nil, nil]
        }
        if inputs.isRoot {
            cases.append(nil)   // root writes into any folder: EACCES needs an ordinary user
        } else {
            let locked = try inputs.folder("locked")
            chmod(locked, 0o555)
            cases.append(refused("frame into a folder without write permission", ["frame", "-o", locked + "/x.png"] + small,
                                 id: "output.write", mentioning: "EACCES", absent: [locked + "/x.png"], folders: [locked]))
        }
        if let readOnly = try inputs.tmpfs("read-only", kilobytes: 64, readOnly: true) {
            cases.append(refused("frame on a read-only file system", ["frame", "-o", readOnly + "/x.png"] + small, id: "output.write", mentioning: "EROFS",
                                 absent: [readOnly + "/x.png"]))
            cases.append(refused("PNG frames on a read-only file system", ["render", call, "-o", readOnly + "/frames"] + small,
                                 id: "output.write", mentioning: "EROFS", absent: [readOnly + "/frames"]))
        } else {
            cases += [nil, nil]
        }
        hold("output", cases)
    }

    // MARK: Inputs

    func testInputsThatMustBeRegularFilesAndBounded() throws {
        let inputs = try HostileInputs("inputs")
        let dir = inputs.folder.path
        let out = inputs.path("out.png")
        let small = ["--size", "64x64", "--backend", "cpu"]
        var cases: [HostileCase?] = []

        func refused(_ name: String, _ arguments: [String], id: String, mentioning message: String, memory: Int = 350) -> HostileCase {
            HostileCase(name: name, arguments: arguments, outcome: .refused(status: 1, id: id, mentioning: message), absent: [out],
                        folders: [dir], memoryLimitMiB: memory, timeoutSeconds: 30)
        }
        func withScenario(_ name: String, _ json: String) throws -> String { try inputs.text(name, json) }

        // The scenario file itself.
        cases.append(refused("scenario is a FIFO", ["validate", try inputs.fifo("fifo.json")], id: "scenario.invalid", mentioning: "not a regular file"))
        cases.append(refused("render from a FIFO scenario", ["render", try inputs.fifo("fifo2.json"), "-o", inputs.path("fifo.mp4")] + small,
                             id: "scenario.invalid", mentioning: "not a regular file"))
        if let device = try inputs.characterDevice("device.json") {
            cases.append(refused("scenario is a device", ["validate", device], id: "scenario.invalid", mentioning: "not a regular file"))
        } else {
            cases.append(nil)
        }
        cases.append(refused("scenario is a folder", ["validate", try inputs.folder("folder.json")], id: "scenario.invalid", mentioning: "folder"))
        cases.append(refused("scenario is missing", ["validate", inputs.path("none.json")], id: "scenario.invalid", mentioning: "no such file"))
        cases.append(refused("scenario of 200 MB", ["validate", try inputs.sparse("huge.json", size: 200 << 20)], id: "scenario.invalid", mentioning: "bytes", memory: 100))
        let million = try withScenario("million.json", HostileInputs.scenario(duration: 1, events: HostileInputs.events(1_000_000)))
        cases.append(refused("scenario of 1 M events (34 MB)", ["validate", million], id: "scenario.invalid", mentioning: "bytes", memory: 100))
        let tooMany = try withScenario("many.json", HostileInputs.scenario(duration: 1, events: HostileInputs.events(100_001)))
        cases.append(refused("scenario of 100,001 events", ["validate", tooMany], id: "scenario.invalid", mentioning: "100000", memory: 300))
        cases.append(refused("scenario nested 100,000 deep",
                             ["validate", try withScenario("deep.json", String(repeating: "[", count: 100_000))], id: "scenario.invalid", mentioning: "deep"))
        cases.append(refused("duplicate top-level key",
                             ["validate", try withScenario("dup.json", "{\"duration\": 5, \"duration\": 6}")], id: "scenario.invalid", mentioning: "duplicate"))
        cases.append(refused("duplicate key in an event", ["validate", try withScenario("dup2.json",
            HostileInputs.scenario(events: "[{\"at\": 0, \"at\": 1, \"tap\": true}]"))], id: "scenario.invalid", mentioning: "duplicate"))
        cases.append(refused("invalid UTF-8", ["validate", try inputs.file("utf.json", Array("{\"duration\": 1, \"x\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8))], id: "scenario.invalid", mentioning: "s"))
        cases.append(refused("an empty scenario file", ["validate", try inputs.file("empty.json", [])], id: "scenario.invalid", mentioning: "JSON"))
        cases.append(refused("a string of 1 MB", ["validate", try withScenario("long.json",
            "{\"duration\": 1, \"avatar\": \"" + String(repeating: "a", count: 1 << 20) + "\"}")], id: "scenario.invalid", mentioning: "bytes"))

        // The avatar.
        let avatarFIFO = try inputs.fifo("avatar.png")
        cases.append(refused("avatar is a FIFO (validate)", ["validate",
            try withScenario("fifo-avatar.json", HostileInputs.scenario(extra: "\"avatar\": \"avatar.png\""))], id: "scenario.invalid", mentioning: "not a regular file"))
        cases.append(refused("avatar is a FIFO (frame)", ["frame", "--avatar", avatarFIFO, "-o", out] + small, id: "avatar.unreadable", mentioning: "not a regular file"))
        if let device = try inputs.characterDevice("avatar-device.png") {
            cases.append(refused("avatar is a device", ["frame", "--avatar", device, "-o", out] + small, id: "avatar.unreadable", mentioning: "not a regular file"))
        } else {
            cases.append(nil)
        }
        cases.append(refused("avatar is empty", ["frame", "--avatar", try inputs.file("empty.png", []), "-o", out] + small, id: "avatar.unreadable", mentioning: "PNG"))
        cases.append(refused("avatar is not a PNG", ["frame", "--avatar", try inputs.file("wav.png", HostileInputs.wav(samples: 100)),
                                                     "-o", out] + small, id: "avatar.unreadable", mentioning: "PNG"))
        let real = try HostileInputs.png(width: 64, height: 64, scratch: inputs.path("scratch.png"))
        cases.append(refused("avatar is a truncated PNG", ["frame", "--avatar", try inputs.file("cut.png", Array(real.prefix(real.count / 2))),
                                                          "-o", out] + small, id: "avatar.unreadable", mentioning: "PNG"))
        let wide = try HostileInputs.png(width: 70_000, height: 1, scratch: inputs.path("scratch-wide.png"))
        cases.append(refused("avatar 70000 pixels wide", ["frame", "--avatar", try inputs.file("wide.png", wide), "-o", out] + small,
                             id: "avatar.unreadable", mentioning: "more than"))
        let big = try HostileInputs.png(width: 6324, height: 6324, scratch: inputs.path("scratch-big.png"))
        let bigPath = try inputs.file("big.png", big)
        let bigOut = inputs.path("big-avatar.png")
        cases.append(HostileCase(name: "avatar of 6324x6324 (40 MP)", arguments: ["frame", "--avatar", bigPath, "-o", bigOut] + small,
                                 outcome: .succeeds, untouched: [(bigOut, S_IFREG)], folders: [dir], memoryLimitMiB: 400))

        // The recording.
        let audioFIFO = try inputs.fifo("voice.wav")
        cases.append(refused("audio is a FIFO (validate)", ["validate",
            try withScenario("fifo-audio.json", HostileInputs.scenario(extra: "\"audio\": \"voice.wav\""))], id: "scenario.invalid", mentioning: "not a regular file"))
        cases.append(refused("audio is a FIFO (levels)", ["levels", audioFIFO], id: "audio.unreadable", mentioning: "not a regular file"))
        cases.append(refused("audio on a pipe (levels /dev/stdin)", ["levels", "/dev/stdin"], id: "audio.unreadable", mentioning: "not a regular file"))
        if let device = try inputs.characterDevice("device.wav") {
            cases.append(refused("audio is a device", ["levels", device], id: "audio.unreadable", mentioning: "not a regular file"))
        } else {
            cases.append(nil)
        }
        cases.append(refused("audio is empty", ["levels", try inputs.file("empty.wav", [])], id: "audio.unreadable", mentioning: "audio"))
        cases.append(refused("audio is noise", ["levels", try inputs.file("noise.wav", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) })],
                             id: "audio.unreadable", mentioning: "audio"))
        var badRate = HostileInputs.wav(samples: 800)
        for index in 24..<28 { badRate[index] = 0 }
        cases.append(refused("audio with a sample rate of 0", ["levels", try inputs.file("rate.wav", badRate)], id: "audio.unreadable", mentioning: "audio"))
        cases.append(HostileCase(name: "audio recorded, then rendered with it", arguments: ["render",
            try withScenario("voiced.json", HostileInputs.scenario(duration: 0.5, extra: "\"audio\": \"ok.wav\"")),
            "-o", inputs.path("voiced.mp4"), "--size", "64x64"], outcome: .succeeds, folders: [dir]))
        _ = try inputs.file("ok.wav", HostileInputs.wav(samples: 8000))
        hold("input", cases)
    }

    // MARK: Options

    func testNumericOptionsAreBounded() throws {
        let inputs = try HostileInputs("options")
        let dir = inputs.folder.path
        let call = try scenario(inputs, duration: 1)
        let out = "{png}"
        let video = "{mp4}"
        let avatar = try inputs.file("avatar.png", try HostileInputs.png(width: 16, height: 16, scratch: inputs.path("scratch.png")))
        let small = ["--size", "64x64", "--backend", "cpu"]
        var made = 0

        /// Each case writes (or must not write) outputs of its own: {png} and {mp4} in its arguments.
        func refused(_ name: String, _ arguments: [String], id: String, mentioning message: String) -> HostileCase {
            made += 1
            let png = inputs.path("out-\(made).png")
            let mp4 = inputs.path("out-\(made).mp4")
            let filled = arguments.map { $0 == "{png}" ? png : $0 == "{mp4}" ? mp4 : $0 }
            return HostileCase(name: name, arguments: filled, outcome: .refused(id: id, mentioning: message),
                               absent: [png, mp4, inputs.path("report")], folders: [dir])
        }
        var cases: [HostileCase?] = []
        cases.append(refused("--points-width 1e-300 with an avatar", ["frame", "--points-width", "1e-300", "--avatar", avatar, "-o", out] + small,
                             id: "points-width.range", mentioning: "points-width"))
        cases.append(refused("--points-width 0.01", ["frame", "--points-width", "0.01", "-o", out] + small, id: "points-width.range", mentioning: "points-width"))
        cases.append(refused("--points-width nan", ["frame", "--points-width", "nan", "-o", out] + small, id: "option.value", mentioning: "points-width"))
        cases.append(refused("--points-width -5", ["frame", "--points-width", "-5", "-o", out] + small, id: "option.value", mentioning: "points-width"))
        cases.append(refused("--size 0x0", ["frame", "--size", "0x0", "-o", out], id: "option.value", mentioning: "size"))
        cases.append(refused("--size with 20 digits", ["frame", "--size", "99999999999999999999x2", "-o", out], id: "option.value", mentioning: "size"))
        cases.append(refused("--size 16385x1", ["frame", "--size", "16385x1", "-o", out], id: "option.value", mentioning: "size"))
        cases.append(refused("--phase nan", ["frame", "--phase", "nan", "-o", out] + small, id: "option.value", mentioning: "phase"))
        cases.append(refused("--level -1", ["frame", "--level", "-1", "-o", out] + small, id: "option.value", mentioning: "level"))
        cases.append(refused("--time past the scenario", ["frame", "--scenario", call, "--time", "1e300", "-o", out] + small, id: "time.outside-scenario", mentioning: "time"))
        cases.append(refused("--fps 0", ["render", call, "--fps", "0", "-o", video] + small, id: "option.range", mentioning: "fps"))
        cases.append(refused("--fps 100000", ["render", call, "--fps", "100000", "-o", video] + small, id: "option.range", mentioning: "fps"))
        cases.append(refused("--from after --to", ["render", call, "--from", "0.8", "--to", "0.2", "-o", video] + small, id: "render.range", mentioning: "end time"))
        cases.append(refused("--from nan", ["render", call, "--from", "nan", "-o", video] + small, id: "option.value", mentioning: "from"))
        cases.append(refused("--to -inf", ["render", call, "--to", "-inf", "-o", video] + small, id: "option.value", mentioning: "to"))
        cases.append(refused("--shard 0/4", ["render", call, "--shard", "0/4", "-o", video] + small, id: "option.value", mentioning: "shard"))
        cases.append(refused("--shard 5/4", ["render", call, "--shard", "5/4", "-o", video] + small, id: "option.value", mentioning: "shard"))
        cases.append(refused("--shard 1/0", ["render", call, "--shard", "1/0", "-o", video] + small, id: "option.value", mentioning: "shard"))
        cases.append(refused("--shard 1/100 of 60 frames (empty)", ["render", call, "--shard", "1/100", "-o", video] + small, id: "shard.empty", mentioning: "empty"))
        cases.append(refused("--shard with 30 digits", ["render", call, "--shard", "1/999999999999999999999999999999", "-o", video] + small,
                             id: "option.value", mentioning: "shard"))
        cases.append(refused("--crf 99", ["render", call, "--crf", "99", "-o", video] + small, id: "option.range", mentioning: "crf"))
        cases.append(refused("--gradient-factor 0", ["render", call, "--gradient-factor", "0", "-o", video, "--size", "64x64"], id: "option.range", mentioning: "gradient-factor"))
        cases.append(refused("--seed past Int64", ["frame", "--seed", "99999999999999999999", "-o", out] + small, id: "usage", mentioning: "seed"))
        cases.append(refused("sheet --every 1e-9", ["sheet", call, "--every", "1e-9", "-o", out] + small, id: "instants.too-many", mentioning: "every"))
        cases.append(refused("sheet --columns 0", ["sheet", call, "--columns", "0", "-o", out] + small, id: "option.range", mentioning: "columns"))
        cases.append(refused("compare --tolerance -1", ["compare", call, "--tolerance=-1", "-o", inputs.path("report")] + small,
                             id: "option.range", mentioning: "tolerance"))
        hold("option", cases)
    }

    // MARK: Signals and standard streams

    func testSignalsAndStreamsWhateverTheConsumerDoes() throws {
        let inputs = try HostileInputs("signals")
        let dir = inputs.folder.path
        let long = try scenario(inputs, "long.json", duration: 60)
        var cases: [HostileCase?] = []

        var blocked = HostileCase(name: "SIGTERM while the reader of -o - stopped reading",
                                  arguments: ["render", long, "--size", "390x844", "-o", "-"], outcome: .refused(status: 143, id: "interrupted", mentioning: "terminated"),
                                  folders: [dir])
        blocked.streams = .outputBlocked
        blocked.during = { pid in
            waitFor(seconds: 20) { isBlockedWritingToAPipe(pid) }
            kill(pid, SIGTERM)
        }
        blocked.exitWithinSeconds = Self.stopHangsAfter
        cases.append(blocked)

        let video = inputs.path("stopped.mp4")
        var stoppedEncoder = HostileCase(name: "SIGINT while ffmpeg is stopped", arguments: ["render", long, "--size", "390x844", "-o", video],
                                         outcome: .refused(status: 130, id: "interrupted", mentioning: "interrupted"), absent: [video], folders: [dir])
        stoppedEncoder.during = { pid in
            if let encoder = Self.encoder(of: pid, staging: ".stopped.mp4.partial", in: dir) {
                kill(encoder, SIGSTOP)
                waitFor(seconds: 20) { isBlockedWritingToAPipe(pid) }
            }
            kill(pid, SIGINT)
        }
        stoppedEncoder.exitWithinSeconds = Self.stopHangsAfter
        cases.append(stoppedEncoder)

        let killedVideo = inputs.path("killed.mp4")
        var killedEncoder = HostileCase(name: "ffmpeg killed mid-render", arguments: ["render", long, "--size", "390x844", "-o", killedVideo],
                                        outcome: .refused(status: 3, id: "ffmpeg.failed", mentioning: "ffmpeg was killed"), absent: [killedVideo], folders: [dir])
        killedEncoder.during = { pid in
            let encoder = Self.encoder(of: pid, staging: ".killed.mp4.partial", in: dir)
            usleep(300_000)
            if let encoder { kill(encoder, SIGKILL) }
        }
        cases.append(killedEncoder)

        let frames = inputs.path("frames")
        var framesTerm = HostileCase(name: "SIGTERM while writing PNG frames", arguments: ["render", long, "--size", "390x844", "-o", frames],
                                     outcome: .refused(status: 143, id: "interrupted", mentioning: "terminated"), absent: [frames], folders: [dir])
        framesTerm.during = { pid in
            waitFor(seconds: 20) {
                let staged = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).first { $0.hasPrefix(".frames.partial") }
                return staged.map { ((try? FileManager.default.contentsOfDirectory(atPath: dir + "/" + $0)) ?? []).count >= 3 } ?? false
            }
            kill(pid, SIGTERM)
        }
        framesTerm.exitWithinSeconds = Self.stopHangsAfter
        cases.append(framesTerm)

        let early = inputs.path("early.mp4")
        var earlyStop = HostileCase(name: "SIGINT while it starts", arguments: ["render", long, "--size", "390x844", "-o", early],
                                    outcome: .refused(status: 130, id: "interrupted", mentioning: "interrupted"), absent: [early], folders: [dir])
        earlyStop.during = { pid in
            // As soon as its stop path is armed: before the renderer and ffmpeg are ready.
            waitFor(seconds: 20) { catches(pid, signal: SIGINT) }
            kill(pid, SIGINT)
        }
        earlyStop.exitWithinSeconds = Self.stopHangsAfter
        cases.append(earlyStop)

        let still = inputs.path("still.png")
        var frameStop = HostileCase(name: "SIGINT during a long frame", arguments: ["frame", "--backend", "cpu", "--size", "4000x8000", "-o", still],
                                    outcome: .refused(status: 130, id: "interrupted", mentioning: "interrupted"), absent: [still], folders: [dir])
        frameStop.during = { pid in
            // Armed, and past its start (about 36 MiB): the frame's 128 MB of pixels are being drawn.
            waitFor(seconds: 20) { catches(pid, signal: SIGINT) && residentMiB(pid) > 64 }
            kill(pid, SIGINT)
        }
        frameStop.exitWithinSeconds = Self.stopHangsAfter
        frameStop.memoryLimitMiB = 800
        cases.append(frameStop)

        var readerGone = HostileCase(name: "the reader of -o - went away", arguments: ["render", long, "--size", "64x64", "-o", "-"],
                                     outcome: .refused(status: 141, id: "", mentioning: ""), folders: [dir])
        readerGone.streams = .readerGone
        cases.append(readerGone)

        var closedOutput = HostileCase(name: "-o - with standard output closed at start",
                                       arguments: ["render", try scenario(inputs, "short.json", duration: 0.2), "--size", "64x64", "-o", "-"],
                                       outcome: .refused(status: 1, id: "output.standard-output-closed", mentioning: "standard output is closed"),
                                       folders: [dir])
        closedOutput.streams = .closed([1])
        cases.append(closedOutput)

        let written = inputs.path("all-closed.png")
        var allClosed = HostileCase(name: "frame with 0, 1 and 2 closed at start", arguments: ["frame", "--size", "32x32", "--backend", "cpu", "-o", written],
                                    outcome: .succeeds, untouched: [(written, S_IFREG)], folders: [dir])
        allClosed.streams = .closed([0, 1, 2])
        cases.append(allClosed)

        var closedError = HostileCase(name: "an error with standard error closed", arguments: ["frame", "--size", "0x0", "-o", inputs.path("no.png")],
                                      outcome: .refused(id: "", mentioning: ""), absent: [inputs.path("no.png")], folders: [dir])
        closedError.streams = .closed([2])
        cases.append(closedError)
        hold("signal and stream", cases)
    }

    /// The encoding ffmpeg of a render (the one running once its staged
    /// video exists: an earlier ffmpeg only lists encoders), waited for up to 20 s.
    static func encoder(of pid: pid_t, staging prefix: String, in folder: String) -> pid_t? {
        var encoder: pid_t?
        waitFor(seconds: 20) {
            encoder = processes(inGroup: pid).first { $0.name == "ffmpeg" }?.pid
            let staged = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasPrefix(prefix) }
            return encoder != nil && staged
        }
        return encoder
    }
}
