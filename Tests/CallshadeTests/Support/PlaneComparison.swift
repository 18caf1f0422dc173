import CallshadeCore

/// One plane of two I420 frames compared: the plane's samples as grey
/// pixels, so that a route's planes are held by the rules its RGBA frames
/// are (a pixel over one level is a sample over one level).
struct PlaneComparison {
    /// "Y", "Cb" or "Cr".
    let name: String
    let got: RGBAImage
    let expected: RGBAImage
    var comparison: ImageComparison { ImageComparison(got, expected) }

    /// The three planes of `got` and `expected`, I420 frames of `width` x `height` (even).
    static func planes(of got: [UInt8], _ expected: [UInt8], width: Int, height: Int) -> [PlaneComparison] {
        let chroma = (width / 2) * (height / 2)
        let layout = [("Y", 0, width, height), ("Cb", width * height, width / 2, height / 2),
                      ("Cr", width * height + chroma, width / 2, height / 2)]
        return layout.map { name, start, planeWidth, planeHeight in
            func grey(_ frame: [UInt8]) -> RGBAImage {
                let samples = frame[start..<start + planeWidth * planeHeight]
                var pixels = [UInt8](repeating: 255, count: samples.count * 4)
                for (index, sample) in samples.enumerated() {
                    pixels[4 * index] = sample
                    pixels[4 * index + 1] = sample
                    pixels[4 * index + 2] = sample
                }
                return RGBAImage(width: planeWidth, height: planeHeight, pixels: pixels)!
            }
            return PlaneComparison(name: name, got: grey(got), expected: grey(expected))
        }
    }
}
