@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import CallshadeRender
import XCTest

/// A gallery of media files (`gallery.md` sections 0, 7 and 8): what is
/// refused and when, the probe of each file (kind, displayed size,
/// duration), and a thumbnail as the centred crop of the tile's aspect.
final class GalleryMediaTests: XCTestCase {
    static let inputs = TestPaths.goldens.appendingPathComponent("inputs/gallery").path

    static func refusal(_ json: String, folder: String) -> String {
        do {
            _ = try ScenarioFile.parseAny(Array(json.utf8), file: "g.json", folder: folder)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    func testWhatIsRefusedNamesTheField() throws {
        let folder = try scratchFolder()
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: empty.appendingPathComponent("notes.txt"))
        let crowded = folder.appendingPathComponent("crowded")
        try FileManager.default.createDirectory(at: crowded, withIntermediateDirectories: true)
        for index in 0...10_000 { FileManager.default.createFile(atPath: crowded.appendingPathComponent("\(index).PNG").path, contents: nil) }
        let cases: [(String, String)] = [
            (#"{"scene": "gallery", "duration": 1}"#, "g.json: media: missing"),
            (#"{"scene": "gallery", "duration": 1, "media": "empty", "fill": {"count": 3}}"#, "g.json: fill: goes alone"),
            (#"{"scene": "gallery", "duration": 1, "media": "nowhere"}"#, "media: no such folder \"nowhere\""),
            (#"{"scene": "gallery", "duration": 1, "media": "empty"}"#, "media: the folder \"empty\" has no media"),
            (#"{"scene": "gallery", "duration": 1, "media": "crowded"}"#, "media: 10001 files; at most 10000"),
            (#"{"scene": "gallery", "duration": 1, "media": []}"#, "media: must list at least one file"),
            (#"{"scene": "gallery", "duration": 1, "media": ["\#(Self.inputs)/quadrants.png", "IMG_0042.jpg"]}"#, "media[1]: file 'IMG_0042.jpg' not found"),
            (#"{"scene": "gallery", "duration": 1, "media": [{"file": "\#(Self.inputs)/bands.mp4", "frame": -1}]}"#, "media[0].frame: must be 0 or more seconds (got -1)"),
            (#"{"scene": "gallery", "duration": 1, "media": [{"file": "\#(Self.inputs)/bands.mp4", "at": 1}]}"#, "media[0].at: unknown key"),
            (#"{"scene": "gallery", "duration": 1, "media": 3}"#, "media: must be a folder or a list of files, not a number"),
        ]
        for (json, expected) in cases {
            let said = Self.refusal(json, folder: folder.path)
            XCTAssertTrue(said.contains(expected), "\(json): said \(said), expected \(expected)")
        }
    }

    /// A file callshade cannot read is refused when probed, before any frame, naming it.
    func testAnUnreadableFileIsRefusedBeforeTheFirstFrame() throws {
        let folder = try scratchFolder()
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("bad.png"))
        let scenario = try XCTUnwrap(try ScenarioFile.parseAny(Array(#"{"scene": "gallery", "duration": 1, "media": ["bad.png"]}"#.utf8),
                                                            file: "g.json", folder: folder.path) as? GalleryScenario)
        XCTAssertThrowsError(try GalleryFrames(scenario, file: "g.json", size: try FrameSize(width: 390, height: 844), reuse: ReuseStore(.off))) { error in
            guard case FramesError.media(let text) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(text.hasPrefix("media[0]: \"bad.png\": "), text)
        }
    }

    /// Each file probed: a still's size, a video's duration (one pass of its stream), a turned video's displayed size.
    func testEachFileIsProbed() throws {
        let entries = ["quadrants.png", "stripes.jpg", "bands.mp4", "turned.mp4"].map {
            GalleryMediaEntry(path: Self.inputs + "/" + $0, given: $0)
        }
        let library = try GalleryMediaLibrary(entries, reuse: ReuseStore(.off))
        XCTAssertEqual(library.items.map(\.width), [300, 160, 192, 96])
        XCTAssertEqual(library.items.map(\.height), [200, 240, 108, 160])
        XCTAssertEqual(library.items.map { $0.duration == nil }, [true, true, false, false])
        XCTAssertEqual([0, 1, 2, 3].map(library.videoSeconds(of:)), [nil, nil, 3, 2])
    }

    /// A square tile of the 300x200 quadrants: the centred 200x200 (from x
    /// 50) averaged to 100x100: each quadrant's colour, the white mark
    /// (source 60-89, 10-39) at 5-19.
    func testAThumbnailIsTheCentredCropAveraged() throws {
        let library = try GalleryMediaLibrary([GalleryMediaEntry(path: Self.inputs + "/quadrants.png", given: "quadrants.png")], reuse: ReuseStore(.off))
        let thumbnail = try XCTUnwrap(library.thumbnail(0, width: 100, height: 100))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(thumbnail[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4]) }
        XCTAssertEqual(pixel(40, 30), [200, 40, 40, 255])
        XCTAssertEqual(pixel(60, 30), [40, 160, 60, 255])
        XCTAssertEqual(pixel(40, 70), [50, 70, 200, 255])
        XCTAssertEqual(pixel(60, 70), [230, 200, 40, 255])
        XCTAssertEqual(pixel(12, 12), [255, 255, 255, 255])
        XCTAssertEqual(pixel(21, 12), [200, 40, 40, 255])
    }
}
