@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import XCTest

/// The host route draws the video call's pictures and shades straight into
/// I420 planes (`HostShadedDrawing.drawYUV420`): held to its own RGBA frame
/// converted (`YUV420.convertFast`), which the route matrix holds to the CPU
/// reference. They differ by rounding, and in chroma where the four pixels
/// of a block differ in colour (the planes mix each pixel's Cb and Cr, the
/// conversion the mean of four rounded pixels): at most 3 levels, and by
/// more than 1 in under 1 % of the samples.
final class VideoPlaneTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    func testVideoDrawnIntoThePlanesMatchesTheConvertedFrame() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        let cases: [(String, [(Double, ScenarioChange)], Double, GeneratedVideo)] = [
            // The peer's video full screen with the shadows (fill), yours mid-way in, the controls shown.
            ("fill, yours coming in", [(1, .remoteVideo(true)), (1.5, .video(true))], 1.62, GeneratedVideo(width: 90, height: 160)),
            // A 16:9 video fitted (bars), the controls hidden, the picture in picture small.
            ("fit, controls hidden", [(1, .remoteVideo(true)), (1.2, .video(true))], 4.5, GeneratedVideo(width: 160, height: 90)),
            // The video growing out of the avatar, its backdrop and corners mid-spring; turned a quarter.
            ("growing, turned", [(1, .remoteVideo(true))], 1.12, GeneratedVideo(width: 160, height: 90, rotation: .clockwise90)),
        ]
        for (name, changes, time, remote) in cases {
            let (screen, timeline) = try VideoCallFixtures.screen(VideoCallFixtures.scenario(changes), layers: [.background, .video, .pip],
                                                                  remote: remote)
            let scene = try VideoCallFixtures.scene(screen, timeline, at: time)
            XCTAssertTrue(scene.nodes.contains { $0 is VideoNode }, name)
            let host = try XCTUnwrap(matrix.renderer(.host, for: scene) as? GPURenderer)
            XCTAssertNil(matrix.fallback(of: host, .host, for: scene), name)
            var direct: [UInt8] = []
            try host.renderYUV420(scene, into: &direct)
            var converted: [UInt8] = []
            try YUV420.convertFast(try host.render(scene), into: &converted, cores: 2)
            XCTAssertEqual(direct.count, converted.count, name)
            guard direct.count == converted.count else { continue }
            let differences = SampleDifferences(direct, converted)
            XCTAssertLessThanOrEqual(differences.maxDelta, 3, "\(name): \(differences)")
            let beyondOne = zip(direct, converted).filter { abs(Int($0) - Int($1)) > 1 }.count
            XCTAssertLessThan(Double(beyondOne), 0.01 * Double(direct.count), "\(name): \(beyondOne) of \(direct.count) beyond 1")
        }
    }
}

/// The rows the host's video keeps from row to row (`InterpolatedRows`)
/// change how much is worked out, never a pixel: a band shaded with one
/// memory gives what each row shaded with a memory of its own gives.
final class InterpolatedRowsTests: XCTestCase {
    func testRowsKeptGiveThePixelsRowsMadeAfreshGive() throws {
        let size = try FrameSize(width: 200, height: 300)
        // An enlarged picture (rows of the picture shared by frame rows), its corners rounded, a little transparent.
        let picture = GeneratedVideo.frame(width: 48, height: 64, number: 3)
        let node = VideoNode(picture: .ycbcr(picture), mirrored: true,
                             clip: RoundedRectangle(x: 10.5, y: 20.25, width: 170, height: 260, cornerRadius: 30),
                             content: RoundedRectangle(x: 0, y: 0, width: 200, height: 300, cornerRadius: 0), opacity: 0.9)
        let shader = HostVideo(node: node, size: size)
        func shaded(sharing: Bool) -> [Float] {
            var out: [Float] = []
            let shared = shader.makeRowMemory(width: size.width)
            ShadedRow.with(count: size.width) { values in
                for (x, count) in [(0, 200), (16, 160), (0, 200)] {
                    for y in 0..<size.height {
                        shader.shade(row: y, from: x, count: count, into: values,
                                     memory: sharing ? shared : shader.makeRowMemory(width: size.width))
                        for index in 0..<count { out += [values.red[index], values.green[index], values.blue[index], values.amount[index]] }
                    }
                }
            }
            return out
        }
        let kept = shaded(sharing: true), fresh = shaded(sharing: false)
        XCTAssertEqual(kept.count, fresh.count)
        XCTAssertTrue(kept == fresh, "\(zip(kept, fresh).filter { $0 != $1 }.count) values differ")
        XCTAssertTrue(kept.contains { $0 > 0 && $0 < 1 }, "the picture shows")
    }
}
