@testable import CallshadeCore
import XCTest

/// Holds a shape's shortcuts to its coverage at every pixel centre of a
/// region: each 8x8 tile it calls inside has coverage 1 at every centre,
/// each it calls outside 0; every centre in a row's surely-covered run has
/// coverage 1, every one outside the row's touched span 0. `rules` are the
/// coverages that must hold them (the shape's own, and any variant a
/// renderer adds up in another order). It also counts how much the
/// shortcuts find, so that a classification that gives up everywhere fails.
struct ShapeCoverageCheck {
    typealias Rule = (name: String, coverage: (Vec2) -> Double)

    private(set) var failures = FailureCount()
    /// Tiles by what the shape called them, and by what their pixels are.
    private(set) var called: [PartCoverage: Int] = [:]
    private(set) var wholly: [PartCoverage: Int] = [:]
    /// Centres of coverage 1 (by every rule), and those the runs found; centres of coverage 0, and those outside the spans.
    private(set) var covered = 0
    private(set) var inRuns = 0
    private(set) var uncovered = 0
    private(set) var outsideSpans = 0

    mutating func check(_ shape: any AntiAliasedShape, over region: PixelRect, rules: [Rule]) {
        func describe(_ x: Int, _ y: Int, _ rule: Rule, _ value: Double) -> String { "\(shape) at \(x), \(y): \(rule.name) \(value)" }
        let (columns, rows) = SceneTiles.count(region)
        for row in 0..<rows {
            for column in 0..<columns {
                let box = SceneTiles.centreBox(column: column, row: row, region: region, origin: Vec2(0, 0))
                let kind = shape.tileCoverage(box)
                called[kind, default: 0] += 1
                let tile = PixelRect(x: region.x + column * SceneTiles.side, y: region.y + row * SceneTiles.side,
                                     width: SceneTiles.side, height: SceneTiles.side).intersection(region)
                var (allOne, allZero) = (true, true)
                for y in tile.y..<tile.y + tile.height {
                    for x in tile.x..<tile.x + tile.width {
                        for rule in rules {
                            let value = rule.coverage(Vec2(Double(x) + 0.5, Double(y) + 0.5))
                            (allOne, allZero) = (allOne && value == 1, allZero && value == 0)
                            switch kind {
                            case .inside: failures.check(value == 1, "an inside tile: " + describe(x, y, rule, value))
                            case .outside: failures.check(value == 0, "an outside tile: " + describe(x, y, rule, value))
                            case .edge: break
                            }
                        }
                    }
                }
                if allOne { wholly[.inside, default: 0] += 1 } else if allZero { wholly[.outside, default: 0] += 1 }
            }
        }
        for y in region.y..<region.y + region.height {
            let centreY = Double(y) + 0.5
            let run = shape.surelyCoveredRun(atRow: centreY), span = shape.touchedSpan(atRow: centreY)
            for x in region.x..<region.x + region.width {
                let centre = Vec2(Double(x) + 0.5, centreY)
                let values = rules.map { $0.coverage(centre) }
                let isCovered = values.allSatisfy { $0 == 1 }, isUncovered = values.allSatisfy { $0 == 0 }
                (covered, uncovered) = (covered + (isCovered ? 1 : 0), uncovered + (isUncovered ? 1 : 0))
                if let run, run.contains(centre.x) {
                    inRuns += 1
                    for (rule, value) in zip(rules, values) { failures.check(value == 1, "in the run \(run): " + describe(x, y, rule, value)) }
                }
                if let span, !span.contains(centre.x) {
                    outsideSpans += 1
                    for (rule, value) in zip(rules, values) { failures.check(value == 0, "outside the span \(span): " + describe(x, y, rule, value)) }
                }
            }
        }
    }

    /// Fails where any shortcut was wrong, or where they found too little:
    /// under `inside` of the tiles whose pixels are all 1 called inside,
    /// under `outside` of those whose pixels are all 0 called outside, or
    /// under `runs` of the centres of coverage 1 (or 0) in the runs (outside the spans).
    func assertHolds(_ what: String, inside: Double, outside: Double, runs: Double, file: StaticString = #filePath, line: UInt = #line) {
        failures.assertNone(what, file: file, line: line)
        for (kind, share) in [(PartCoverage.inside, inside), (.outside, outside)] {
            let found = called[kind] ?? 0, all = wholly[kind] ?? 0
            XCTAssertGreaterThan(all, 0, "\(what): no tile is wholly \(kind)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(Double(found), share * Double(all), "\(what): \(found) of \(all) tiles wholly \(kind) called so",
                                        file: file, line: line)
        }
        XCTAssertGreaterThanOrEqual(Double(inRuns), runs * Double(covered), "\(what): \(inRuns) of \(covered) covered centres in the runs",
                                    file: file, line: line)
        XCTAssertGreaterThanOrEqual(Double(outsideSpans), runs * Double(uncovered),
                                    "\(what): \(outsideSpans) of \(uncovered) uncovered centres outside the spans", file: file, line: line)
    }

    /// The pixels around `low`...`high` (frame pixels) and `reach` more each side, from a corner
    /// `offset` (0..<8) pixels off the tiles' grid, so that tiles fall anywhere on the shape.
    static func region(x: ClosedRange<Double>, y: ClosedRange<Double>, reach: Double, offset: (Int, Int)) -> PixelRect {
        let left = Int((x.lowerBound - reach).rounded(.down)) - offset.0, top = Int((y.lowerBound - reach).rounded(.down)) - offset.1
        let right = Int((x.upperBound + reach).rounded(.up)), bottom = Int((y.upperBound + reach).rounded(.up))
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension SeededGenerator {
    /// A number in `range`.
    mutating func number(in range: ClosedRange<Double>) -> Double { range.lowerBound + unit() * (range.upperBound - range.lowerBound) }
}
