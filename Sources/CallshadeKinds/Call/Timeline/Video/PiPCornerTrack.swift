import CallshadeCore

/// Where the picture in picture is across its inset rectangle (video-call,
/// section 5): bottom right at first; a drag to another corner while it
/// shows moves it there on the 130/17 spring, in x and y alike, from where
/// it is and as fast as it moves then; a corner chosen while it does not
/// show is simply where it will be.
struct PiPCornerTrack: Sendable {
    struct Move: Sendable {
        let start: Double
        let corner: PiPCorner
        /// The position and the speed at its start (across the rectangle, per second).
        let from: Vec2
        let speed: Vec2
        /// False for a corner chosen while no picture in picture shows: it is there at once.
        let springs: Bool
    }

    static let spring = DampedSpring.pip

    private(set) var moves: [Move] = []
    private var starts: [Double] = []

    /// The corner it is at or heading for at `time`.
    func corner(at time: Double) -> PiPCorner {
        move(at: time)?.corner ?? .bottomRight
    }

    /// Moves it to `corner` at `time` (times must not decrease): on the spring when `springs`.
    mutating func move(to corner: PiPCorner, at time: Double, springs: Bool) {
        let now = state(at: time)
        moves.append(Move(start: time, corner: corner, from: now.position, speed: now.speed, springs: springs))
        starts.append(time)
    }

    private func move(at time: Double) -> Move? {
        SortedTimes.lastIndex(in: starts, atOrBefore: time).map { moves[$0] }
    }

    /// The position across the rectangle at `time`, (0, 0) top left to (1, 1) bottom right.
    func position(at time: Double) -> Vec2 { state(at: time).position }

    private func state(at time: Double) -> (position: Vec2, speed: Vec2) {
        guard let move = move(at: time) else { return (PiPCorner.bottomRight.position, Vec2(0, 0)) }
        let target = move.corner.position
        guard move.springs else { return (target, Vec2(0, 0)) }
        let elapsed = time - move.start
        let x = Self.spring.state(offset: move.from.x - target.x, speed: move.speed.x, after: elapsed)
        let y = Self.spring.state(offset: move.from.y - target.y, speed: move.speed.y, after: elapsed)
        return (Vec2(target.x + x.offset, target.y + y.offset), Vec2(x.speed, y.speed))
    }
}
