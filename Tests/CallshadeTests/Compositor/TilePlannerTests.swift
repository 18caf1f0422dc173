@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

/// The tile planner (`TilePlan`, `OpaqueTiles`, `HostLayout`) without a GL
/// context: its nodes are `PlannerNode`s, which have tiles, a host role and
/// a backdrop and draw nothing. Each plan is held to an oracle written here
/// that stacks every tile by hand: walking a tile's nodes from the top down,
/// a node draws there when it covers the tile and no node above it is
/// opaque there.
final class TilePlannerTests: XCTestCase {
    /// A node as the planner sees it, with no renderer behind it.
    struct PlannerNode: FrameNode {
        struct Tiles: NodeTiles {
            let region: PixelRect
            let coverage: [TileCoverage]
            var read: PixelRect?
        }

        let tiles: any NodeTiles
        var backdrop: NodeBackdrop = .blends
        var hostRole: HostRole = .none
        var drawsOnHostWithoutGrid: Bool { false }
        var typeName: String { "PlannerNode" }

        init(region: PixelRect, coverage: [TileCoverage], backdrop: NodeBackdrop = .blends, hostRole: HostRole = .none) {
            tiles = Tiles(region: region, coverage: coverage, read: nil)
            self.backdrop = backdrop
            self.hostRole = hostRole
        }

        /// A node over the tiles (column, row) of `columns` x `rows` tiles from tile (`x`, `y`), all `covered`.
        /// The same, reading the pixels `read` below it (a frosted glass).
        init(region: PixelRect, coverage: [TileCoverage], reading read: PixelRect) {
            tiles = Tiles(region: region, coverage: coverage, read: read)
        }

        init(x: Int, y: Int, columns: Int, rows: Int, _ covered: TileCoverage, hostRole: HostRole = .none, backdrop: NodeBackdrop = .blends) {
            self.init(region: PixelRect(x: x * 8, y: y * 8, width: columns * 8, height: rows * 8),
                      coverage: Array(repeating: covered, count: columns * rows), backdrop: backdrop, hostRole: hostRole)
        }

        struct DrawsNothing: Error {}
        func draw(_ rects: [PixelRect], scene: Scene, overBackground: Bool, lookup: GridLookup?, into target: Framebuffer,
                  showing region: PixelRect) throws { throw DrawsNothing() }
        func hostDrawing(_ rects: [PixelRect], scene: Scene) throws -> any HostDrawing { throw DrawsNothing() }
        func hostFill(_ rects: [PixelRect], scene: Scene, grid: HostGrid) throws -> any HostFill { throw DrawsNothing() }
    }

    /// The oracle: for each frame tile (row by row), the nodes that draw it, bottom to top.
    static func stacks(_ nodes: [PlannerNode], size: FrameSize) -> [[Int]] {
        let columns = (size.width + 7) / 8, rows = (size.height + 7) / 8
        func covered(_ node: PlannerNode, _ column: Int, _ row: Int) -> TileCoverage {
            let region = node.tiles.region
            let (x, y) = (column * 8 - region.x, row * 8 - region.y)
            guard !region.isEmpty, x >= 0, y >= 0, x < region.width, y < region.height else { return .outside }
            return node.tiles.coverage[(y / 8) * ((region.width + 7) / 8) + x / 8]
        }
        var result: [[Int]] = []
        for row in 0..<rows {
            for column in 0..<columns {
                var drawing: [Int] = []
                // The lowest node that reads this tile (the pixels around a glass): no node above it hides the tile.
                let reader = nodes.indices.first { index in
                    nodes[index].tiles.read.map { $0.aligned8(within: size).contains(x: column * 8, y: row * 8) } ?? false
                }
                for index in nodes.indices.reversed() {
                    let coverage = covered(nodes[index], column, row)
                    guard coverage != .outside else { continue }
                    drawing.insert(index, at: 0)
                    if coverage == .opaque, reader.map({ $0 >= index }) ?? true { break }
                }
                result.append(drawing)
            }
        }
        return result
    }

    /// Nodes as the host layout takes them (one left out before its tiles were read is nil; none is here).
    static func optional(_ nodes: [PlannerNode]) -> [(any FrameNode)?] { nodes.map { $0 } }

