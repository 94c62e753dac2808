import Foundation

/// The shop the import tests sell from: its menu, its sales map, and the
/// figures the tests compute from them on their own (never from `juice`).
enum TillShop {
    /// Every fruit starts with this many.
    static let initialStock = 300

    /// The menu, `recipes/menu.yaml`.
    static let menu = """
        fruits:
          strawberry: { name: { en: Strawberry, ko: 딸기 }, stock: 300 }
          banana:     { name: { en: Banana, ko: 바나나 }, stock: 300 }
          kiwi:       { name: { en: Kiwi, ko: 키위 }, stock: 300 }
          mango:      { name: { en: Mango, ko: 망고 }, stock: 300 }
        recipes:
          strawberry: { name: { en: Strawberry Juice, ko: 딸기주스 }, uses: { strawberry: 4 } }
          banana:     { name: { en: Banana Juice, ko: 바나나주스 }, uses: { banana: 2 } }
          kiwiBanana: { name: { en: Kiwi Banana, ko: 키위바나나 }, uses: { kiwi: 1, banana: 1 } }
          mangoKiwi:  { name: { en: Mango Kiwi, ko: 망고키위 }, uses: { mango: 2, kiwi: 1 } }

        """

    /// The fruits in the menu's order, with their names.
    static let fruits: [(id: String, en: String, ko: String)] = [
        ("strawberry", "Strawberry", "딸기"), ("banana", "Banana", "바나나"), ("kiwi", "Kiwi", "키위"),
        ("mango", "Mango", "망고"),
    ]

    /// The recipes in the menu's order, with their names and uses.
    static let recipes: [(id: String, en: String, ko: String, uses: [String: Int])] = [
        ("strawberry", "Strawberry Juice", "딸기주스", ["strawberry": 4]),
        ("banana", "Banana Juice", "바나나주스", ["banana": 2]),
        ("kiwiBanana", "Kiwi Banana", "키위바나나", ["kiwi": 1, "banana": 1]),
        ("mangoKiwi", "Mango Kiwi", "망고키위", ["mango": 2, "kiwi": 1]),
    ]

    /// The stock before any import.
    static var startStock: [String: Int] {
        Dictionary(uniqueKeysWithValues: fruits.map { ($0.id, initialStock) })
    }
}

/// A sales map as the test knows it, and its YAML.
struct TestSalesMap {
    /// What a modifier adds to each unit of its line.
    enum Added {
        case fruits([String: Int])
        case recipe(String)
    }

    var items: [String: (recipe: String, servings: Int)]
    var modifiers: [String: Added]
    var ignore: [String]

    /// The shop's map: names with commas, quotes and Korean, a sized item.
    static let shop = TestSalesMap(
        items: [
            "Banana Juice": ("banana", 1), "Kiwi Banana": ("kiwiBanana", 1), "Kiwi Banana | Large": ("kiwiBanana", 2),
            "딸기 주스": ("strawberry", 1), "Mango Kiwi, \"Fresh\"": ("mangoKiwi", 1),
        ],
        modifiers: [
            "Extra Banana": .fruits(["banana": 1]), "Strawberry Shot": .recipe("strawberry"),
            "Kiwi & Mango": .fruits(["kiwi": 1, "mango": 2]),
        ],
        ignore: ["Americano", "No Ice", "Straw"])

