import CallshadeCore

/// What `validate` says of the lasso (`drawing-tools.md` section 2): what
/// each lasso selected and until when, each stroke selected, moved,
/// duplicated or deleted with its instant, and each copy with its fate.
enum LassoListing {
    /// Stroke `id` by name: a file's stroke by its index, a copy by its number.
    static func name(_ id: Int, fates: StrokeFates) -> String {
        id < fates.strokeCount ? "stroke \(id)" : "copy \(id - fates.strokeCount)"
    }

    static func names(_ ids: [Int], fates: StrokeFates) -> String {
        ids.map { name($0, fates: fates) }.joined(separator: ", ")
    }

    /// A lasso stroke's fate: what it selected, from its release to the selection's end; or that it selected nothing.
    static func lassoFate(_ index: Int, stroke: Stroke, fates: StrokeFates) -> String {
        guard let selection = fates.selections[index], let first = selection.phases.first else {
            return "lasso selecting nothing: it vanishes at its release, \(ShownNumber.text(stroke.endTime)) s"
        }
        return "lasso selecting \(names(first.items, fates: fates)) at \(ShownNumber.text(first.from)) s"
            + (selection.end.isFinite ? ", the selection ending at \(ShownNumber.text(selection.end)) s" : ", the selection living to the end")
    }

    /// Each copy's line: what it copies, when and where it is drawn, and what becomes of it.
    static func copyLines(fates: StrokeFates, facts: LassoFacts) -> [String] {
        fates.copies.enumerated().map { number, copy in
            let id = fates.strokeCount + number
            var parts = ["copy \(number): of \(name(copy.of, fates: fates)) (stroke \(copy.source)'s samples) from \(ShownNumber.text(copy.at)) s, "
                         + "drawn after stroke \(copy.after)"]
            parts += facts.of(id)
            for erasure in fates.erasures[id] ?? [] {
                parts.append("removed by stroke \(erasure.eraser) at \(ShownNumber.text(erasure.at)) s, gone from \(ShownNumber.text(erasure.gone)) s"
                             + (erasure.restored.map { ", back from \(ShownNumber.text($0)) s (the eraser undone)" } ?? ""))
            }
            if let removal = fates.removals[id], !facts.deleted.contains(id) {
                parts.append("removed by the editor from \(ShownNumber.text(removal)) s")
            }
            return parts.joined(separator: "; ")
        }
    }

    /// A lasso event's line in the editor's listing.
    static func eventText(_ outcome: LassoOutcome?, event: EditorEvent, fates: StrokeFates) -> String {
        switch outcome {
        case .moved(let items):
            guard case .lasso(.move(let samples)) = event.action, let last = samples.last else { return "moves \(names(items, fates: fates))" }
            return "moves \(names(items, fates: fates)) by (\(ShownNumber.text(last.offset.x)), \(ShownNumber.text(last.offset.y))) px "
                + "by \(ShownNumber.text(last.time)) s"
        case .duplicated(let items, let copies):
            return "duplicates \(names(items, fates: fates)) as \(names(copies, fates: fates)), the selection now the copies"
        case .deleted(let items): return "deletes \(names(items, fates: fates)), ending the selection"
        case .ended(let items): return "ends the selection of \(names(items, fates: fates))"
        case nil: return "does nothing: no selection lives"
        }
    }
}

/// What the lassos did to each stroke (by id), in time order, as
/// `validate` says it: selected, moved, duplicated, deleted; found in one
/// pass over the selections and the lasso events.
struct LassoFacts {
    private var lines: [Int: [String]] = [:]
    /// The strokes a lasso's delete removed.
    private(set) var deleted: Set<Int> = []

    init(fates: StrokeFates, events: [EditorEvent]) {
        for (lasso, selection) in fates.selections.sorted(by: { $0.key < $1.key }) {
            guard let phase = selection.phases.first else { continue }
            for id in phase.items { lines[id, default: []].append("selected by stroke \(lasso) at \(ShownNumber.text(phase.from)) s") }
        }
        for (index, outcome) in fates.lassoEdits.sorted(by: { $0.key < $1.key }) {
            let event = events[index], at = ShownNumber.text(event.at)
            switch outcome {
            case .moved(let items):
                for id in items { lines[id, default: []].append("moved by event \(index) from \(at) to \(ShownNumber.text(event.end)) s") }
            case .duplicated(let items, let copies):
                for (id, copy) in zip(items, copies) {
                    lines[id, default: []].append("duplicated by event \(index) at \(at) s as \(LassoListing.name(copy, fates: fates))")
                }
            case .deleted(let items):
                for id in items { lines[id, default: []].append("deleted by event \(index) from \(at) s") }
                deleted.formUnion(items)
            case .ended:
                break
            }
        }
    }

    /// Stroke `id`'s lines.
    func of(_ id: Int) -> [String] { lines[id] ?? [] }
}