    /// The tiles of `rects` (frame pixels, on the 8-pixel grid) as frame tile indices.
    static func tiles(of rects: [PixelRect], columns: Int) -> Set<Int> {
        var tiles = Set<Int>()
        for rect in rects {
            for y in stride(from: rect.y, to: rect.y + rect.height, by: 8) {
                for x in stride(from: rect.x, to: rect.x + rect.width, by: 8) { tiles.insert((y / 8) * columns + x / 8) }
            }
        }
        return tiles
    }

    /// Seeded stacks of nodes of every coverage over a 96x64 frame (12 x 8
    /// tiles); with `readers`, some nodes read the pixels of a rectangle
    /// below them (not on the tile grid).
    static func randomStacks(count: Int, readers: Bool = false) -> [(FrameSize, [PlannerNode])] {
        var random = SeededGenerator(state: readers ? 48 : 47)
        let kinds: [TileCoverage] = [.outside, .opaque, .backdrop, .edge]
        guard let size = try? FrameSize(width: 96, height: 64) else { return [] }
        return (0..<count).map { _ in
            let nodes = (0..<Int(random.next() % 5 + 1)).map { _ -> PlannerNode in
                let columns = Int(random.next() % 12) + 1, rows = Int(random.next() % 8) + 1
                let x = Int(random.next() % UInt64(13 - columns)), y = Int(random.next() % UInt64(9 - rows))
                let coverage = (0..<columns * rows).map { _ in kinds[Int(random.next() % 4)] }
                let region = PixelRect(x: x * 8, y: y * 8, width: columns * 8, height: rows * 8)
                guard readers, random.next() % 3 == 0 else { return PlannerNode(region: region, coverage: coverage) }
                let left = Int(random.next() % 90), top = Int(random.next() % 60)
                let read = PixelRect(x: left, y: top, width: Int(random.next() % UInt64(96 - left)) + 1, height: Int(random.next() % UInt64(64 - top)) + 1)
                return PlannerNode(region: region, coverage: coverage, reading: read)
            }
            return (size, nodes)
        }
    }

    /// Every node's runs (where it is lowest, and above another) are the tiles the oracle has it draw, lowest or not.
    func testThePlanDrawsEachTileByTheNodesTheStackingLeaves() throws {
        for (size, nodes) in Self.randomStacks(count: 300) + Self.randomStacks(count: 300, readers: true) {
            let plan = try TilePlan(size: size, nodes: nodes.map { $0 as any FrameNode })
            let stacks = Self.stacks(nodes, size: size)
            for index in nodes.indices {
                let lowest = Self.tiles(of: plan.runs(of: index, lowest: true), columns: plan.columns)
                let above = Self.tiles(of: plan.runs(of: index, lowest: false), columns: plan.columns)
                XCTAssertEqual(lowest, Set(stacks.indices.filter { stacks[$0].first == index }))
                XCTAssertEqual(above, Set(stacks.indices.filter { stacks[$0].dropFirst().contains(index) }))
                XCTAssertEqual(plan.drawsSomeTile[index], stacks.contains { $0.contains(index) })
                XCTAssertEqual(plan.hasNodeBelow(index), stacks.contains { $0.contains(index) && $0.first != index })
                // Split: alone, lowest under others, above another, and the rest of its region.
                let split = plan.split(of: index)
                XCTAssertEqual(Self.tiles(of: split.alone, columns: plan.columns), Set(stacks.indices.filter { stacks[$0] == [index] }))
                XCTAssertEqual(Self.tiles(of: split.shared, columns: plan.columns),
                               Set(stacks.indices.filter { stacks[$0].first == index && stacks[$0].count > 1 }))
                XCTAssertEqual(Self.tiles(of: split.above, columns: plan.columns), above)
                let region = Self.tiles(of: [nodes[index].tiles.region], columns: plan.columns)
                XCTAssertEqual(Self.tiles(of: split.undrawn, columns: plan.columns), region.subtracting(lowest).subtracting(above))
            }
            let drawn = Self.tiles(of: plan.drawnRuns(within: PixelRect(x: 0, y: 0, width: size.width, height: size.height)), columns: plan.columns)
            XCTAssertEqual(drawn, Set(stacks.indices.filter { !stacks[$0].isEmpty }))
        }
    }