    /// `recipes/sales.yaml`.
    var yaml: String {
        func quoted(_ name: String) -> String { "'" + name.replacingOccurrences(of: "'", with: "''") + "'" }
        var lines = ["items:"]
        for (name, item) in items.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(quoted(name)): { recipe: \(item.recipe), servings: \(item.servings) }")
        }
        lines.append("modifiers:")
        for (name, added) in modifiers.sorted(by: { $0.key < $1.key }) {
            switch added {
            case .fruits(let fruits):
                let pairs = fruits.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
                lines.append("  \(quoted(name)): { \(pairs.joined(separator: ", ")) }")
            case .recipe(let recipe):
                lines.append("  \(quoted(name)): { recipe: \(recipe) }")
            }
        }
        lines.append("ignore:")
        lines += ignore.map { "  - \(quoted($0))" }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A zone as a till writes it, and its offset from UTC (the tests' dates
/// are in November, when Pacific time is UTC-8).
struct TillSampleZone: Sendable {
    var written: String
    var offset: Int

    static let seoul = TillSampleZone(written: "Seoul", offset: 9 * 3600)
    static let pacific = TillSampleZone(written: "Pacific Time (US & Canada)", offset: -8 * 3600)
    static let ianaSeoul = TillSampleZone(written: "Asia/Seoul", offset: 9 * 3600)
    static let india = TillSampleZone(written: "+05:30", offset: 5 * 3600 + 1800)
}

/// One sale of a sample export: a ticket's lines, or a refund's.
struct TillSale {
    /// One line: an item sold (or voided, or refunded), its size, how many,
    /// and its modifiers with their quantity for each unit.
    struct Line {
        var item: String
        var size: String? = nil
        var quantity: Int
        var modifiers: [(name: String, quantity: Int)] = []
        var void = false
        var refund = false
        /// A note written in an ignored column (commas, quotes, line breaks).
        var note = ""
    }

    var id: String
    /// The time of sale, seconds since 1970 (UTC).
    var utc: Int
    var zone = TillSampleZone.seoul
    var location = "Gangnam"
    var lines: [Line]

    /// The ticket's key in the journal for `prefix` (`square`, `toast`, `csv`).
    func key(_ prefix: String) -> String { prefix + ":" + id }

    /// The local date and time of the sale in its zone.
    var local: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        civil(utc + zone.offset)
    }
}

/// Seconds since 1970 as a civil date and time (UTC), by Howard Hinnant's
/// days-from-civil algorithm: the tests' own clock, not Foundation's.
func civil(_ seconds: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    let days = Int((Double(seconds) / 86400).rounded(.down))
    let rest = seconds - days * 86400
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day, rest / 3600, rest % 3600 / 60, rest % 60)
}

/// `seconds` as the journal writes a time: RFC 3339 UTC.
func utcText(_ seconds: Int) -> String {
    let t = civil(seconds)
    return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", t.year, t.month, t.day, t.hour, t.minute, t.second)
}

/// Sample exports in the shapes the tills write (SPEC 17's columns among
/// others the import ignores), from ``TillSale``s.
enum TillSampleFile {
    /// How the file's bytes are laid out.
    struct Layout {
        var byteOrderMark = false
        var crlf = false
    }

