@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The video call's pictures drawn by the CPU reference: boxes measured
/// from the pixels, colours against hand-computed conversions, and frames
/// that depend on their instant alone.
final class VideoRenderTests: XCTestCase {
    /// The columns and rows where the frame's alpha is at least half (the shape's edges, by the coverage rule).
    func extent(_ image: RGBAImage, row: Int, column: Int) -> (x: Double, y: Double, width: Double, height: Double) {
        let columns = (0..<image.width).filter { (image.pixel(x: $0, y: row)?[3] ?? 0) >= 128 }
        let rows = (0..<image.height).filter { (image.pixel(x: column, y: $0)?[3] ?? 0) >= 128 }
        let left = Double(columns.first ?? 0), top = Double(rows.first ?? 0)
        return (left, top, Double((columns.last ?? 0) + 1) - left, Double((rows.last ?? 0) + 1) - top)
    }

    func assertBox(_ box: (x: Double, y: Double, width: Double, height: Double), _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                   file: StaticString = #filePath, line: UInt = #line) {
        for (got, want, name) in [(box.x, x, "left"), (box.y, y, "top"), (box.x + box.width, x + width, "right"), (box.y + box.height, y + height, "bottom")] {
            XCTAssertEqual(got, want, accuracy: 1, "\(name) of \(box)", file: file, line: line)
        }
    }

    /// The picture in picture of 9:16 on 390x844 at (243, 450, 135 x 240)
    /// with the controls shown and (299.25, 654, 78.75 x 140) hidden, and
    /// in the top-left corner (12, 107) and (12, 47), measured from the pixels.
    func testThePictureInPictureBoxMeasuredFromPixels() throws {
        let scenario = VideoCallFixtures.scenario([(1, .remoteVideo(true)), (1, .video(true)), (4.6, .pip(.topLeft)), (5.5, .tap(.screen))])
        let (screen, timeline) = try VideoCallFixtures.screen(scenario, layers: [.pip])
        let renderer = ReferenceRenderer()
        func box(at time: Double, row: Int, column: Int) throws -> (x: Double, y: Double, width: Double, height: Double) {
            extent(try renderer.render(try VideoCallFixtures.scene(screen, timeline, at: time)), row: row, column: column)
        }
        assertBox(try box(at: 2.5, row: 570, column: 310), 243, 450, 135, 240)
        assertBox(try box(at: 4.5, row: 724, column: 338), 299.25, 654, 78.75, 140)
        // Dragged to the top left while hidden; a tap shows the controls.
        assertBox(try box(at: 5.45, row: 117, column: 50), 12, 47, 78.75, 140)
        assertBox(try box(at: 7, row: 227, column: 80), 12, 107, 135, 240)
    }

    /// Mid-move, the box's left edge is where the spring's closed form puts
    /// it (integrated step by step from the spec's ODE), within a pixel, at three instants.
    func testThePictureInPictureMidMoveMeasuredFromPixels() throws {
        let scenario = VideoCallFixtures.scenario([(0.5, .remoteVideo(true)), (0.5, .video(true)), (1.5, .pip(.topLeft))])
        let (screen, timeline) = try VideoCallFixtures.screen(scenario, layers: [.pip])
        for elapsed in [0.05, 0.15, 0.3] {
            let u = VideoTimelineTests.integrate(from: 1, to: 0, speed: 0, seconds: elapsed).position
            // Shown controls: x = 12 + u (390 - 24 - 135), y = 107 + u (844 - 107 - 154 - 240).
            let (x, y) = (12 + u * 231, 107 + u * 343)
            let image = try ReferenceRenderer().render(try VideoCallFixtures.scene(screen, timeline, at: 1.5 + elapsed))
            assertBox(extent(image, row: Int(y + 120), column: Int(x + 67)), x, y, 135, 240)
        }
    }

