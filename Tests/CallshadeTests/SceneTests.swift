import CallshadeCore
import CallshadeKinds
import CallshadePNG
import Foundation
import XCTest

/// What is on screen (`CallScreen` drawing the call's elements), the tag
/// filter over its nodes, and the commands that take their frames from it.
final class SceneTests: XCTestCase {
    let example = TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path

    func testTheTagFilterKeepsOnlyWhatItNames() throws {
        let screen = { (tags: Set<SceneTag>) in
            CallScreen(layout: try CallLayout(size: .phone), seed: 3, avatar: nil, showing: tags)
                .scene(at: .placed(waves: WaveState(level: 1, motionTime: 2)), background: GradientParameters(palette: .blueGreen, phase: 1))
        }
        let all = try screen(Set(CallKind.elements.tags))
        XCTAssertNotNil(all.background)
        let node = try XCTUnwrap(all.node(AvatarWavesNode.self))
        XCTAssertNotNil(node.waves)
        XCTAssertNotNil(node.avatar)
        XCTAssertEqual(all.nodes.count, 1)

        let backgroundOnly = try screen([.background])
        XCTAssertNotNil(backgroundOnly.background)
        XCTAssertTrue(backgroundOnly.nodes.isEmpty)

        let waves = try screen([.waves])
        XCTAssertNil(waves.background)
        XCTAssertNotNil(waves.node(AvatarWavesNode.self)?.waves)
        XCTAssertNil(waves.node(AvatarWavesNode.self)?.avatar)

        let avatar = try screen([.avatar, .background])
        XCTAssertNil(avatar.node(AvatarWavesNode.self)?.waves)
        XCTAssertEqual(avatar.node(AvatarWavesNode.self)?.avatar, node.avatar)

        XCTAssertTrue(try screen([]).nodes.isEmpty)
        XCTAssertNil(try screen([]).background)
        XCTAssertEqual(try screen([.waves]), waves, "a scene is a value: built twice, equal")
        XCTAssertNotEqual(waves, avatar)
    }

    /// `render --at` makes the frames of the instants it names, in their
    /// order, each the frame a render of that instant alone makes; and it
    /// is refused with a range, a shard, a video, or a time outside the call.
    func testChosenInstantsAreTheFramesOfThoseInstants() throws {
        let common = ["--size", "96x208", "--fps", "60", "--quiet"]
        let chosen = [UInt8](try renderRawInProcess([example, "--at", "21.5,8,0"] + common))
        let frameBytes = 96 * 208 * 4
        XCTAssertEqual(chosen.count, 3 * frameBytes)
        for (index, time) in ["21.5", "8", "0"].enumerated() {
            let alone = [UInt8](try renderRawInProcess([example, "--from", time, "--to", "\(Double(time)! + 0.001)"] + common))
            XCTAssertEqual(alone.count, frameBytes)
            XCTAssertTrue(chosen[index * frameBytes..<(index + 1) * frameBytes].elementsEqual(alone), "frame \(index) is not the frame at \(time) s")
        }
        XCTAssertFalse(chosen[0..<frameBytes].elementsEqual(chosen[frameBytes..<2 * frameBytes]))

        let folder = try scratchFolder()
        for (arguments, expected) in [(["--at", "1,2", "--from", "1"], "--at cannot be used with --from or --to"),
                                      (["--at", "1,2", "--shard", "1/2"], "--at cannot be used with --shard"),
                                      (["--at", "1,x"], "--at 'x' is not a finite number"),
                                      (["--at", "1,99"], "--at 99")] {
            let out = folder.appendingPathComponent("frames").path
            let result = runInProcess(["render", example, "-o", out] + arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(arguments) left \(out)")
        }
        let video = runInProcess(["render", example, "--at", "1", "-o", folder.appendingPathComponent("call.mp4").path])
        XCTAssertTrue(video.standardError.contains("--at is for PNG frames and raw frames, not a video"), video.standardError)
    }

    /// `frame --scenario F --time T` is the frame `render` makes at T, the
    /// recording's voice included (it used to leave the recording out).
    func testAFrameOfAScenarioIsTheRenderedFrameAtThatInstant() throws {
        let folder = try scratchFolder()
        let png = folder.appendingPathComponent("at8.png").path
        let common = ["--size", "96x208"]
        let frame = runInProcess(["frame", "--scenario", example, "--time", "8", "-o", png] + common)
        XCTAssertEqual(frame.status, 0, frame.standardError)
        let rendered = [UInt8](try renderRawInProcess([example, "--from", "8", "--to", "8.001", "--fps", "60", "--quiet"] + common))
        let written = try PNGFile.read(path: png).pixels
        XCTAssertEqual(rendered.count, 96 * 208 * 4)
        XCTAssertEqual(written.count, rendered.count)
        XCTAssertTrue(written == rendered, "frame and render differ at 8 s")
        // The voice matters at 8 s: without it the waves are another size.
        let silent = folder.appendingPathComponent("silent.png").path
        XCTAssertEqual(runInProcess(["frame", "--scenario", example, "--time", "8", "--level", "0", "-o", silent] + common).status, 0)
        XCTAssertFalse(try PNGFile.read(path: silent).pixels == written)
    }

    /// `--route` picks the route; both give the same picture within a level,
    /// and `info` prints the configuration a renderer would take.
    func testTheRouteIsAnOptionAndInfoPrintsTheConfiguration() throws {
        let folder = try scratchFolder()
        var pictures: [RGBAImage] = []
        for route in ["host", "passes"] {
            let path = folder.appendingPathComponent("\(route).png").path
            let result = runInProcess(["frame", "--scenario", example, "--time", "8", "--size", "960x1280", "--route", route, "-o", path])
            XCTAssertEqual(result.status, 0, result.standardError)
            pictures.append(try PNGFile.read(path: path))
        }
        let comparison = ImageComparison(pictures[0], pictures[1])
        XCTAssertLessThanOrEqual(comparison.maxDelta, 1, "\(comparison)")
        XCTAssertFalse(pictures[0].pixels == pictures[1].pixels, "960x1280 uses the grid: the routes are not byte-identical")
        assertDiagnostic(runInProcess(["frame", "--route", "fast", "-o", folder.appendingPathComponent("x.png").path]),
                         "usage", status: 64)
        let info = try runCallshade(["info"])
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(info.standardOutput.contains("configuration") && info.standardOutput.contains("route"), info.standardOutput)
    }
}
