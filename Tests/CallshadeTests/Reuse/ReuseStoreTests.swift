@testable import CallshadeCore
import XCTest

/// The reuse store's own rules: a value by its typed key, the least
/// recently used let go once the budget is passed, nothing kept when off,
/// a value taken out not found until kept again, and its counts.
final class ReuseStoreTests: XCTestCase {
    private struct Word: ReuseKey {
        typealias Value = String
        static let shelf = "words"
        let number: Int
    }

    /// Another key type whose fields equal a `Word`'s: never the same value.
    private struct Number: ReuseKey {
        typealias Value = Int
        static let shelf = "numbers"
        let number: Int
    }

    func testTheLeastRecentlyUsedGoesFirstOnceTheBudgetIsPassed() {
        let store = ReuseStore(budget: 30)
        for number in 0..<3 { store.keep(Word(number: number), "\(number)", bytes: 10) }
        XCTAssertEqual(store.kept(Word(number: 0)), "0", "used again: now the latest")
        store.keep(Word(number: 3), "3", bytes: 10)
        XCTAssertNil(store.kept(Word(number: 1)), "the one used longest ago went")
        XCTAssertEqual(store.kept(Word(number: 0)), "0")
        XCTAssertEqual(store.kept(Word(number: 2)), "2")
        XCTAssertEqual(store.kept(Word(number: 3)), "3")
        XCTAssertEqual(store.bytesKept, 30)
        store.keep(Word(number: 9), "too large", bytes: 31)
        XCTAssertNil(store.kept(Word(number: 9)), "a value larger than the budget is not kept")
        XCTAssertEqual(store.bytesKept, 30, "and nothing went to make room for it")
        store.keep(Word(number: 3), "three, too large", bytes: 31)
        XCTAssertNil(store.kept(Word(number: 3)), "nor does the smaller one kept for its key stay")
        XCTAssertEqual(store.bytesKept, 20)
    }

    /// A value no frame has used for `idleFrames` frames goes at the next frame; one used stays.
    func testValuesNoFrameUsesGo() {
        let store = ReuseStore()
        store.keep(Word(number: 1), "one", bytes: 3)
        store.keep(Word(number: 2), "two", bytes: 3)
        for _ in 0..<ReuseStore.idleFrames {
            store.nextFrame()
            XCTAssertEqual(store.kept(Word(number: 2)), "two")
        }
        XCTAssertEqual(store.bytesKept, 6, "not yet: idle for exactly idleFrames frames")
        store.nextFrame()
        XCTAssertNil(store.kept(Word(number: 1)), "idle for more than idleFrames frames")
        XCTAssertEqual(store.kept(Word(number: 2)), "two")
        XCTAssertEqual(store.bytesKept, 3)
    }

    func testKeysOfAnotherTypeNeverMeet() {
        let store = ReuseStore()
        store.keep(Word(number: 1), "one", bytes: 3)
        XCTAssertNil(store.kept(Number(number: 1)))
        store.keep(Number(number: 1), 1, bytes: 8)
        XCTAssertEqual(store.kept(Word(number: 1)), "one")
        XCTAssertEqual(store.kept(Number(number: 1)), 1)
    }

    func testOffKeepsNothing() {
        let store = ReuseStore(.off)
        var made = 0
        for _ in 0..<3 { _ = store.value(Word(number: 1)) { made += 1; return ("one", 3) } }
        XCTAssertEqual(made, 3)
        XCTAssertEqual(store.bytesKept, 0)
        XCTAssertEqual(store.shelves, [ReuseStore.Count(shelf: "words", hits: 0, misses: 3, bytes: 0, values: 0)])
    }

    /// A key whose value may be nil (a node seen once is remembered as nil).
    private struct Maybe: ReuseKey {
        typealias Value = String?
        static let shelf = "maybes"
        let number: Int
    }

    /// An optional value: held only once kept (a nil kept is held and found as nil; nothing kept is neither).
    func testAnOptionalValueIsHeldOnlyOnceKept() {
        let store = ReuseStore()
        XCTAssertFalse(store.holds(Maybe(number: 1)))
        XCTAssertNil(store.kept(Maybe(number: 1)) as String??)
        store.keep(Maybe(number: 1), nil, bytes: 0)
        XCTAssertTrue(store.holds(Maybe(number: 1)))
        XCTAssertEqual(store.kept(Maybe(number: 1)), .some(nil))
        XCTAssertFalse(store.holds(Maybe(number: 2)))
    }

    func testATakenValueIsNotFoundUntilKeptAgain() {
        let store = ReuseStore()
        store.keep(Word(number: 1), "one", bytes: 3)
        XCTAssertTrue(store.holds(Word(number: 1)))
        XCTAssertEqual(store.take(Word(number: 1)), "one")
        XCTAssertFalse(store.holds(Word(number: 1)))
        XCTAssertNil(store.kept(Word(number: 1)))
        XCTAssertEqual(store.bytesKept, 0)
        store.keep(Word(number: 1), "one more", bytes: 8)
        XCTAssertEqual(store.kept(Word(number: 1)), "one more")
        XCTAssertEqual(store.shelves, [ReuseStore.Count(shelf: "words", hits: 2, misses: 1, bytes: 8, values: 1)])
        store.empty()
        XCTAssertNil(store.kept(Word(number: 1)))
        XCTAssertEqual(store.shelves, [ReuseStore.Count(shelf: "words", hits: 2, misses: 2, bytes: 0, values: 0)])
    }

    /// Many threads keeping and finding at once: every value found is its key's, and the budget holds.
    func testThreadsShareOneStore() {
        let store = ReuseStore(budget: 500)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<2000 {
                let key = Word(number: (step * 7 + thread) % 97)
                let value = store.value(key) { ("\(key.number)", 10) }
                if value != "\(key.number)" { XCTFail("\(key.number) gave \(value)") }
            }
        }
        XCTAssertLessThanOrEqual(store.bytesKept, 500)
        let count = store.shelves[0]
        XCTAssertEqual(count.hits + count.misses, 8 * 2000)
        XCTAssertEqual(count.bytes, store.bytesKept)
    }
}