    /// A 16:9 peer's video fits the width, 390 x 219.4 centred, black bars
    /// above and below (the backdrop); a 9:16 one fills, its sides cropped.
    func testFullScreenFitAndFillMeasuredFromPixels() throws {
        let scenario = VideoCallFixtures.scenario([(1, .remoteVideo(true))])
        let (wide, timeline) = try VideoCallFixtures.screen(scenario, layers: [.video], remote: GeneratedVideo(width: 160, height: 90))
        let image = try ReferenceRenderer().render(try VideoCallFixtures.scene(wide, timeline, at: 2))
        // Rows in the middle column that are not black.
        let lit = (0..<844).filter { y in (image.pixel(x: 300, y: y) ?? []).prefix(3).contains { $0 > 8 } }
        XCTAssertEqual(Double(lit.first ?? 0), 312.3, accuracy: 1)
        XCTAssertEqual(Double((lit.last ?? 0) + 1), 531.7, accuracy: 1)
        // Everything else is the opaque black backdrop, the phone's corners included.
        XCTAssertEqual(image.pixel(x: 0, y: 0), [0, 0, 0, 255])
        XCTAssertEqual(image.pixel(x: 200, y: 100), [0, 0, 0, 255])
        // 9:16 fills: the white marker of the coded picture's 11 left columns of 90 ends 474.75 x 11 / 90 pt
        // from the picture's left edge, 42.4 pt beyond the screen's (the shadows gone with the controls).
        let (tall, _) = try VideoCallFixtures.screen(scenario, layers: [.video])
        let filled = try ReferenceRenderer().render(try VideoCallFixtures.scene(tall, timeline, at: 4))
        // The run of columns from the left halfway or more from the ramp to white.
        let marker = (0..<390).prefix { (filled.pixel(x: $0, y: 60)?[0] ?? 0) > 180 }
        XCTAssertEqual(Double(marker.count), 474.75 * 11 / 90 - 42.375, accuracy: 1)
    }

    /// Known Y'CbCr codes (100, 150, 90) in each matrix and range, against
    /// conversions worked out by hand from the standards' definitions.
    func testColourConversionAgainstHandComputedValues() throws {
        let cases: [(VideoMatrix, VideoRange, [Double])] = [
            (.bt601, .limited, [37.16, 120.08, 142.19]),
            (.bt601, .full, [46.72, 119.57, 138.98]),
            (.bt709, .limited, [29.68, 113.37, 144.28]),
            (.bt709, .full, [40.16, 113.67, 140.82]),
        ]
        let size = try FrameSize(parsing: "8x8")
        for (matrix, range, expected) in cases {
            let picture = GeneratedVideo.uniform(luma: 100, cb: 150, cr: 90, matrix: matrix, range: range)
            let whole = RoundedRectangle(x: 0, y: 0, width: 8, height: 8, cornerRadius: 0)
            let scene = Scene(size: size, background: nil, nodes: [VideoNode(picture: .ycbcr(picture), clip: whole, content: whole)])
            let pixel = try XCTUnwrap(try ReferenceRenderer().render(scene).pixel(x: 4, y: 4))
            for channel in 0..<3 {
                XCTAssertEqual(Double(pixel[channel]), expected[channel], accuracy: 0.51, "\(matrix) \(range) channel \(channel)")
            }
            XCTAssertEqual(pixel[3], 255)
        }
        // Black and white at the ends of limited range, clamped beyond them.
        XCTAssertEqual(YCbCrConversion.rgb(luma: 16, cb: 128, cr: 128, matrix: .bt709, range: .limited), RGB(0, 0, 0))
        XCTAssertEqual(YCbCrConversion.rgb(luma: 235, cb: 128, cr: 128, matrix: .bt601, range: .limited), RGB(1, 1, 1))
        XCTAssertEqual(YCbCrConversion.rgb(luma: 255, cb: 128, cr: 128, matrix: .bt2020, range: .limited), RGB(1, 1, 1))
    }