    /// A CSV field, quoted when it must be.
    static func field(_ text: String) -> String {
        // By scalars: "\r\n" is one Character, neither "\r" nor "\n".
        guard text.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func file(_ rows: [[String]], _ layout: Layout) -> String {
        let end = layout.crlf ? "\r\n" : "\n"
        let text = rows.map { $0.map(field).joined(separator: ",") + end }.joined()
        return (layout.byteOrderMark ? "\u{FEFF}" : "") + text
    }

    static let squareHeader = [
        "Date", "Time", "Time Zone", "Category", "Item", "Qty", "Price Point Name", "SKU", "Modifiers Applied",
        "Gross Sales", "Discounts", "Net Sales", "Tax", "Transaction ID", "Payment ID", "Device Name", "Notes",
        "Event Type", "Location",
    ]

    /// Square's item sales detail: a row per line, a refund's row with a
    /// negative `Qty` and `Event Type` `Refund`.
    static func square(_ sales: [TillSale], _ layout: Layout = Layout()) -> String {
        var rows = [squareHeader]
        for sale in sales {
            let t = sale.local
            for line in sale.lines {
                precondition(!line.void, "Square writes no voids")
                rows.append([
                    String(format: "%04d-%02d-%02d", t.year, t.month, t.day),
                    String(format: "%02d:%02d:%02d", t.hour, t.minute, t.second), sale.zone.written, "Juice",
                    line.item, "\(line.refund ? -line.quantity : line.quantity)", line.size ?? "", "",
                    line.modifiers.flatMap { Array(repeating: $0.name, count: $0.quantity) }.joined(separator: ", "),
                    "₩5,500", "₩0", "₩5,500", "₩500", sale.id, "P-" + sale.id, "Front \"Till\" 1", line.note,
                    line.refund ? "Refund" : "Payment", sale.location,
                ])
            }
        }
        return file(rows, layout)
    }

    static let toastItemsHeader = [
        "Location", "Order Id", "Order #", "Sent Date", "Order Date", "Check Id", "Server", "Table",
        "Item Selection Id",
        "Item Id", "Menu Item", "Menu Group", "Gross Price", "Discount", "Net Price", "Qty", "Tax", "Void?",
        "Tab Name",
    ]
    static let toastModifiersHeader = [
        "Location", "Order Id", "Order #", "Order Date", "Item Selection Id", "Modifier Id", "Modifier",
        "Option Group Name", "Parent Menu Selection", "Gross Price", "Qty", "Void?", "Void Reason",
    ]

    /// Toast's `ItemSelectionDetails.csv` and `ModifiersSelectionDetails.csv`:
    /// local times (12-hour), quantities as `1.0`, the selection id joining them.
    static func toast(_ sales: [TillSale], _ layout: Layout = Layout()) -> (items: String, modifiers: String) {
        var items = [toastItemsHeader]
        var modifiers = [toastModifiersHeader]
        for (number, sale) in sales.enumerated() {
            let t = sale.local
            let hour12 = t.hour % 12 == 0 ? 12 : t.hour % 12
            let date = String(
                format: "%d/%d/%04d %d:%02d:%02d %@", t.month, t.day, t.year, hour12, t.minute, t.second,
                t.hour < 12 ? "AM" : "PM")
            for (index, line) in sale.lines.enumerated() {
                precondition(!line.refund, "Toast's items file has no refunds")
                let selection = "\(sale.id)-\(index)"
                items.append([
                    sale.location, sale.id, "\(number + 1)", date, date, "C" + sale.id, "Jiwoo, Kim", "T4", selection,
                    "I\(index)", line.item, "Juices", "5.50", "0.00", "5.50", "\(line.quantity).0", "0.50",
                    line.void ? "true" : "false", line.note,
                ])
                for (modifier, quantity) in line.modifiers {
                    modifiers.append([
                        sale.location, sale.id, "\(number + 1)", date, selection, "M1", modifier, "Add-ons", line.item,
                        "0.50", "\(quantity).0", "false", "",
                    ])
                }
            }
        }
        return (file(items, layout), file(modifiers, layout))
    }

    /// The `--columns` of ``generic(_:_:)``.
    static let genericColumns = "time=Sold At,item=Product,quantity=Units,ticket=Receipt,modifiers=Extras,void=Voided"

    /// A CSV of the shop's own (RFC 3339 times with offsets), read with
    /// ``genericColumns``.
    static func generic(_ sales: [TillSale], _ layout: Layout = Layout()) -> String {
        var rows = [["Receipt", "Sold At", "Product", "Units", "Extras", "Voided", "Comment"]]
        for sale in sales {
            let t = sale.local
            let sign = sale.zone.offset < 0 ? "-" : "+"
            let offset = abs(sale.zone.offset)
            let time = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", t.year, t.month, t.day, t.hour, t.minute, t.second,
                sign, offset / 3600, offset % 3600 / 60)
            for line in sale.lines {
                precondition(!line.refund, "a generic CSV has no refunds")
                rows.append([
                    sale.id, time, line.item, "\(line.quantity)",
                    line.modifiers.flatMap { Array(repeating: $0.name, count: $0.quantity) }.joined(separator: ";"),
                    line.void ? "yes" : "", line.note,
                ])
            }
        }
        return file(rows, layout)
    }
}

/// The test's own replay of a map over sample sales: what an import must
/// book, the stock after it and the journal's lines, computed without
/// `juice`.
struct TillReplay {
    /// The summary an import must give.
    struct Summary: Equatable, CustomStringConvertible {
        var read = 0, booked = 0, alreadyBooked = 0, heldBack = 0, voided = 0, refunded = 0, short = 0
        var servings: [String: Int] = [:]
        /// Unknown names with their units, in the order first met.
        var unknown: [(name: String, count: Int)] = []
        var heldBackTickets: [(key: String, unknown: [String])] = []
        var shortTickets: [(key: String, short: [String: Int])] = []
        var refunds: [(key: String, item: String, quantity: Int)] = []

        static func == (lhs: Summary, rhs: Summary) -> Bool { lhs.description == rhs.description }

        var description: String {
            "\([read, booked, alreadyBooked, heldBack, voided, refunded, short]) \(servings.sorted { $0.key < $1.key }) "
                + "\(unknown) \(heldBackTickets) \(shortTickets.map { ($0.key, $0.short.sorted { $0.key < $1.key }) }) "
                + "\(refunds)"
        }

        /// The unknown names as the summary orders them: most units first,
        /// then in the order met.
        var unknownByUnits: [(name: String, count: Int)] {
            unknown.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(
                \.element)
        }

