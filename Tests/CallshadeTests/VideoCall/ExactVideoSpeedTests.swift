@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import CallshadeText
import Foundation
import XCTest

/// Glass over a video at full alpha shows none of the gradient: its
/// lattice (`BackdropLattice.values`) neither reads it nor is keyed by it.
final class GlassLatticeOverVideoTests: XCTestCase {
    /// How many times a background was read (from the lattice's bands, on any thread).
    private final class Reads: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() {
            lock.lock()
            count += 1
            lock.unlock()
        }

        var total: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }

    private let size = try! FrameSize(width: 390, height: 844)
    private let picture = GeneratedVideo.frame(width: 90, height: 160, number: 3)

    /// The video button's glass (near the screen's rounded corner, so that
    /// some of its points lie outside the video's clip) over the full-screen video at `alpha`.
    private func glass(alpha: Double, palette: Palette) -> GlassNode {
        var glass = GlassNode(x: 8, y: 790, width: 56, height: 56, shape: .capsule, backdrop: GradientParameters(palette: palette, phase: 0.3),
                              blur: 10)
        glass.video = GlassVideo(picture: .ycbcr(picture), rotation: .none, mirrored: true,
                                 clip: RoundedRectangle(x: 0, y: 0, width: 390, height: 844, cornerRadius: 47.333),
                                 content: RoundedRectangle(x: -20.6, y: 0, width: 431.2, height: 844, cornerRadius: 0), alpha: alpha)
        return glass
    }

    private func values(_ glass: GlassNode, colour: RGB, reads: Reads) -> [Float] {
        BackdropLattice.values(BackdropLattice.Key(glass, size: size), background: { _ in
            reads.add()
            return colour
        }, copy: VideoBlurredCopy(.ycbcr(picture), cores: 2), cores: 2).values
    }

    /// At alpha 1 two gradients give equal keys and the same floats, the
    /// gradient never read; at alpha 0.5 the keys differ, the gradient is
    /// read and the floats differ. Catches: a key that still holds the
    /// gradient (a lattice never serves the next frame), one that drops it
    /// where it shows (a stale lattice), values that read it when hidden.
    func testAtFullAlphaTheGradientIsNeitherReadNorKeyed() {
        let (one, other) = (glass(alpha: 1, palette: .blueGreen), glass(alpha: 1, palette: .blueViolet))
        XCTAssertNotEqual(one.backdrop, other.backdrop)
        XCTAssertTrue(BackdropLattice.Key(one, size: size) == BackdropLattice.Key(other, size: size), "keys of two gradients at full alpha")
        let reads = Reads()
        let first = values(one, colour: RGB(0.9, 0.1, 0.3), reads: reads)
        XCTAssertTrue(first == values(other, colour: RGB(0.05, 0.8, 0.6), reads: reads), "the lattices of two gradients at full alpha")
        XCTAssertEqual(reads.total, 0, "the gradient read at full alpha")
        XCTAssertFalse(first.isEmpty)

        let (half, otherHalf) = (glass(alpha: 0.5, palette: .blueGreen), glass(alpha: 0.5, palette: .blueViolet))
        XCTAssertFalse(BackdropLattice.Key(half, size: size) == BackdropLattice.Key(otherHalf, size: size), "keys of two gradients at alpha 0.5")
        XCTAssertFalse(values(half, colour: RGB(0.9, 0.1, 0.3), reads: reads) == values(half, colour: RGB(0.05, 0.8, 0.6), reads: reads),
                       "the lattices of two gradients at alpha 0.5")
        XCTAssertGreaterThan(reads.total, 0)
    }

    /// The rule the shortcut rests on: the reference's mix at weight 1 is
    /// its second colour exactly, whatever the first (so the gradient's
    /// share at full alpha is nothing, not a rounding).
    func testAMixAtWeightOneIsTheSecondColourExactly() {
        var random = SeededGenerator(state: 44_21)
        for _ in 0..<10_000 {
            let (a, b) = (RGB(random.unit() * 2, random.unit(), random.unit() * 1e-3), RGB(random.unit(), random.unit() * 3, random.unit()))
            XCTAssertEqual(RGB.mix(a, b, 1), b)
        }
    }
}

/// A video's row interpolated across (`HostVideo.acrossRows`: the source
/// row's texels made floats once) is, to the float, the two taps' lerp at
/// each pixel; and the row shaded from it is that lerp across, then down,
/// then converted.
final class VideoAcrossRowsTests: XCTestCase {
    private let size = try! FrameSize(width: 240, height: 320)