    /// Turned and mirrored: the coded top-left marker shows top right for a
    /// quarter turn clockwise, and back top left once mirrored too.
    func testRotationAndMirroringPlaceTheCodedCorner() throws {
        let picture = SourcePicture.ycbcr(GeneratedVideo.frame(width: 64, height: 64, number: 0))
        let size = try FrameSize(parsing: "64x64")
        let whole = RoundedRectangle(x: 0, y: 0, width: 64, height: 64, cornerRadius: 0)
        func brightCorner(_ rotation: VideoRotation, mirrored: Bool) throws -> [Bool] {
            let node = VideoNode(picture: picture, rotation: rotation, mirrored: mirrored, clip: whole, content: whole)
            let image = try ReferenceRenderer().render(Scene(size: size, background: nil, nodes: [node]))
            return [(2, 2), (61, 2), (2, 61), (61, 61)].map { (image.pixel(x: $0.0, y: $0.1)?[1] ?? 0) > 240 }
        }
        XCTAssertEqual(try brightCorner(.none, mirrored: false), [true, false, false, false])
        XCTAssertEqual(try brightCorner(.clockwise90, mirrored: false), [false, true, false, false])
        XCTAssertEqual(try brightCorner(.halfTurn, mirrored: false), [false, false, false, true])
        XCTAssertEqual(try brightCorner(.clockwise270, mirrored: false), [false, false, true, false])
        XCTAssertEqual(try brightCorner(.none, mirrored: true), [false, true, false, false])
        XCTAssertEqual(try brightCorner(.clockwise90, mirrored: true), [true, false, false, false])
    }

    /// A frame is a function of its instant: the same time gives the same
    /// bytes however it is reached, and a 30 fps frame equals every second 60 fps frame.
    func testFramesDependOnTheirInstantAlone() throws {
        let scenario = VideoCallFixtures.scenario([(0.5, .remoteVideo(true)), (0.8, .video(true)), (1.2, .pip(.topRight)),
                                                   (1.5, .tap(.pip)), (1.7, .camera(.back))])
        let (screen, timeline) = try VideoCallFixtures.screen(scenario, layers: [.background, .video, .pip], size: "130x282")
        let renderer = ReferenceRenderer()
        let at30 = try FrameSchedule(start: 0, end: 2, fps: 30), at60 = try FrameSchedule(start: 0, end: 2, fps: 60)
        var previous: RGBAImage?
        for frame in stride(from: 15, to: 60, by: 3) {
            let time = at30.time(ofFrame: frame)
            let image = try renderer.render(try VideoCallFixtures.scene(screen, timeline, at: time))
            XCTAssertEqual(image, try renderer.render(try VideoCallFixtures.scene(screen, timeline, at: at60.time(ofFrame: 2 * frame))), "frame \(frame)")
            XCTAssertNotEqual(image, previous, "frame \(frame) moves on")
            previous = image
        }
        // Rendered out of order, from a fresh timeline, the same bytes.
        let (again, fresh) = try VideoCallFixtures.screen(scenario, layers: [.background, .video, .pip], size: "130x282")
        XCTAssertEqual(try renderer.render(try VideoCallFixtures.scene(again, fresh, at: 1.6)),
                       try renderer.render(try VideoCallFixtures.scene(screen, timeline, at: 1.6)))
        // The pictures asked for are each source's at t - t_on.
        let pictures = try XCTUnwrap(try screen.elements.assets(at: 1.0)[VideoFramePictures.self])
        XCTAssertEqual(Set(pictures.pictures.keys), [VideoFramePictures.Key(feed: .remote, sourceTime: 0.5),
                                                     VideoFramePictures.Key(feed: .local, sourceTime: 1.0 - 0.8)])
    }

    /// An audio call's scene has none of the video's nodes, and its elements no provider.
    func testAnAudioCallDrawsNothingOfTheVideo() throws {
        let layout = try CallLayout(size: FrameSize(parsing: "130x282"))
        let screen = CallScreen(layout: layout, seed: 1, avatar: nil)
        let timeline = CallTimeline(Scenario(duration: 5, [(0, .state(.active)), (1, .video(true))]))
        let scene = screen.scene(at: timeline.state(at: 2))
        XCTAssertFalse(scene.nodes.contains { $0 is VideoNode || $0 is ShadeNode })
        XCTAssertTrue(try CallKind.elements.assets(at: 2).isEmpty)
    }
}
