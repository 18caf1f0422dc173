import Foundation

/// Glass in the CPU reference, from the spec: the toned background blurred
/// by a Gaussian, mixed over what is below by the shape's coverage.
///
/// The blur is the convolution integral evaluated numerically: the toned
/// background is sampled on a lattice of spacing sigma / 8 around the glass
/// (reaching 4 sigma beyond it, samples clamped to the frame's pixel
/// centres), convolved with the sampled Gaussian along x and then along y
/// (it is separable), and read between lattice points bilinearly. The
/// field is smooth on that scale, so the result is within a hundredth of a
/// level of the integral.
struct ReferenceGlass: ReferenceNodeShader {
    let glass: GlassNode
    /// The blurred toned background at lattice points: `origin + (i, j) * spacing`.
    private let lattice: [RGB]
    private let origin: Vec2
    private let spacing: Double
    private let columns: Int
    private let rows: Int

    /// The most lattice points a side, so that an enormous blur or frame stays bounded.
    static let maximumSide = 2048

    init(glass: GlassNode, scene: Scene) {
        self.glass = glass
        let size = scene.size
        let sigma = max(glass.blur, 1e-3)
        let reach = 4 * sigma
        let bounds = glass.bounds(in: size)
        let span = (x: Double(bounds.width) + 2 * reach, y: Double(bounds.height) + 2 * reach)
        let step = max(sigma / 8, max(span.x, span.y) / Double(Self.maximumSide - 1), 1e-3)
        let corner = Vec2(Double(bounds.x) - reach, Double(bounds.y) - reach)
        let columns = bounds.isEmpty ? 0 : Int((span.x / step).rounded(.up)) + 1
        let rows = bounds.isEmpty ? 0 : Int((span.y / step).rounded(.up)) + 1
        spacing = step
        origin = corner
        self.columns = columns
        self.rows = rows
        guard columns > 0, rows > 0 else {
            lattice = []
            return
        }
        // The toned background at the lattice points and beyond them by the
        // kernel's reach, so the convolution needs no edge rule of its own.
        let taps = Int((reach / step).rounded(.up))
        let kernel = (-taps...taps).map { exp(-pow(Double($0) * step, 2) / (2 * sigma * sigma)) }
        let kernelSum = kernel.reduce(0, +)
        let weights = kernel.map { $0 / kernelSum }
        let gradient = ReferenceGradient(glass.backdrop)
        // The reference is no speed path: its cores are asked of the system for each glass.
        let video = glass.video.map { ($0, $0.frame, VideoBlurredCopy($0.picture, cores: ProcessInfo.processInfo.activeProcessorCount)) }
        let wide = (columns: columns + 2 * taps, rows: rows + 2 * taps)
        let start = Vec2(corner.x - Double(taps) * step, corner.y - Double(taps) * step)
        var toned = [RGB](repeating: .black, count: wide.columns * wide.rows)
        let width = Double(size.width), height = Double(size.height)
        for j in 0..<wide.rows {
            let py = min(max(start.y + Double(j) * step, 0.5), height - 0.5)
            for i in 0..<wide.columns {
                let px = min(max(start.x + Double(i) * step, 0.5), width - 0.5)
                let below = glass.wallpaper?.color(at: Vec2(px, py), in: size) ?? gradient.color(atScreen: Vec2(px / width, 1 - py / height))
                toned[j * wide.columns + i] = glass.tone.apply(to: below)
                if let (video, frame, copy) = video {
                    toned[j * wide.columns + i] = Self.overVideo(toned[j * wide.columns + i], at: Vec2(px, py), video: video, frame: frame, copy: copy)
                }
            }
        }
        // Along x (all wide rows), then along y.
        var alongX = [RGB](repeating: .black, count: columns * wide.rows)
        for j in 0..<wide.rows {
            for i in 0..<columns {
                var sum = RGB.black
                for (k, weight) in weights.enumerated() { sum = sum + toned[j * wide.columns + i + k] * weight }
                alongX[j * columns + i] = sum
            }
        }
        var blurred = [RGB](repeating: .black, count: columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                var sum = RGB.black
                for (k, weight) in weights.enumerated() { sum = sum + alongX[(j + k) * columns + i] * weight }
                blurred[j * columns + i] = sum
            }
        }
        lattice = blurred
    }

    /// What glass shows at `point` over a video, given the toned gradient
    /// there: the video's blurred copy, toned, over the bars' grey by the
    /// video's coverage, mixed over the gradient by the video's alpha.
    /// `coverage`: the frame's coverage at `point` where the caller knows it (1 where surely covered).
    static func overVideo(_ gradient: RGB, at point: Vec2, video: GlassVideo, frame: VideoNode, copy: VideoBlurredCopy,
                          coverage: Double? = nil) -> RGB {
        let alpha = min(max(video.alpha, 0), 1)
        guard alpha > 0 else { return gradient }
        return shown(gradient, sample: copy.sample(at: frame.pictureCoordinates(at: point)), coverage: coverage ?? frame.coverage(at: point),
                     alpha: alpha)
    }

    /// The same from the copy's `sample` at the point, the video's frame's
    /// `coverage` there and the video's `alpha` (clamped, positive).
    static func shown(_ gradient: RGB, sample: (color: RGB, alpha: Double), coverage: Double, alpha: Double) -> RGB {
        let reach = coverage * sample.alpha
        let picture = RGB.mix(GlassVideo.bars, GlassVideo.tone.apply(to: sample.color), reach)
        return RGB.mix(gradient, picture, alpha)
    }

    /// The blurred toned background at `point` (frame pixels), bilinear between lattice points.
    func backdrop(at point: Vec2) -> RGB {
        guard columns > 0, rows > 0 else { return .black }
        let u = min(max((point.x - origin.x) / spacing, 0), Double(columns - 1))
        let v = min(max((point.y - origin.y) / spacing, 0), Double(rows - 1))
        let i = min(Int(u), max(columns - 2, 0)), j = min(Int(v), max(rows - 2, 0))
        let fx = u - Double(i), fy = v - Double(j)
        func at(_ a: Int, _ b: Int) -> RGB { lattice[min(b, rows - 1) * columns + min(a, columns - 1)] }
        return RGB.mix(RGB.mix(at(i, j), at(i + 1, j), fx), RGB.mix(at(i, j + 1), at(i + 1, j + 1), fx), fy)
    }

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let amount = glass.coverage(at: pixel) * min(max(glass.opacity, 0), 1)
        guard amount > 0 else { return below }
        let top = backdrop(at: pixel)
        // Source-over of the glass (straight colour `top`, alpha `amount`).
        let alpha = amount + below.alpha * (1 - amount)
        let color = (top * amount + below.color * (below.alpha * (1 - amount))) * (1 / alpha)
        return ShadedPixel(color: color, alpha: alpha)
    }
}
