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

    /// What the lassos did to stroke `id`, in time order.
    static func facts(of id: Int, fates: StrokeFates, events: [EditorEvent]) -> [String] {
        var facts: [String] = []
        for (lasso, selection) in fates.selections.sorted(by: { $0.key < $1.key }) {
            if let phase = selection.phases.first, phase.items.contains(id) {
                facts.append("selected by stroke \(lasso) at \(ShownNumber.text(phase.from)) s")
            }
        }
        for (index, outcome) in fates.lassoEdits.sorted(by: { $0.key < $1.key }) {
            let event = events[index], at = ShownNumber.text(event.at)
            switch outcome {
            case .moved(let items) where items.contains(id):
                facts.append("moved by event \(index) from \(at) to \(ShownNumber.text(event.end)) s")
            case .duplicated(let items, let copies):
                if let place = items.firstIndex(of: id) { facts.append("duplicated by event \(index) at \(at) s as \(name(copies[place], fates: fates))") }
            case .deleted(let items) where items.contains(id):
                facts.append("deleted by event \(index) from \(at) s")
            default:
                break
            }
        }
        return facts
    }

    /// Each copy's line: what it copies, when and where it is drawn, and what becomes of it.
    static func copyLines(fates: StrokeFates, events: [EditorEvent]) -> [String] {
        fates.copies.enumerated().map { number, copy in
            let id = fates.strokeCount + number
            var parts = ["copy \(number): of \(name(copy.of, fates: fates)) (stroke \(copy.source)'s samples) from \(ShownNumber.text(copy.at)) s, "
                         + "drawn after stroke \(copy.after)"]
            let lassoFacts = facts(of: id, fates: fates, events: events)
            parts += lassoFacts
            for erasure in fates.erasures[id] ?? [] {
                parts.append("removed by stroke \(erasure.eraser) at \(ShownNumber.text(erasure.at)) s, gone from \(ShownNumber.text(erasure.gone)) s"
                             + (erasure.restored.map { ", back from \(ShownNumber.text($0)) s (the eraser undone)" } ?? ""))
            }
            if let removal = fates.removals[id], !lassoFacts.contains(where: { $0.hasPrefix("deleted") }) {
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
