import CallshadeCore
@testable import CallshadePNG
import CallshadeSystem
import Foundation
import XCTest

final class PNGTests: XCTestCase {
    func pattern(width: Int, height: Int, alpha: (Int) -> UInt8) -> RGBAImage {
        var pixels: [UInt8] = []
        for index in 0..<(width * height) {
            pixels += [UInt8(index % 256), UInt8((index * 7) % 256), UInt8((index * 13) % 256), alpha(index)]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }

    /// The colour type byte of the IHDR chunk and the chunk names, read from the file's bytes.
    func chunkInfo(_ path: String) throws -> (colorType: UInt8, chunks: [String]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10])
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: data[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return (data[25], chunks)
    }

    func testOpaqueImagesRoundTripAsRGBWithAnSRGBChunk() throws {
        let folder = try scratchFolder()
        let image = pattern(width: 13, height: 7) { _ in 255 }
        let path = folder.appendingPathComponent("opaque.png").path
        try PNGFile.write(image, to: path)
        XCTAssertEqual(try PNGFile.read(path: path), image)
        let info = try chunkInfo(path)
        XCTAssertEqual(info.colorType, 2)   // RGB
        XCTAssertTrue(info.chunks.contains("sRGB"), "\(info.chunks)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["opaque.png"])
    }

    func testTransparentImagesRoundTripAsRGBA() throws {
        let folder = try scratchFolder()
        let image = pattern(width: 5, height: 9) { UInt8(($0 * 29) % 256) }
        let path = folder.appendingPathComponent("alpha.png").path
        try PNGFile.write(image, to: path)
        XCTAssertEqual(try PNGFile.read(path: path), image)
        XCTAssertEqual(try chunkInfo(path).colorType, 6)   // RGBA
    }

    func testBadFilesGiveErrorsNotCrashes() throws {
        let folder = try scratchFolder()
        let text = folder.appendingPathComponent("text.png")
        try Data("this is not a png".utf8).write(to: text)
        XCTAssertThrowsError(try PNGFile.read(path: text.path)) { error in
            guard case .cannotRead(let path, _)? = error as? PNGError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, text.path)
        }
        XCTAssertThrowsError(try PNGFile.read(path: folder.appendingPathComponent("missing.png").path)) { error in
            XCTAssertTrue("\(error)".contains("no such file"), "\(error)")
        }
        XCTAssertThrowsError(try PNGFile.read(path: folder.path)) { error in
            XCTAssertTrue("\(error)".contains("folder"), "\(error)")
        }
        // A truncated file: a valid PNG cut in half.
        let whole = folder.appendingPathComponent("whole.png")
        try PNGFile.write(pattern(width: 64, height: 64) { _ in 255 }, to: whole.path)
        let bytes = try Data(contentsOf: whole)
        let cut = folder.appendingPathComponent("cut.png")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        XCTAssertThrowsError(try PNGFile.read(path: cut.path))
    }

    func testWritingIntoAMissingFolderLeavesNothing() throws {
        let folder = try scratchFolder()
        let target = folder.appendingPathComponent("no/such/folder/out.png").path
        XCTAssertThrowsError(try PNGFile.write(pattern(width: 2, height: 2) { _ in 255 }, to: target)) { error in
            XCTAssertTrue("\(error)".contains("does not exist"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
    }

    func testAFailedWriteKeepsThePreviousFileAndNoTemporaries() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("keep.png").path
        try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
        // An image whose pixels libpng is asked to write at zero width fails inside libpng.
        let empty = RGBAImage(width: 0, height: 3, pixels: [])!
        XCTAssertThrowsError(try PNGFile.write(empty, to: path))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "previous")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["keep.png"])
    }

    func testAFullDiskSaysENOSPCNotAWriteError() throws {
        // /dev/full takes no byte: every write fails with ENOSPC, as on a full disk.
        guard let descriptor = try? FileDescriptor.open("/dev/full", .writeOnly) else { throw XCTSkip("no /dev/full here") }
        defer { XCTAssertNoThrow(try descriptor.close()) }
        let bytes = try PNGFile.encode(pattern(width: 64, height: 64) { _ in 255 }, path: "full.png")
        XCTAssertThrowsError(try PNGFile.write(bytes, to: descriptor, path: "full.png")) { error in
            XCTAssertEqual(error as? PNGError, .cannotWrite(path: "full.png", reason: "no space left on device (ENOSPC)"))
            XCTAssertEqual("\(error)", "cannot write PNG 'full.png': no space left on device (ENOSPC)")
        }
    }

    func testEncodingInMemoryGivesTheFileWritten() throws {
        let folder = try scratchFolder()
        let image = pattern(width: 31, height: 17) { UInt8(($0 * 11) % 256) }
        let path = folder.appendingPathComponent("a.png").path
        try PNGFile.write(image, to: path)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), try PNGFile.encode(image, path: path))
        // Given too little room, the encoder tries again with the size libpng asks for.
        XCTAssertEqual(try PNGFile.encode(image, path: path, firstCapacity: 16), try PNGFile.encode(image, path: path))
        // Noise does not compress: the bound still holds it.
        var random = SeededGenerator(state: 7)
        let noise = try XCTUnwrap(RGBAImage(width: 97, height: 61, pixels: (0..<97 * 61 * 4).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
        XCTAssertLessThanOrEqual(try PNGFile.encode(noise, path: path).count, PNGFile.sizeBound(bytes: 97 * 61 * 4, rows: 61))
    }

    func testWhatIsNotARegularFileIsRefusedWithItsKind() throws {
        XCTAssertThrowsError(try PNGFile.read(path: "/dev/null")) { error in
            XCTAssertEqual(error as? PNGError, .input(.notRegular("/dev/null", kind: "a character device")))
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
    }
}