    /// A glass reads the pixels around it: an opaque node above it there
    /// (a tool over the control's blur) hides nothing below the glass,
    /// while it still hides the tiles nobody reads.
    func testANodeAboveAGlassHidesNothingTheGlassReads() throws {
        let size = try FrameSize(width: 64, height: 64)
        let canvas = PlannerNode(x: 0, y: 0, columns: 8, rows: 8, .opaque)
        let glass = PlannerNode(region: PixelRect(x: 16, y: 48, width: 32, height: 8), coverage: Array(repeating: .edge, count: 4),
                                reading: PixelRect(x: 8, y: 32, width: 48, height: 32))
        let tool = PlannerNode(x: 2, y: 2, columns: 4, rows: 3, .opaque)   // tiles (2...5, 2...4): rows 16..<40
        let plan = try TilePlan(size: size, nodes: [canvas, glass, tool])
        let drawn = Self.tiles(of: plan.runs(of: 0), columns: plan.columns)
        // Row 4 (y 32..<40) lies in what the glass reads: the canvas draws under the tool there; rows 2 and 3 it does not.
        for column in 2...5 {
            XCTAssertTrue(drawn.contains(4 * 8 + column), "tile (\(column), 4)")
            XCTAssertFalse(drawn.contains(3 * 8 + column), "tile (\(column), 3)")
        }
    }

    /// The plan kept to the nodes that draw some tile is the plan made of them alone, renumbered.
    func testAPlanKeptToItsDrawingNodesIsTheirOwnPlan() throws {
        for (size, nodes) in Self.randomStacks(count: 200) {
            let plan = try TilePlan(size: size, nodes: nodes.map { $0 as any FrameNode })
            let drawing = nodes.indices.filter { plan.drawsSomeTile[$0] }
            let kept = plan.keeping(drawing), fresh = try TilePlan(size: size, nodes: drawing.map { nodes[$0] as any FrameNode })
            for index in drawing.indices {
                XCTAssertEqual(kept.runs(of: index, lowest: true), fresh.runs(of: index, lowest: true))
                XCTAssertEqual(kept.runs(of: index, lowest: false), fresh.runs(of: index, lowest: false))
            }
        }
    }

    /// `OpaqueTiles` covers a region exactly when every one of its tiles lies under a node opaque there.
    func testOpaqueTilesCoverARegionOnlyWhereEveryTileIsOpaque() throws {
        let size = try FrameSize(width: 64, height: 40)   // 8 x 5 tiles
        var opaque = OpaqueTiles(size: size)
        opaque.add(PlannerNode(x: 0, y: 0, columns: 4, rows: 5, .opaque).tiles)
        opaque.add(PlannerNode(x: 4, y: 0, columns: 4, rows: 5, .edge).tiles)
        opaque.add(PlannerNode(region: PixelRect(x: 32, y: 0, width: 16, height: 8), coverage: [.opaque, .backdrop]).tiles)
        XCTAssertTrue(opaque.covers(PixelRect(x: 0, y: 0, width: 32, height: 40)))
        XCTAssertTrue(opaque.covers(PixelRect(x: 8, y: 16, width: 16, height: 8)))
        XCTAssertTrue(opaque.covers(PixelRect(x: 32, y: 0, width: 8, height: 8)))
        XCTAssertFalse(opaque.covers(PixelRect(x: 32, y: 0, width: 16, height: 8)), "a backdrop tile is not opaque")
        XCTAssertFalse(opaque.covers(PixelRect(x: 24, y: 0, width: 16, height: 16)), "edge tiles are not opaque")
        XCTAssertFalse(opaque.covers(PixelRect(x: 0, y: 0, width: 0, height: 0)), "an empty region")
        XCTAssertFalse(opaque.covers(PixelRect(x: 0, y: 32, width: 32, height: 16)), "a region past the frame's tiles")
    }