        /// The JSON `juice import --format json` must write (`suggestions` by
        /// unknown name; `diagnostics` as given).
        func json(suggestions: [String: String] = [:], diagnostics: String = "[]", dryRun: Bool = false) -> String {
            func object(_ values: [String: Int]) -> String {
                "{" + values.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
            }
            func string(_ text: String) -> String {
                let data = try! JSONEncoder().encode(text)
                return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
            }
            let unknownJSON = unknownByUnits.map {
                "{\"count\":\($0.count),\"name\":\(string($0.name)),\"suggestion\":"
                    + (suggestions[$0.name].map(string) ?? "null") + "}"
            }
            let held = heldBackTickets.map {
                "{\"key\":\(string($0.key)),\"unknown\":[\($0.unknown.map(string).joined(separator: ","))]}"
            }
            let shortJSON = shortTickets.map { "{\"key\":\(string($0.key)),\"short\":\(object($0.short))}" }
            let refundJSON = refunds.map {
                "{\"item\":\(string($0.item)),\"key\":\(string($0.key)),\"quantity\":\($0.quantity)}"
            }
            return "{\"diagnostics\":\(diagnostics)," + (dryRun ? "\"dryRun\":true," : "")
                + "\"heldBack\":[\(held.joined(separator: ","))],\"refunds\":[\(refundJSON.joined(separator: ","))],"
                + "\"servings\":\(object(servings)),\"short\":[\(shortJSON.joined(separator: ","))],"
                + "\"tickets\":{\"alreadyBooked\":\(alreadyBooked),\"booked\":\(booked),\"heldBack\":\(heldBack),"
                + "\"read\":\(read),\"refunded\":\(refunded),\"short\":\(short),\"voided\":\(voided)},"
                + "\"unknown\":[\(unknownJSON.joined(separator: ","))]}"
        }
    }

    var map: TestSalesMap
    /// The stock after what was replayed so far.
    var stock = TillShop.startStock
    /// The journal's lines so far, `recorded` written `R`.
    var journal: [String] = []
    /// The keys booked so far.
    var keys: Set<String> = []

    init(map: TestSalesMap = .shop) {
        self.map = map
    }

    /// Replays one import of `sales` keyed by `prefix`; under `dryRun`,
    /// nothing is kept.
    @discardableResult
    mutating func importing(_ sales: [TillSale], prefix: String, dryRun: Bool = false) -> Summary {
        let saved = self
        var summary = Summary()
        var heldInCall: Set<String> = []
        let recipes = Dictionary(uniqueKeysWithValues: TillShop.recipes.map { ($0.id, $0.uses) })
        for sale in sales {
            summary.voided += sale.lines.filter(\.void).count
            for line in sale.lines where line.refund {
                summary.refunded += 1
                summary.refunds.append((sale.key(prefix), line.item, line.quantity))
            }
            let sold = sale.lines.filter { !$0.void && !$0.refund }
            guard !sold.isEmpty else { continue }
            summary.read += 1
            let key = sale.key(prefix)
            if keys.contains(key) {
                summary.alreadyBooked += 1
                continue
            }
            var orders: [String: Int] = [:]
            var fruits: [String: Int] = [:]
            var unknown: [(String, Int)] = []
            for line in sold {
                let sized = line.size.map { "\(line.item) | \($0)" }
                if let item = sized.flatMap({ map.items[$0] }) ?? map.items[line.item] {
                    orders[item.recipe, default: 0] += line.quantity * item.servings
                } else if !(sized.map(map.ignore.contains) ?? false) && !map.ignore.contains(line.item) {
                    // The item's name alone: mapping it maps every size.
                    unknown.append((line.item, line.quantity))
                }
                for (name, quantity) in line.modifiers {
                    let units = line.quantity * quantity
                    switch map.modifiers[name] {
                    case .fruits(let added)?: for (fruit, n) in added { fruits[fruit, default: 0] += units * n }
                    case .recipe(let recipe)?: orders[recipe, default: 0] += units
                    case nil: if !map.ignore.contains(name) { unknown.append((name, units)) }
                    }
                }
            }
            if !unknown.isEmpty {
                summary.heldBack += 1
                // A ticket held back again in the same call: its names once.
                guard heldInCall.insert(key).inserted else { continue }
                var names: [String] = []
                for (name, units) in unknown {
                    if let at = summary.unknown.firstIndex(where: { $0.name == name }) {
                        summary.unknown[at].count += units
                    } else {
                        summary.unknown.append((name, units))
                    }
                    if !names.contains(name) { names.append(name) }
                }
                summary.heldBackTickets.append((key, names))
                continue
            }
            keys.insert(key)
            summary.booked += 1
            var uses = fruits
            for (recipe, servings) in orders {
                summary.servings[recipe, default: 0] += servings
                for (fruit, n) in recipes[recipe]! { uses[fruit, default: 0] += n * servings }
            }
            var changes: [String: Int] = [:]
            var short: [String: Int] = [:]
            for (fruit, used) in uses where used > 0 {
                let taken = min(max(0, stock[fruit]!), used)
                if taken > 0 { changes[fruit] = -taken }
                if used > taken { short[fruit] = used - taken }
                stock[fruit]! -= taken
            }
            if !short.isEmpty {
                summary.short += 1
                summary.shortTickets.append((key, short))
            }
            func object(_ values: [String: Int]) -> String {
                "{" + values.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
            }
            journal.append(
                "{\"id\":\(journal.count + 1),\"time\":\"\(utcText(sale.utc))\",\"kind\":\"make\","
                    + "\"orders\":\(object(orders)),\"reason\":\"sale\",\"key\":\"\(key)\",\"recorded\":R,"
                    + (short.isEmpty ? "" : "\"short\":\(object(short)),") + "\"changes\":\(object(changes))}")
        }
        if dryRun { self = saved }
        return summary
    }
}

