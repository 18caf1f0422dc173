import CallshadeCore

/// The few converted frames a source keeps, by frame index, the least
/// recently used going first: at most `capacity` pictures whatever the
/// video's length. It also remembers which frame answered a frame asked
/// for (they differ where damaged frames were skipped), for as long as that
/// frame is kept.
struct DecodedFrames {
    let capacity: Int
    private var pictures: [(frame: Int, picture: YCbCrPicture)] = []
    private var answers: [(asked: Int, frame: Int)] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// How many pictures are held.
    var count: Int { pictures.count }

    /// The picture of `frame`, if kept; marks it as just used.
    mutating func picture(of frame: Int) -> YCbCrPicture? {
        guard let position = pictures.firstIndex(where: { $0.frame == frame }) else { return nil }
        let entry = pictures.remove(at: position)
        pictures.append(entry)
        return entry.picture
    }

    /// The picture that answered `asked` before, if still kept.
    mutating func answer(to asked: Int) -> YCbCrPicture? {
        let frame = answers.last(where: { $0.asked == asked })?.frame ?? asked
        return picture(of: frame)
    }

    func contains(_ frame: Int) -> Bool {
        pictures.contains { $0.frame == frame }
    }

    /// Keeps `picture` as `frame`'s, dropping the least recently used beyond the capacity.
    mutating func insert(_ picture: YCbCrPicture, of frame: Int) {
        pictures.removeAll { $0.frame == frame }
        pictures.append((frame, picture))
        if pictures.count > capacity { pictures.removeFirst(pictures.count - capacity) }
        let kept = Set(pictures.map(\.frame))
        answers.removeAll { !kept.contains($0.frame) }
    }

    /// Remembers that `frame` is the picture for `asked` (when they differ).
    mutating func remember(answer frame: Int, to asked: Int) {
        guard frame != asked, contains(frame) else { return }
        answers.removeAll { $0.asked == asked }
        answers.append((asked, frame))
        if answers.count > capacity * 4 { answers.removeFirst(answers.count - capacity * 4) }
    }
}
