import CallshadeCore
import CallshadeGL
import XCTest

/// Both renderers against the spec's formula as evaluated by an independent
/// program (Scripts/spec-gradient.py, plain Python doubles, no code shared with
/// callshade): within 2 levels per channel at every listed pixel.
final class SpecValueTests: XCTestCase {
    // (palette, phase, size, column, row from top, toned, expected r, g, b on 0...255),
    // printed by `Scripts/spec-gradient.py values ...`.
    let table: [(String, Double, String, Int, Int, Bool, Double, Double, Double)] = [
        ("blue-green", 2.5, "270x480", 0, 0, false, 97.488, 167.316, 131.421),
        ("blue-green", 2.5, "270x480", 269, 0, false, 80.019, 162.755, 181.548),
        ("blue-green", 2.5, "270x480", 0, 479, false, 129.710, 172.356, 111.293),
        ("blue-green", 2.5, "270x480", 269, 479, false, 69.973, 151.092, 145.399),
        ("blue-green", 2.5, "270x480", 135, 240, false, 109.884, 169.542, 148.549),
        ("blue-green", 2.5, "270x480", 50, 400, false, 135.006, 175.491, 116.380),
        ("blue-green", 2.5, "270x480", 200, 100, false, 88.563, 164.704, 177.803),
        ("blue-violet", 0, "1170x2532", 0, 0, false, 159.596, 103.244, 213.262),
        ("blue-violet", 0, "1170x2532", 585, 1266, false, 112.117, 109.148, 215.041),
        ("blue-violet", 0, "1170x2532", 1169, 2531, false, 88.460, 138.812, 214.177),
        ("blue-violet", 0, "1170x2532", 300, 2000, false, 99.046, 112.400, 213.277),
        ("blue-violet", 0, "1170x2532", 900, 500, false, 120.903, 101.401, 217.325),
        ("orange-red", 5.75, "7x3", 0, 0, false, 240.077, 114.501, 89.145),
        ("orange-red", 5.75, "7x3", 3, 1, false, 213.165, 97.029, 113.903),
        ("orange-red", 5.75, "7x3", 6, 2, false, 231.620, 134.092, 71.093),
        ("blue-violet", 7.3, "1x1", 0, 0, false, 116.123, 113.123, 214.597),
        ("blue-green", -1.25, "390x844", 100, 700, false, 89.689, 164.806, 162.709),
        ("blue-green", -1.25, "390x844", 300, 150, false, 115.156, 168.322, 125.413),
        ("blue-violet", 3, "270x480", 135, 240, true, 148.739, 145.458, 243.954),
        ("blue-violet", 3, "270x480", 20, 20, true, 122.472, 159.141, 243.228),
        ("orange-red", 6.5, "270x480", 250, 450, true, 254.486, 157.599, 109.577),
    ]

    func request(_ row: (String, Double, String, Int, Int, Bool, Double, Double, Double)) throws -> Scene {
        let palette = try XCTUnwrap(Palette(rawValue: row.0))
        var background = GradientParameters(palette: palette, phase: row.1)
        if row.5 { background.tone = .waves }
        return Scene(size: try FrameSize(parsing: row.2), background: background)
    }

    func check(_ render: (Scene) throws -> RGBAImage, name: String) throws {
        var images: [String: RGBAImage] = [:]
        for row in table {
            let request = try request(row)
            let key = "\(row.0) \(row.1) \(row.2) \(row.5)"
            let image = try images[key] ?? render(request)
            images[key] = image
            let pixel = try XCTUnwrap(image.pixel(x: row.3, y: row.4))
            for (channel, expected) in [row.6, row.7, row.8].enumerated() {
                XCTAssertLessThanOrEqual(abs(Double(pixel[channel]) - expected), 2,
                                         "\(name): \(row.0) phase \(row.1) \(row.2) pixel (\(row.3), \(row.4)) channel \(channel): \(pixel) vs \(row.6), \(row.7), \(row.8)")
            }
            XCTAssertEqual(pixel[3], 255)
        }
    }

    func testCPUReferenceMatchesTheIndependentFormula() throws {
        // Through `ReferenceFrames`: `ParityTests` needs the phone-sized
        // blue-violet frame too, and it takes seconds unoptimised.
        try check(ReferenceFrames.render, name: "cpu")
    }

    func testGPUMatchesTheIndependentFormula() throws {
        try check(try makeGPURenderer().render, name: "gpu")
    }
}