    /// The host's layout: nodes hidden everywhere are left out; the host draws a node over the frame only when every
    /// node drawn over it is drawn by the host too; a filling node is split; the layout fits the same tiles only.
    func testTheHostLayoutLeavesOutHostsFillsAndDrawsAsThePlanSays() throws {
        let size = try FrameSize(width: 64, height: 64)   // 8 x 8 tiles
        let backdrop = PlannerNode(x: 0, y: 0, columns: 8, rows: 8, .backdrop, hostRole: .fills)
        let hidden = PlannerNode(x: 1, y: 1, columns: 2, rows: 2, .edge, hostRole: .drawsOver)
        let cover = PlannerNode(x: 0, y: 0, columns: 4, rows: 4, .opaque)
        let gpu = PlannerNode(x: 4, y: 4, columns: 2, rows: 2, .edge)
        let underGPU = PlannerNode(x: 3, y: 3, columns: 3, rows: 3, .edge, hostRole: .drawsOver)
        let top = PlannerNode(x: 6, y: 0, columns: 2, rows: 2, .edge, hostRole: .drawsOver)
        // Bottom to top: the backdrop, a node the cover hides, the cover, a host node under a GPU node, the GPU node, a host node on top.
        let nodes: [PlannerNode] = [backdrop, hidden, cover, underGPU, gpu, top]
        let layout = try HostLayout(size: size, nodes: Self.optional(nodes))
        XCTAssertEqual(layout.shown, [0, 2, 3, 4, 5], "the hidden node is left out")
        let stacks = Self.stacks(nodes, size: size)
        func kind(_ part: HostLayout.Part) -> String {
            switch part {
            case .hosted: return "hosted"
            case .filled: return "filled"
            case .drawn: return "drawn"
            }
        }
        XCTAssertEqual(layout.parts.map(kind), ["filled", "drawn", "drawn", "drawn", "hosted"])
        guard case .filled(let alone, let undrawn, let lowest, let above) = layout.parts[0],
              case .hosted(let topTiles) = layout.parts[4] else { return XCTFail("parts \(layout.parts.map(kind))") }
        XCTAssertEqual(Self.tiles(of: alone, columns: 8), Set(stacks.indices.filter { stacks[$0] == [0] }))
        XCTAssertEqual(Self.tiles(of: lowest, columns: 8), Set(stacks.indices.filter { stacks[$0].first == 0 && stacks[$0].count > 1 }))
        XCTAssertTrue(above.isEmpty)
        XCTAssertEqual(Self.tiles(of: undrawn, columns: 8), Set(stacks.indices.filter { !stacks[$0].contains(0) }), "under the cover")
        XCTAssertEqual(Self.tiles(of: topTiles, columns: 8), Set(stacks.indices.filter { stacks[$0].contains(5) }))
        // The same tiles, roles and backdrops fit; a node moved by a tile does not.
        XCTAssertTrue(layout.fits(size: size, nodes: Self.optional(nodes)))
        var moved = nodes
        moved[4] = PlannerNode(x: 5, y: 4, columns: 2, rows: 2, .edge)
        XCTAssertFalse(layout.fits(size: size, nodes: Self.optional(moved)))
        // With the GPU node gone the host node under it is drawn by the host too.
        let without = try HostLayout(size: size, nodes: Self.optional([backdrop, hidden, cover, underGPU, top]))
        XCTAssertEqual(without.parts.map(kind), ["filled", "drawn", "hosted", "hosted"])
    }

    /// A node that composes the background itself may have nothing below it where it draws.
    func testANodeBelowOneThatComposesTheBackgroundIsRefused() throws {
        let size = try FrameSize(width: 32, height: 32)
        let below = PlannerNode(x: 0, y: 0, columns: 2, rows: 2, .edge)
        let composing = PlannerNode(x: 1, y: 1, columns: 2, rows: 2, .edge, backdrop: .composes)
        XCTAssertThrowsError(try HostLayout(size: size, nodes: Self.optional([below, composing]))) { error in
            XCTAssertEqual(error as? SceneRenderError, .nodeBelow("PlannerNode"))
        }
        // Beside it, sharing no tile, a node is not below it.
        let beside = PlannerNode(x: 0, y: 0, columns: 1, rows: 1, .edge)
        XCTAssertNoThrow(try HostLayout(size: size, nodes: Self.optional([beside, composing])))
    }
}
