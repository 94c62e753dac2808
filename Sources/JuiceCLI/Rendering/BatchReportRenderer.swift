import JuiceMaker

/// Renders what every store of a chain can make now, in each report format.
struct BatchReportRenderer {
    let chain: Chain
    let language: String?

    /// Each valid store's report, in the manifest's order.
    private var reports: [(store: String, report: ReportRenderer)] {
        chain.snapshots.compactMap { snapshot in
            guard let menu = snapshot.menu, let inventory = snapshot.inventory else { return nil }
            return (snapshot.store.name, ReportRenderer(menu: menu, inventory: inventory, language: language))
        }
    }

    /// Servings of each recipe for each store; `-` where a store's menu lacks
    /// it. Recipes are columns in the order they first appear; the columns of
    /// a menu that many stores share are found once.
    private func matrix() -> (header: [String], rows: [[String]]) {
        var ids: [String] = []
        var columnOfID: [String: Int] = [:]
        var columnsOfMenu: [String: [Int]] = [:]
        var stores: [(name: String, columns: [Int], servings: [Int])] = []
        for snapshot in chain.snapshots {
            guard let menu = snapshot.menu, let inventory = snapshot.inventory else { continue }
            let columns =
                columnsOfMenu[snapshot.store.menuPath]
                ?? menu.recipes.map { recipe in
                    if let column = columnOfID[recipe.id] { return column }
                    columnOfID[recipe.id] = ids.count
                    ids.append(recipe.id)
                    return ids.count - 1
                }
            columnsOfMenu[snapshot.store.menuPath] = columns
            stores.append((snapshot.store.name, columns, inventory.servings(in: menu)))
        }
        let rows = stores.map { store in
            var cells = [String](repeating: "-", count: ids.count)
            for (column, servings) in zip(store.columns, store.servings) {
                cells[column] = String(servings)
            }
            return [store.name] + cells
        }
        return ([Catalogue(language)(.storeHeader)] + ids, rows)
    }

    private var invalidStores: [String] {
        chain.snapshots.filter { !$0.isValid }.map(\.store.name)
    }

    /// A matrix of stores by recipes, servings in the cells.
    func text() -> [String] {
        let (header, rows) = matrix()
        guard !rows.isEmpty else { return [noStoreLine] }
        var table = TextTable(header.enumerated().map { .init(title: $1, alignment: $0 == 0 ? .left : .right) })
        rows.forEach { table.append($0) }
        return table.lines + notReportedLines
    }

    func markdown() -> [String] {
        let (header, rows) = matrix()
        guard !rows.isEmpty else { return [noStoreLine] }
        let titles = [Catalogue(language).title(.storeHeader)] + header.dropFirst()
        var lines = [Markdown.row(Array(titles))]
        lines.append("| --- |" + String(repeating: " ---: |", count: header.count - 1))
        lines += rows.map(Markdown.row)
        return lines + notReportedLines
    }

    /// What a matrix with no row says instead of a lone header.
    private var noStoreLine: String {
        let text = Catalogue(language)
        return invalidStores.isEmpty
            ? text(.noStoreToReport) : text(.noStoreReported, invalidStores.joined(separator: ", "))
    }

    /// The stores left out of a matrix that has rows.
    private var notReportedLines: [String] {
        invalidStores.isEmpty
            ? [] : ["", Catalogue(language)(.notReported, invalidStores.joined(separator: ", "))]
    }

    /// `store,recipe,servings,limitedBy,missing`: one row per store and recipe.
    func csv() -> [String] {
        ["store,recipe,servings,limitedBy,missing"]
            + reports.flatMap { store, report in
                report.csv().dropFirst().map { CSV.field(store) + "," + $0 }
            }
    }

    func json() -> BatchReportJSON {
        BatchReportJSON(manifest: chain.manifest, snapshots: chain.snapshots, language: language)
    }
}