    /// Pictures scaled up and down, mirrored or not, over the frame (and
    /// beyond it, so that every pixel is surely covered).
    private func nodes() -> [(String, VideoNode)] {
        let clip = RoundedRectangle(x: -4, y: -4, width: 248, height: 328, cornerRadius: 0)
        return [("up", GeneratedVideo.frame(width: 90, height: 160, number: 2), false),
                ("up, mirrored", GeneratedVideo.frame(width: 90, height: 160, number: 7), true),
                ("down", GeneratedVideo.frame(width: 301, height: 499, number: 1), false),
                ("down, mirrored", GeneratedVideo.frame(width: 301, height: 499, number: 4), true),
                ("a part, mirrored", GeneratedVideo.frame(width: 64, height: 48, number: 9), true)].map { name, picture, mirrored in
            let content = name.hasPrefix("a part") ? RoundedRectangle(x: -180.5, y: -30.25, width: 600.75, height: 380, cornerRadius: 0)
                : RoundedRectangle(x: -13.25, y: -2, width: 266.5, height: 324, cornerRadius: 0)
            return (name, VideoNode(picture: .ycbcr(picture), mirrored: mirrored, clip: clip, content: content))
        }
    }

    /// One plane's row `offset` (its start in the plane) lerped across by
    /// the two taps of each frame column from `first`: left + (right - left) x weight.
    private static func lerped(_ plane: [UInt8], offset: Int, taps: HostVideo.Taps, first: Int, count: Int) -> [Float] {
        (first..<first + count).map { column in
            let (left, right) = (Float(plane[offset + Int(taps.first[column])]), Float(plane[offset + Int(taps.second[column])]))
            return left + (right - left) * taps.weight[column]
        }
    }

    /// Every row, for runs from the frame's first column, from mid-frame
    /// and of odd widths, one memory kept from row to row: the six rows
    /// `acrossRows` gives are the lerps. Catches: a texel read at the wrong
    /// place (the run's far end missed when mirrored, an offset off by one),
    /// a row kept from the row before taken for another.
    func testARowAcrossIsTheLerpOfItsTwoTaps() {
        for (name, node) in nodes() {
            guard case .ycbcr(let picture) = node.picture else { return XCTFail(name) }
            let video = HostVideo(node: node, size: size)
            for (first, count) in [(0, 240), (37, 150), (101, 1), (200, 40), (1, 239)] {
                let memory = InterpolatedRows(width: size.width)
                for y in 0..<size.height {
                    let (luma, chroma) = (video.rowLuma.at(y), video.rowChroma.at(y))
                    let rows = (luma: (luma.first * Int32(picture.width), luma.second * Int32(picture.width), luma.weight),
                                chroma: (chroma.first * Int32(picture.chromaWidth), chroma.second * Int32(picture.chromaWidth), chroma.weight))
                    var got: [[Float]] = []
                    picture.withPlanes { lumaPlane, cb, cr in
                        video.columnLuma.withPointers { lumaColumns in
                            video.columnChroma.withPointers { chromaColumns in
                                let made = HostVideo.acrossRows(from: first, count: count, planes: (lumaPlane, cb, cr),
                                                                columns: (lumaColumns, chromaColumns), rows: rows, memory: memory)
                                let rows: [UnsafeMutablePointer<Float>] = [made.0, made.1, made.2, made.3, made.4, made.5]
                                got = rows.map { (row: UnsafeMutablePointer<Float>) -> [Float] in Array(UnsafeBufferPointer(start: row, count: count)) }
                            }
                        }
                    }
                    let expected = [
                        Self.lerped(picture.luma, offset: Int(rows.luma.0), taps: video.columnLuma, first: first, count: count),
                        Self.lerped(picture.luma, offset: Int(rows.luma.1), taps: video.columnLuma, first: first, count: count),
                        Self.lerped(picture.cb, offset: Int(rows.chroma.0), taps: video.columnChroma, first: first, count: count),
                        Self.lerped(picture.cb, offset: Int(rows.chroma.1), taps: video.columnChroma, first: first, count: count),
                        Self.lerped(picture.cr, offset: Int(rows.chroma.0), taps: video.columnChroma, first: first, count: count),
                        Self.lerped(picture.cr, offset: Int(rows.chroma.1), taps: video.columnChroma, first: first, count: count),
                    ]
                    guard got.map({ $0.map(\.bitPattern) }) == expected.map({ $0.map(\.bitPattern) }) else {
                        return XCTFail("\(name): row \(y), run \(first)+\(count): acrossRows differs from the lerps")
                    }
                }
            }
        }
    }

