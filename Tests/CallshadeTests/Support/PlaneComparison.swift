import CallshadeCore

/// One plane of two I420 frames compared, held by the rules RGBA frames
/// are: a sample counts as a pixel of one channel (over one level, or not).
struct PlaneComparison {
    /// "Y", "Cb" or "Cr".
    let name: String
    let comparison: ImageComparison
    private let got: ArraySlice<UInt8>
    private let expected: ArraySlice<UInt8>
    private let width: Int

    /// The three planes of `got` and `expected`, I420 frames of `width` x `height` (even).
    static func planes(of got: [UInt8], _ expected: [UInt8], width: Int, height: Int) -> [PlaneComparison] {
        let chroma = (width / 2) * (height / 2)
        let layout = [("Y", 0, width, width * height), ("Cb", width * height, width / 2, chroma),
                      ("Cr", width * height + chroma, width / 2, chroma)]
        return layout.map { name, start, planeWidth, count in
            let (a, b) = (got[start..<start + count], expected[start..<start + count])
            return PlaneComparison(name: name, comparison: ImageComparison(samples: a, b, width: planeWidth), got: a, expected: b,
                                   width: planeWidth)
        }
    }

    /// The plane's samples as grey pictures, for `RouteMatrix.writeFailure`.
    var pictures: (got: RGBAImage, expected: RGBAImage) {
        func grey(_ samples: ArraySlice<UInt8>) -> RGBAImage {
            RGBAImage(width: width, height: samples.count / width, pixels: samples.flatMap { [$0, $0, $0, 255] })!
        }
        return (grey(got), grey(expected))
    }
}

extension ImageComparison {
    /// Two planes' samples compared, `width` to a row: each sample a pixel
    /// of one channel. Through buffer pointers, in one loop (the tests are
    /// built without optimisation).
    init(samples a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>, width: Int) {
        precondition(a.count == b.count, "compare planes of one size")
        var maxDelta = 0, overOne = 0
        var first: Int?
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var index = 0
                while index < a.count {
                    let delta = a[index] > b[index] ? Int(a[index] &- b[index]) : Int(b[index] &- a[index])
                    if delta > 1 {
                        overOne += 1
                        if first == nil { first = index }
                    }
                    if delta > maxDelta { maxDelta = delta }
                    index += 1
                }
            }
        }
        let start = a.startIndex
        self.init(maxDelta: maxDelta, channelsOverOne: overOne, pixelsOverOne: overOne, pixelCount: a.count,
                  firstDifference: first.map { index in
                      (x: index % width, y: index / width, a: [a[start + index]], b: [b[b.startIndex + index]])
                  })
    }
}