extension TillReplay.Summary {
    /// The text summary `juice import` must write, in English or Korean
    /// (`ko`), the map at `mapPath`; `suggestions` by unknown name.
    func textLines(
        korean: Bool = false, dryRun: Bool = false, mapPath: String = "recipes/sales.yaml",
        suggestions: [String: String] = [:]
    ) -> [String] {
        var lines = [
            korean
                ? "영수증 \(read)장을 읽었습니다: \(booked)장 기록, \(alreadyBooked)장은 이미 기록됨, \(heldBack)장 보류, "
                    + "\(short)장은 재고보다 많이 팔림."
                : "\(read) \(read == 1 ? "ticket" : "tickets") read: \(booked) booked, \(alreadyBooked) already booked, \(heldBack) held back, "
                    + "\(short) booked short."
        ]
        let booked = TillShop.recipes.compactMap { recipe in
            servings[recipe.id].map { "\(korean ? recipe.ko : recipe.en) ×\($0)" }
        }
        if booked.isEmpty {
            if self.booked == 0 { lines.append(korean ? "새로 기록할 것이 없습니다." : "Nothing new to book.") }
        } else {
            let list = booked.joined(separator: ", ")
            lines.append(
                korean
                    ? (dryRun ? "기록할 것: \(list)." : "기록: \(list).")
                    : (dryRun ? "Would book: \(list)." : "Booked: \(list)."))
        }
        if voided > 0 { lines.append(korean ? "취소된 줄은 건너뜀: \(voided)줄." : "Voided lines skipped: \(voided).") }
        if !refunds.isEmpty {
            var byItem: [(item: String, quantity: Int)] = []
            for refund in refunds {
                if let at = byItem.firstIndex(where: { $0.item == refund.item }) {
                    byItem[at].quantity += refund.quantity
                } else {
                    byItem.append((refund.item, refund.quantity))
                }
            }
            let list = byItem.map { "\($0.item) ×\($0.quantity)" }.joined(separator: ", ")
            lines.append(korean ? "환불, 재고에 되돌리지 않음: \(list)." : "Refunded, nothing booked back: \(list).")
        }
        if heldBack > 0 {
            lines.append(
                korean
                    ? "보류한 영수증: \(heldBack)장. \(mapPath)에 없는 이름이 있습니다:"
                    : "Tickets held back: \(heldBack), for names \(mapPath) does not know:")
            for (name, count) in unknownByUnits {
                // The tests' suggestions end in a vowel's sound ("Juice"): '를'.
                let hint = suggestions[name].map { korean ? " ('\($0)'를 찾으셨나요?)" : " (did you mean '\($0)'?)" } ?? ""
                lines.append(korean ? "  \(name): \(count)개 판매\(hint)" : "  \(name): \(count) sold\(hint)")
            }
            lines.append(
                korean
                    ? "이 이름들을 \(mapPath)에(또는 그 ignore 목록에) 넣고 다시 가져오십시오. 이미 기록한 영수증은 건너뜁니다."
                    : "Add them to \(mapPath) (or to its ignore list) and import again: the tickets booked already are skipped."
            )
        }
        var shortFruits: [String: Int] = [:]
        for ticket in shortTickets { shortFruits.merge(ticket.short, uniquingKeysWith: +) }
        let shortList = TillShop.fruits.compactMap { fruit in
            shortFruits[fruit.id].map { "\(korean ? fruit.ko : fruit.en) \($0)" }
        }.joined(separator: ", ")
        if !shortList.isEmpty {
            lines.append(
                korean
                    ? "장부 재고보다 많이 팔린 것을 기록했습니다: \(shortList). 진열대를 세어 보십시오: juice count."
                    : "Booked short, the book had less than the till sold: \(shortList). Count the shelf: juice count.")
        }
        return lines
    }
}
