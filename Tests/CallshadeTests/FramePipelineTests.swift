import CallshadeCore
import CallshadeRender
import CallshadeSystem
import Foundation
import XCTest

/// The frame pipeline and the sinks, in this process: the pixel format is
/// negotiated once (the sink's, made by the renderer or the writer), raw
/// frames go to a pipe, and ffmpeg is asked for the format the sink takes.
final class FramePipelineTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() { shared.release(); super.tearDown() }

    /// A sink that keeps what it is given.
    final class KeepingSink: FrameSink {
        let takes: PixelFormat
        private(set) var frames: [(index: Int, frame: RenderedFrame)] = []
        private(set) var finished = false
        private(set) var abandoned = false

        init(takes: PixelFormat) {
            self.takes = takes
        }

        func write(_ frame: RenderedFrame, index: Int) throws {
            frames.append((index, frame))
        }

        func finish() throws {
            finished = true
        }

        func abandon() {
            abandoned = true
        }
    }

    /// Frames of the demo call without its glass (the CPU reference's glass
    /// costs 60 ms a frame at any size; what is tested here is where frames go).
    static func scenes(count: Int, size: String = "64x48") throws -> [Scene] {
        try (0..<count).map { try scenarioScene(.demo, at: 8.5 + Double($0) / 30, size: size, layers: [.background, .waves, .avatar, .title, .status]) }
    }

    func testTheSinkGetsTheFormatItTakesFromWhoeverMakesItBest() throws {
        let scenes = try Self.scenes(count: 3)
        let gpu = try Self.shared.renderer()
        let cpu = ReferenceRenderer()
        XCTAssertTrue(gpu.convertsToYUVItself, "llvmpipe's choice: host composition, which writes I420 itself")
        XCTAssertFalse(cpu.convertsToYUVItself)
        for (name, renderer) in [("gpu", gpu as FrameRenderer), ("cpu", cpu)] {
            for takes in PixelFormat.allCases {
                let sink = KeepingSink(takes: takes)
                let pipeline = FramePipeline(renderer: renderer, sink: sink)
                XCTAssertEqual(pipeline.writes, takes)
                XCTAssertEqual(pipeline.renders, takes == .yuv420p && renderer.convertsToYUVItself ? .yuv420p : .rgba, "\(name) \(takes)")
                for (index, scene) in scenes.enumerated() { try pipeline.submit(scene, index: index) }
                try pipeline.finish()
                XCTAssertTrue(sink.finished)
                XCTAssertEqual(sink.frames.map(\.index), [0, 1, 2])
                for (index, frame) in sink.frames {
                    switch (takes, frame) {
                    case (.rgba, .rgba(let image)):
                        assertSameImage(image, try renderer.render(scenes[index]), "\(name) frame \(index)")
                    case (.yuv420p, .yuv420p(let planes)):
                        // The renderer's own I420, or its RGBA converted by the writer: the same bytes either way.
                        var expected: [UInt8] = []
                        try renderer.renderYUV420(scenes[index], into: &expected)
                        XCTAssertEqual(planes, expected, "\(name) frame \(index)")
                    default:
                        XCTFail("\(name): a sink taking \(takes) got \(frame)")
                    }
                }
            }
        }
    }

    /// A frame whose scene is the last frame's is written again, not
    /// rendered: the same bytes; a scene that differs is rendered.
    func testARepeatedSceneIsWrittenAgainNotRendered() throws {
        final class CountingRenderer: FrameRenderer {
            let inner: FrameRenderer
            private(set) var renders = 0
            init(_ inner: FrameRenderer) { self.inner = inner }
            func render(_ scene: Scene) throws -> RGBAImage {
                renders += 1
                return try inner.render(scene)
            }
        }
        let scenes = try Self.scenes(count: 2)
        XCTAssertNotEqual(scenes[0], scenes[1])
        for takes in PixelFormat.allCases {
            let renderer = CountingRenderer(ReferenceRenderer())
            let sink = KeepingSink(takes: takes)
            let pipeline = FramePipeline(renderer: renderer, sink: sink)
            // Frames 0 to 4: the first scene twice, the second twice, the first again.
            let shown = [0, 0, 1, 1, 0]
            for (index, which) in shown.enumerated() { try pipeline.submit(scenes[which], index: index) }
            try pipeline.finish()
            XCTAssertEqual(renderer.renders, 3, "\(takes): each run of one scene rendered once")
            XCTAssertEqual(sink.frames.map(\.index), [0, 1, 2, 3, 4])
            for (index, frame) in sink.frames {
                var expected: [UInt8] = []
                let image = try ReferenceRenderer().render(scenes[shown[index]])
                switch frame {
                case .rgba(let got): assertSameImage(got, image, "\(takes) frame \(index)")
                case .yuv420p(let planes):
                    try YUV420.convertFast(image, into: &expected, cores: 2)
                    XCTAssertEqual(planes, expected, "\(takes) frame \(index)")
                }
            }
        }
    }

    func testAFailedWriteAbandonsTheSinkAndIsThrown() throws {
        final class FailingSink: FrameSink {
            var takes: PixelFormat { .rgba }
            var abandoned = false
            func write(_ frame: RenderedFrame, index: Int) throws { throw SystemError("write", code: ENOSPC) }
            func finish() throws {}
            func abandon() { abandoned = true }
        }
        let sink = FailingSink()
        let pipeline = FramePipeline(renderer: ReferenceRenderer(), sink: sink)
        let scenes = try Self.scenes(count: 6, size: "8x8")
        XCTAssertThrowsError(try {
            for (index, scene) in scenes.enumerated() { try pipeline.submit(scene, index: index) }
            try pipeline.finish()
        }()) { error in
            XCTAssertEqual(error as? SystemError, SystemError("write", code: ENOSPC))
        }
        pipeline.abandon()
        XCTAssertTrue(sink.abandoned)
    }

    func testPNGFramesRefuseI420() throws {
        let folder = try scratchFolder()
        let sink = try PNGSequenceSink(folder: folder.appendingPathComponent("frames").path, cleanup: nil)
        XCTAssertEqual(sink.takes, .rgba)
        XCTAssertThrowsError(try sink.write(.yuv420p([0, 0, 0, 0, 0, 0]), index: 0)) { error in
            XCTAssertEqual("\(error)", "PNG frames need RGBA")
        }
        sink.abandon()
    }

    /// Raw frames written to a pipe, read back whole.
    func rawStream(_ format: PixelFormat, scenes: [Scene], renderer: FrameRenderer) throws -> [UInt8] {
        let pipe = try FileDescriptor.pipe()
        let reader = StreamCollector(pipe.readEnd)
        let pipeline = FramePipeline(renderer: renderer, sink: RawStreamSink(format: format, descriptor: pipe.writeEnd))
        for (index, scene) in scenes.enumerated() { try pipeline.submit(scene, index: index) }
        try pipeline.finish()
        try pipe.writeEnd.close()
        return try reader.finish()
    }

    func testRawFramesOnAPipeAreFramesTimesFrameSize() throws {
        let scenes = try Self.scenes(count: 5)
        let gpu = try Self.shared.renderer()
        for (format, bytesPerFrame) in [(PixelFormat.rgba, 64 * 48 * 4), (.yuv420p, 64 * 48 * 3 / 2)] {
            let stream = try rawStream(format, scenes: scenes, renderer: gpu)
            XCTAssertEqual(stream.count, 5 * bytesPerFrame, "\(format)")
            if format == .rgba { XCTAssertEqual(Array(stream.prefix(bytesPerFrame)), try gpu.render(scenes[0]).pixels) }
        }
    }

    func testRawYUVMatchesTheBT709Formula() throws {
        // A flat frame: its colour through BT.709 limited range is what the Y plane holds.
        let flat = try scenarioScene(.demo, at: 0, size: "2x2", layers: [.background])
        let gpu = try Self.shared.renderer()
        let planes = try rawStream(.yuv420p, scenes: [flat], renderer: gpu)
        let rgb = try rawStream(.rgba, scenes: [flat], renderer: gpu)
        XCTAssertEqual(planes.count, 6)
        let y = 16 + 219 * (0.2126 * Double(rgb[0]) + 0.7152 * Double(rgb[1]) + 0.0722 * Double(rgb[2])) / 255
        XCTAssertEqual(Double(planes[0]), y, accuracy: 0.51)
    }

    func testFFmpegReadsTheFormatTheVideoSinkTakes() throws {
        let size = try FrameSize(parsing: "64x48")
        for codec in VideoCodec.allCases {
            for container in codec.containers {
                let settings = VideoSettings(container: container, codec: codec, crf: 18, preset: .veryfast, size: size, fps: 30)
                let arguments = settings.ffmpegArguments(output: "out")
                let input = try XCTUnwrap(arguments.firstIndex(of: "-i"))
                let format = try XCTUnwrap(arguments[..<input].lastIndex(of: "-pix_fmt"))
                XCTAssertEqual(arguments[format + 1], settings.pixelFormat.rawValue, "\(codec) in \(container)")
                XCTAssertEqual(Array(arguments[(format - 2)...(format + 3)]), ["-f", "rawvideo", "-pix_fmt", settings.pixelFormat.rawValue, "-s", "64x48"])
                XCTAssertEqual(settings.pixelFormat, [.h264, .hevc, .vp9].contains(codec) ? .yuv420p : .rgba, "\(codec)")
                XCTAssertEqual(Array(arguments.suffix(3)), ["-f", container.muxer, "out"])
            }
        }
    }

    func testAVideoSinkEncodesWhatThePipelineHandsIt() throws {
        try XCTSkipUnless(Tools.hasFFmpeg, "ffmpeg is not installed (Scripts/bootstrap installs it)")
        let folder = try scratchFolder()
        let scenes = try Self.scenes(count: 4)
        for (codec, container) in [(VideoCodec.h264, VideoContainer.mp4), (.ffv1, .mkv)] {
            let path = folder.appendingPathComponent("v.\(container.rawValue)").path
            let settings = VideoSettings(container: container, codec: codec, crf: 18, preset: .ultrafast, size: try FrameSize(parsing: "64x48"), fps: 30)
            let sink = try VideoSink(path: path, settings: settings, ffmpeg: try FFmpeg.require(), recording: nil, cleanup: nil)
            XCTAssertEqual(sink.takes, settings.pixelFormat)
            let pipeline = FramePipeline(renderer: try Self.shared.renderer(), sink: sink)
            for (index, scene) in scenes.enumerated() { try pipeline.submit(scene, index: index) }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing at the path before the end")
            try pipeline.finish()
            let probed = try Tools.probeStream(path, ["codec_name", "nb_read_frames"], countFrames: true)
            XCTAssertEqual(probed["codec_name"], codec.rawValue)
            XCTAssertEqual(probed["nb_read_frames"], "4")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["v.mkv", "v.mp4"])
    }
}