    /// A surely covered row shaded in runs of whole groups of eight (from
    /// the frame's first column and from mid-frame) is, to the float, each
    /// pixel's lerp across at its two source rows, then down, converted by
    /// the picture's matrix and range, at the node's opacity. Catches: the
    /// rows across taken from the wrong source rows or the down weight of
    /// another plane, pixels of the run shifted.
    func testASurelyCoveredRowIsTheLerpAcrossThenDown() {
        for (name, node) in nodes() {
            guard case .ycbcr(let picture) = node.picture else { return XCTFail(name) }
            let video = HostVideo(node: node, size: size)
            let conversion = HostVideo.Conversion(matrix: picture.matrix, range: picture.range)
            let memory = video.makeRowMemory(width: size.width)
            ShadedRow.with(count: size.width) { values in
                for (first, count) in [(0, 240), (40, 160), (104, 8)] {
                    for y in stride(from: 0, to: size.height, by: 3) {
                        video.shade(row: y, from: first, count: count, into: values, memory: memory)
                        let (luma, chroma) = (video.rowLuma.at(y), video.rowChroma.at(y))
                        func plane(_ samples: [UInt8], _ rowWidth: Int, _ row: (first: Int32, second: Int32, weight: Float), _ taps: HostVideo.Taps) -> [Float] {
                            let top = Self.lerped(samples, offset: Int(row.first) * rowWidth, taps: taps, first: first, count: count)
                            let bottom = Self.lerped(samples, offset: Int(row.second) * rowWidth, taps: taps, first: first, count: count)
                            return zip(top, bottom).map { $0 + ($1 - $0) * row.weight }
                        }
                        let lumas = plane(picture.luma, picture.width, luma, video.columnLuma)
                        let cbs = plane(picture.cb, picture.chromaWidth, chroma, video.columnChroma)
                        let crs = plane(picture.cr, picture.chromaWidth, chroma, video.columnChroma)
                        for index in 0..<count {
                            let rgb = conversion.rgb(luma: lumas[index], cb: cbs[index], cr: crs[index])
                            let expected = SIMD4(rgb.x, rgb.y, rgb.z, 1)
                            guard values[index] == expected else {
                                return XCTFail("\(name): row \(y), run \(first)+\(count), pixel \(first + index): \(values[index]), expected \(expected)")
                            }
                        }
                    }
                }
            }
        }
    }
}

