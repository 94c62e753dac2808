import JuiceMaker

/// Renders `juice log --by day`: a row per local day, with its number of
/// entries and each fruit's net change.
package struct LogDaysRenderer {
    package let menu: Menu
    package let days: [JournalDays.Day]
    package let language: String?

    /// A renderer of these values.
    package init(menu: Menu, days: [JournalDays.Day], language: String?) {
        self.menu = menu
        self.days = days
        self.language = language
    }

    /// `DAY  ENTRIES  CHANGES`, the changes in the menu's order
    /// (`Banana -4, Kiwi +2`).
    package func text() -> [String] {
        let text = Catalogue(language)
        guard !days.isEmpty else { return [text(.noEntries)] }
        var table = TextTable([
            .init(title: text(.dayHeader), alignment: .left), .init(title: text(.entriesHeader), alignment: .right),
            .init(title: text(.changesHeader), alignment: .left),
        ])
        for day in days {
            let known = menu.fruits.compactMap { fruit in day.changes[fruit.id].map { (fruit.id, $0) } }
            let unknown = day.changes.filter { menu.fruit(id: $0.key) == nil }.sorted { $0.key < $1.key }
            let changes = (known + unknown.map { ($0.key, $0.value) }).map { fruit, change in
                "\(menu.fruitName(fruit, for: language)) \(change > 0 ? "+" : "")\(change)"
            }
            table.append([day.day, String(day.entries), changes.joined(separator: ", ")])
        }
        return table.lines
    }

    /// `day,entries,changes`, changes as `id:count` separated by spaces.
    package func csv() -> [String] {
        ["day,entries,changes"]
            + days.map { day in
                let changes = day.changes.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
                return [day.day, String(day.entries), changes.joined(separator: " ")].map(CSV.field)
                    .joined(separator: ",")
            }
    }
}

/// The JSON of `juice log --by day`: `{"days": [{"day", "entries",
/// "changes"}], "diagnostics"}`.
package struct LogDaysJSON: Encodable, Sendable {
    struct DayJSON: Encodable, Sendable {
        var day: String
        var entries: Int
        var changes: [String: Int128]
    }

    var days: [DayJSON]
    var diagnostics: [Diagnostic]

    package init(_ days: [JournalDays.Day], diagnostics: [Diagnostic]) {
        self.days = days.map { DayJSON(day: $0.day, entries: $0.entries, changes: $0.changes) }
        self.diagnostics = diagnostics
    }
}
