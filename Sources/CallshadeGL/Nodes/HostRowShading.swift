import CallshadeCore

/// A node the host draws pixel by pixel along rows: for each pixel of a
/// run, its straight colour (0...1) and the amount (0...1) by which it
/// covers what is below (`HostShadedDrawing` mixes it in).
protocol HostRowShader: Sendable {
    /// Fills `values[0..<count]` with (red, green, blue, amount) of the
    /// pixels (`x` + i, `y`); an amount of 0 leaves the pixel as it is.
    func shade(row y: Int, from x: Int, count: Int, into values: UnsafeMutablePointer<SIMD4<Float>>)
}

/// A `HostRowShader`'s node drawn over the tiles `rects` (frame pixels,
/// edges on multiples of 8 but the frame's own) of a frame of `size`:
/// over RGBA each pixel becomes what is below plus the amount times the
/// colour's difference from it; over I420 the same in Y'CbCr (BT.709,
/// limited range: conversion is affine, so mixing levels mixes colours),
/// each luma sample by its pixel's amount and each chroma sample by the
/// mean of its 2x2 pixels' (as the host's glass and marks mix).
struct HostShadedDrawing<Shader: HostRowShader>: HostDrawing {
    let shader: Shader
    let rects: [PixelRect]
    let size: FrameSize

    var rows: Range<Int> {
        let top = rects.map(\.y).min() ?? 0
        return top..<max(rects.map { $0.y + $0.height }.max() ?? 0, top)
    }

    /// The parts of `rects` inside `band`, clipped to the frame.
    private func runs(in band: Range<Int>) -> [PixelRect] {
        let strip = PixelRect(x: 0, y: band.lowerBound, width: size.width, height: band.count)
        return rects.map { $0.intersection(strip) }.filter { !$0.isEmpty }
    }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        var values = [SIMD4<Float>](repeating: .zero, count: size.width)
        values.withUnsafeMutableBufferPointer { values in
            guard let values = values.baseAddress else { return }
            for run in runs(in: band) {
                for y in run.y..<run.y + run.height {
                    shader.shade(row: y, from: run.x, count: run.width, into: values)
                    let line = pixels + (y * size.width + run.x) * 4
                    for index in 0..<run.width {
                        let value = values[index]
                        let amount = min(max(value.w, 0), 1)
                        guard amount > 0 else { continue }
                        let pixel = line + index * 4
                        for channel in 0..<3 {
                            let below = Float(pixel[channel])
                            pixel[channel] = Self.level(below + amount * (value[channel] * 255 - below))
                        }
                    }
                }
            }
        }
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let (width, height) = (size.width, size.height)
        let chromaWidth = width / 2
        let cbPlane = planes + width * height, crPlane = cbPlane + chromaWidth * (height / 2)
        // Two rows of values, and for each 2x2 block the sums of amount x Cb, amount x Cr and amount.
        var values = [SIMD4<Float>](repeating: .zero, count: 2 * width)
        var blocks = [SIMD4<Float>](repeating: .zero, count: chromaWidth + 1)
        values.withUnsafeMutableBufferPointer { values in
            blocks.withUnsafeMutableBufferPointer { blocks in
                guard let values = values.baseAddress, let blocks = blocks.baseAddress else { return }
                for run in runs(in: band) {
                    let firstBlock = run.x / 2, blockCount = (run.x + run.width + 1) / 2 - firstBlock
                    // Row pairs from an even row (a run starts on one but at a frame's odd last row, which has no chroma of its own).
                    var y = run.y
                    while y < run.y + run.height {
                        let pairEnd = min(y + 2 - y % 2, run.y + run.height)
                        for index in 0..<blockCount { blocks[index] = .zero }
                        for row in y..<pairEnd {
                            let rowValues = values + (row - y) * width
                            shader.shade(row: row, from: run.x, count: run.width, into: rowValues)
                            let line = planes + row * width + run.x
                            for index in 0..<run.width {
                                let value = rowValues[index]
                                let amount = min(max(value.w, 0), 1)
                                guard amount > 0 else { continue }
                                let luma = Self.kr * value.x + (1 - Self.kr - Self.kb) * value.y + Self.kb * value.z
                                let below = Float(line[index])
                                line[index] = Self.level(below + amount * (16 + 219 * luma - below))
                                let cb = 128 + 224 * (value.z - luma) / (2 * (1 - Self.kb))
                                let cr = 128 + 224 * (value.x - luma) / (2 * (1 - Self.kr))
                                blocks[(run.x + index) / 2 - firstBlock] += SIMD4(amount * cb, amount * cr, amount, 0)
                            }
                        }
                        if y / 2 < height / 2 {
                            let cbRow = cbPlane + (y / 2) * chromaWidth + firstBlock, crRow = crPlane + (y / 2) * chromaWidth + firstBlock
                            for index in 0..<min(blockCount, chromaWidth - firstBlock) {
                                let sum = blocks[index] / 4
                                guard sum.z > 0 else { continue }
                                cbRow[index] = Self.level(sum.x + Float(cbRow[index]) * (1 - sum.z))
                                crRow[index] = Self.level(sum.y + Float(crRow[index]) * (1 - sum.z))
                            }
                        }
                        y = pairEnd
                    }
                }
            }
        }
    }

    /// BT.709's weights of red and blue in luma (the frames' I420).
    private static var kr: Float { 0.2126 }
    private static var kb: Float { 0.0722 }

    /// An 8-bit level, rounded and clamped.
    @inline(__always)
    private static func level(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}

/// A rounded rectangle's coverage along one row of pixel centres: surely 1
/// inside `sure`, surely 0 outside `touched`, worked out exactly (the
/// `EdgeCoverage` rule) only between.
struct ShapeRowCoverage {
    private let shape: RoundedRectangle
    private let centreY: Double
    private let sure: ClosedRange<Double>?
    private let touched: ClosedRange<Double>?
    private let missed: Bool

    init(_ shape: RoundedRectangle, row y: Int) {
        self.shape = shape
        centreY = Double(y) + 0.5
        sure = shape.surelyCoveredRun(atRow: centreY)
        let touched = shape.touchedSpan(atRow: centreY)
        self.touched = touched
        missed = touched == RowSpan.none
    }

    /// The columns whose pixel centres lie in `sure` (coverage 1); empty for none.
    var sureColumns: Range<Int> {
        guard let sure, sure.lowerBound.isFinite, sure.upperBound.isFinite else { return 0..<0 }
        // Column c's centre is c + 1/2: the first at or after the run's start, the last at or before its end.
        let first = (sure.lowerBound - 0.5).rounded(.up), last = (sure.upperBound - 0.5).rounded(.down)
        guard last >= first, first > -1e9, last < 1e9 else { return 0..<0 }
        return Int(first)..<Int(last) + 1
    }

    /// The coverage of the pixel whose centre is (`x` + 1/2, the row's).
    @inline(__always)
    func coverage(_ x: Int) -> Double {
        let centreX = Double(x) + 0.5
        if let sure, sure.contains(centreX) { return 1 }
        if missed { return 0 }
        if let touched, !touched.contains(centreX) { return 0 }
        return shape.coverage(at: Vec2(centreX, centreY))
    }
}