/// What a renderer keeps from frame to frame (a video's straight I420
/// rows, a node's tiles, glass's lattice over a video) changes no byte: the
/// video call's frames at 60 fps (each 30 fps picture shown twice, the
/// controls hiding, the buttons' glass over the video) rendered in turn by
/// one host renderer are those a fresh renderer makes of them in a shuffled order.
final class ExactSpeedAcrossFramesTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    /// Catches: a kept drawing, tiles or lattice served for a frame they
    /// do not fit (a key missing what changed), or copied wrongly; state
    /// carried between frames that any frame's bytes depend on.
    func testFramesRenderedInTurnAreThoseRenderedInAnyOrder() throws {
        let scenario = VideoCallFixtures.scenario([(1, .remoteVideo(true)), (1.2, .video(true))])
        let layout = try CallLayout(size: FrameSize(parsing: "390x844"))
        let setter = try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: scenario))
        let timeline = CallTimeline(scenario)
        let pictures = CallVideoPictures(timeline: timeline, remote: GeneratedVideo(width: 90, height: 160),
                                         local: GeneratedVideo(width: 72, height: 128))
        let screen = CallScreen(layout: layout, seed: 3, avatar: nil, text: setter, showing: [.background, .video, .pip, .buttons],
                                elements: CallKind.elements(with: VideoElement(pictures: pictures)))
        let frameNumbers = Array(120..<126) + Array(264..<270)
        let times = frameNumbers.map { Double($0) / 60 }
        let scenes = try times.map { time in screen.scene(at: timeline.state(at: time), assets: try screen.elements.assets(at: time)) }
        XCTAssertFalse(scenes[0].nodes.compactMap { ($0 as? GlassNode)?.video }.isEmpty, "glass over the video")
        func host(_ gpu: GPURenderer, _ scene: Scene) throws -> GPURenderer {
            let matrix = RouteMatrix(gpu: gpu)
            let renderer = try XCTUnwrap(matrix.renderer(.host, for: scene) as? GPURenderer)
            XCTAssertNil(matrix.fallback(of: renderer, .host, for: scene))
            return renderer
        }
        let inTurn = try host(try Self.shared.renderer(), scenes[0])
        var frames: [[UInt8]] = []
        for scene in scenes {
            var output: [UInt8] = []
            try inTurn.renderYUV420(scene, into: &output)
            frames.append(output)
        }
        XCTAssertNotEqual(frames[0], frames[2], "the picture changes")
        let fresh = try host(try makeGPURenderer(), scenes[0])
        var random = SeededGenerator(state: 44_31)
        for index in scenes.indices.shuffled(using: &random) {
            var output = [UInt8](repeating: 0xA5, count: frames[index].count)
            try fresh.renderYUV420(scenes[index], into: &output)
            let differences = SampleDifferences(output, frames[index])
            XCTAssertEqual(differences.differing, 0, "frame at \(times[index]): \(differences)")
        }
    }

    /// Catches: making room for a frame's new lattices by pushing out the
    /// oldest, one this frame's glass still used (then a glass found no
    /// lattice when drawn, an internal error that stopped a 1080x1920 render
    /// from the call's start). Both videos come on while the buttons' glass
    /// cross-fades from the gradient to the video, with the notices' glass
    /// beside it, so some glass keeps its lattice a frame while the rest need
    /// new ones; rendered in turn, every frame draws.
    func testEveryGlassFindsItsLatticeWhileOthersAreMade() throws {
        let (screen, timeline, renderer) = try hostCall(VideoCallFixtures.scenario([(0.5, .remoteVideo(true)), (1, .video(true))]),
                                                        size: try FrameSize(parsing: "1080x1920"))
        var output: [UInt8] = []
        var glassOverVideo = 0
        for frame in 48..<66 {
            let scene = try VideoCallFixtures.scene(screen, timeline, at: Double(frame) / 60)
            glassOverVideo += scene.nodes.contains { ($0 as? GlassNode)?.video != nil } ? 1 : 0
            XCTAssertNoThrow(try renderer.renderYUV420(scene, into: &output), "frame \(frame)")
        }
        XCTAssertGreaterThan(glassOverVideo, 0, "glass over the video")
    }

    /// Catches: a region of tiles made for a node whose bounds are empty
    /// (`PixelRect.aligned8` grew an empty rectangle clamped to the bottom
    /// of a frame whose height is no multiple of 8 into the four rows above
    /// it), so that glass just below the frame got a host drawing but no
    /// lattice, an internal error. A busy call at 1170x2532 (2532 = 8 x 316
    /// + 4): your camera off and on again, then a double tap, sends glass
    /// down past the frame's bottom; every frame with glass within 2 pixels
    /// below it draws, and an empty rectangle stays empty wherever it lies.
    func testGlassJustBelowTheFrameDrawsNothingAndNeedsNoLattice() throws {
        let scenario = VideoCallFixtures.scenario([
            (0.5, .remoteVideo(true)), (0.6, .video(true)), (0.7, .tap(.pip)), (0.8, .pip(.topLeft)), (0.9, .tap(.screen)), (1.0, .camera(.back)),
            (1.1, .tap(.pip)), (1.3, .remoteVideo(false)), (1.4, .remoteVideo(true)), (1.5, .pip(.bottomLeft)), (2.0, .video(false)),
            (2.1, .video(true)), (2.2, .tap(.screen)), (2.25, .tap(.screen)),
        ])
        let size = try FrameSize(parsing: "1170x2532")
        let (screen, timeline, renderer) = try hostCall(scenario, size: size)
        // The frames with glass whose bounds are empty but that lies within 2 pixels below the frame: each drawn.
        let frames = try (0..<480).filter { frame in
            try VideoCallFixtures.scene(screen, timeline, at: Double(frame) / 60).nodes.compactMap { $0 as? GlassNode }.contains {
                $0.bounds(in: size).isEmpty && $0.opacity > 0 && $0.y < Double(size.height) + 2
            }
        }
        XCTAssertFalse(frames.isEmpty, "glass just below the frame")
        var output: [UInt8] = []
        for frame in frames.prefix(6) {
            XCTAssertNoThrow(try renderer.renderYUV420(try VideoCallFixtures.scene(screen, timeline, at: Double(frame) / 60), into: &output), "frame \(frame)")
        }
        for rect in [PixelRect(x: 102, y: 2532, width: 138, height: 0), PixelRect(x: 1170, y: 13, width: 0, height: 40), PixelRect(x: 3, y: 5, width: 0, height: 0)] {
            XCTAssertTrue(rect.aligned8(within: size).isEmpty, "\(rect)")
        }
    }

    /// Catches: a node left out of a host-composed frame that would have
    /// drawn a pixel (its tiles' region taken as lying under opaque tiles
    /// where it does not, or a layout kept for a frame whose nodes moved).
    /// The waves under the video's backdrop are left out once it covers
    /// them, and the frames are byte for byte those drawn without the
    /// waves; before the video comes on, the waves show.
    func testNodesUnderOpaqueOnesAreLeftOutWithTheSameBytes() throws {
        let scenario = VideoCallFixtures.scenario([(0.5, .remoteVideo(true)), (1, .video(true))])
        let size = try FrameSize(parsing: "390x844")
        let withWaves = try hostCall(scenario, size: size, showing: [.background, .waves, .avatar, .video, .pip, .buttons])
        let without = try hostCall(scenario, size: size, showing: [.background, .video, .pip, .buttons])
        func frame(_ call: (screen: CallScreen, timeline: CallTimeline, renderer: GPURenderer), at time: Double) throws -> [UInt8] {
            var output: [UInt8] = []
            try call.renderer.renderYUV420(try VideoCallFixtures.scene(call.screen, call.timeline, at: time), into: &output)
            return output
        }
        XCTAssertNotEqual(try frame(withWaves, at: 0.2), try frame(without, at: 0.2), "the waves show before the video")
        // As the backdrop grows over the waves (nodes moving at every frame): frames in turn, each layout
        // kept for the next, are those another renderer draws in the reverse order.
        let growing = (30..<66).map { Double($0) / 60 }
        let inTurn = try growing.map { try frame(withWaves, at: $0) }
        let other = (screen: withWaves.screen, timeline: withWaves.timeline,
                     renderer: try XCTUnwrap(RouteMatrix(gpu: try makeGPURenderer()).renderer(.host, for: try VideoCallFixtures.scene(
                         withWaves.screen, withWaves.timeline, at: 0)) as? GPURenderer))
        for index in growing.indices.reversed() {
            let differences = SampleDifferences(try frame(other, at: growing[index]), inTurn[index])
            XCTAssertEqual(differences.differing, 0, "at \(growing[index]), in reverse: \(differences)")
        }
        // Once the backdrop covers the waves, in turn, as a render draws them.
        for index in 0..<12 {
            let time = 2 + Double(index) / 60
            let waves = try VideoCallFixtures.scene(withWaves.screen, withWaves.timeline, at: time).nodes.contains { $0 is AvatarWavesNode }
            XCTAssertTrue(waves, "the waves are in the scene at \(time)")
            let differences = SampleDifferences(try frame(withWaves, at: time), try frame(without, at: time))
            XCTAssertEqual(differences.differing, 0, "at \(time): \(differences)")
        }
    }

    /// The video call of `scenario` at `size` (the background, both videos,
    /// the buttons and the notices, its words set; generated 9:16 cameras)
    /// and the shared renderer's host route, which keeps state from frame to frame.
    private func hostCall(_ scenario: Scenario, size: FrameSize, showing: Set<SceneTag> = [.background, .video, .pip, .buttons, .notices]) throws
        -> (screen: CallScreen, timeline: CallTimeline, renderer: GPURenderer) {
        let layout = try CallLayout(size: size)
        let timeline = CallTimeline(scenario)
        let pictures = CallVideoPictures(timeline: timeline, remote: GeneratedVideo(width: 90, height: 160), local: GeneratedVideo(width: 72, height: 128))
        let screen = CallScreen(layout: layout, seed: 3, avatar: nil, text: try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: scenario)),
                                showing: showing, elements: CallKind.elements(with: VideoElement(pictures: pictures)))
        let renderer = try XCTUnwrap(RouteMatrix(gpu: try Self.shared.renderer()).renderer(.host, for: try VideoCallFixtures.scene(screen, timeline, at: 0))
            as? GPURenderer)
        return (screen, timeline, renderer)
    }
}
