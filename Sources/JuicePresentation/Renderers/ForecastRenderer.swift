import JuiceMaker

/// Renders `juice forecast`: a row per fruit (its method, its error, each
/// day's expected use and the total, rounded to 2 decimals), then what the
/// history left out (the days a fruit ran out) and the fruits with no
/// usable day; for a chain, a row per store and fruit, then the chain's
/// total per fruit (the stores' forecasts summed).
package struct ForecastRenderer {
    /// Each store's forecast and menu (one, unnamed, for a single store).
    package let stores: [(name: String?, menu: Menu, forecast: Forecast)]
    /// The chain's total; `nil` for a single store.
    package let total: ForecastTotal?
    package let language: String?

    /// A renderer of these forecasts; for a chain (named stores), with
    /// their total.
    package init(stores: [(name: String?, menu: Menu, forecast: Forecast)], language: String?) {
        self.stores = stores
        self.language = language
        total = stores.first?.name != nil ? ForecastTotal(stores.map(\.forecast)) : nil
    }

    private var isChain: Bool { total != nil }

    /// Every date any row has, in order: the columns.
    private var dates: [String] {
        let all = stores.flatMap { $0.forecast.fruits.flatMap { $0.days.map(\.date) } }
        return Set(all).sorted()
    }

    /// A figure rounded to 2 decimals and written with both: `12.30`.
    package static func figure(_ value: Double) -> String {
        let cents = Int((Forecast.rounded(value) * 100).rounded())
        let sign = cents < 0 ? "-" : ""
        let fraction = abs(cents) % 100
        return sign + String(abs(cents) / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// How a format writes the cells: a fruit, a method, a null, a total's
    /// name.
    private struct Cells {
        var fruit: (Menu?, String) -> String
        var method: (ForecastMethod) -> String
        var missing: String
        var total: String
    }

    /// The rows: per store and fruit, then the chain's per fruit.
    private func rows(_ cells: Cells) -> [[String]] {
        let dates = dates
        func line(_ prefix: [String], _ days: [Forecast.DayUse], _ total: Double?) -> [String] {
            let uses = dates.map { date in
                days.first { $0.date == date }.map { $0.use.map(Self.figure) ?? cells.missing } ?? ""
            }
            return prefix + uses + [total.map(Self.figure) ?? cells.missing]
        }
        var rows: [[String]] = []
        for (name, menu, forecast) in stores {
            for fruit in forecast.fruits {
                let prefix =
                    (isChain ? [name ?? ""] : []) + [
                        cells.fruit(menu, fruit.fruit), cells.method(fruit.method),
                        fruit.error.map(Self.figure) ?? cells.missing,
                    ]
                rows.append(line(prefix, fruit.days, fruit.total))
            }
        }
        for fruit in total?.fruits ?? [] {
            // Named by the first store whose menu has the fruit.
            let menu = stores.first { $0.menu.fruit(id: fruit.fruit) != nil }?.menu
            rows.append(line([cells.total, cells.fruit(menu, fruit.fruit), "", ""], fruit.days, fruit.total))
        }
        return rows
    }

    /// Cells as text shows them.
    private var shown: Cells {
        let text = Catalogue(language)
        return Cells(
            fruit: { [language] menu, fruit in menu?.fruitName(fruit, for: language) ?? fruit },
            method: { text($0 == .smoothing ? .methodSmoothing : .methodWeekday) }, missing: "-",
            total: text(.totalRow))
    }

    /// The lines that say which days each fruit ran out (left out of the
    /// history and of the error, or, when it ran out on all of them, its
    /// forecast made from them, a floor), and which fruits were out every
    /// day of it selling none (no forecast).
    private func notes() -> [String] {
        let text = Catalogue(language)
        return stores.flatMap { name, menu, forecast in
            let store = name.map { "\($0): " } ?? ""
            let ranOut = forecast.fruits.filter { !$0.ranOut.isEmpty && !$0.hasNoHistory }.map { fruit in
                let name = menu.fruitName(fruit.fruit, for: language).controlsEscaped
                return store
                    + (fruit.isAtLeast
                        ? text(.forecastAtLeast, name, fruit.floorDays.count)
                        : text(.forecastRanOut, name, fruit.ranOut.joined(separator: ", ")))
            }
            let none = forecast.fruits.filter(\.hasNoHistory).map {
                menu.fruitName($0.fruit, for: language).controlsEscaped
            }
            return ranOut + (none.isEmpty ? [] : [store + text(.forecastNoHistory, none.joined(separator: ", "))])
        }
    }

    package func text() -> [String] {
        let text = Catalogue(language)
        let left: [TextTable.Column] =
            (isChain ? [.init(title: text(.storeHeader), alignment: .left)] : []) + [
                .init(title: text(.fruitHeader), alignment: .left),
                .init(title: text(.forecastMethodHeader), alignment: .left),
                .init(title: text(.forecastErrorHeader), alignment: .right),
            ]
        let right = (dates + [text(.totalRow)]).map { TextTable.Column(title: $0, alignment: .right) }
        var table = TextTable(left + right)
        for row in rows(shown) { table.append(row) }
        let notes = notes()
        return table.lines + (notes.isEmpty ? [] : [""] + notes)
    }

    /// One table: `[store,]fruit,method,error,` a column per date, `total`;
    /// ids, an empty cell for a null; for a chain, the chain's rows have
    /// `total` in the store column and no method or error.
    package func csv() -> [String] {
        let header = (isChain ? ["store"] : []) + ["fruit", "method", "error"] + dates + ["total"]
        let cells = Cells(fruit: { $1 }, method: \.rawValue, missing: "", total: "total")
        return [header.map(CSV.field).joined(separator: ",")]
            + rows(cells).map { $0.map(CSV.field).joined(separator: ",") }
    }
}
