// `bench-data DIR --sales ROWS`: a Square item-sales export of ROWS rows and
// the shop to import it into, for `import.sh` (issue 35's speed).
//
//   DIR/sales/square-ROWS.csv             the export: a byte-order mark, CRLF line ends, Square's 13
//                                         columns, 1-4 rows a ticket, about 1 % refund rows, modifiers,
//                                         Korean names, quoted fields with commas and `""`, a few notes
//                                         with a line break; about 100 bytes a row
//   DIR/sales/shop/recipes/menu.yaml      the shop's menu: 8 fruits, 9 recipes
//   DIR/sales/shop/recipes/sales.yaml     a map that knows every item and modifier of the export
//   DIR/sales/shop/inventory.yaml         a stock no import of a million rows runs short of
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

import Seeded

/// A till's item: its name, the sizes it is sold in ("" for none), and its category.
struct TillItem {
    var name: String
    var sizes: [String]
    var category: String
}

let tillItems: [TillItem] = [
    TillItem(name: "Banana Juice", sizes: ["Regular", "Large"], category: "Juice"),
    TillItem(name: "바나나 주스", sizes: ["Regular", "Large"], category: "Juice"),
    TillItem(name: "딸기 주스", sizes: [""], category: "Juice"),
    TillItem(name: "Strawberry Juice", sizes: ["Regular"], category: "Juice"),
    TillItem(name: "Mango, Kiwi", sizes: ["Regular", "Large"], category: "Juice"),
    TillItem(name: "망고 키위 주스", sizes: ["Regular"], category: "Juice"),
    TillItem(name: "Strawberry Banana", sizes: ["Regular"], category: "Juice"),
    TillItem(name: "딸바 주스", sizes: ["Regular", "Large"], category: "Juice"),
    TillItem(name: "Pineapple \"Fresh\"", sizes: [""], category: "Juice"),
    TillItem(name: "파인애플 주스", sizes: ["Regular"], category: "Juice"),
    TillItem(name: "Mango Juice", sizes: ["Regular"], category: "Juice"),
    TillItem(name: "Kiwi Juice", sizes: [""], category: "Juice"),
    TillItem(name: "키위 주스", sizes: ["Regular"], category: "Juice"),
    TillItem(name: "Apple & Grape Ade", sizes: ["Regular"], category: "Ade"),
    TillItem(name: "사과 포도 에이드", sizes: ["Regular"], category: "Ade"),
    TillItem(name: "Lemonade", sizes: ["Regular", "Large"], category: "Ade"),
    TillItem(name: "Americano", sizes: ["Regular", "Large"], category: "Coffee"),
    TillItem(name: "아이스티", sizes: ["Regular"], category: "Tea"),
]
let tillModifiers = ["Extra Banana", "Extra Mango", "Strawberry Shot", "No Ice", "Less Sugar", "꿀 추가", "Oat Milk"]

let salesMenu = """
    # The shop of the import benchmark (bench-data --sales): 8 fruits, 9 recipes.
    fruits:
      strawberry: { name: { en: Strawberry, ko: 딸기 }, stock: 10 }
      banana: { name: { en: Banana, ko: 바나나 }, stock: 10 }
      pineapple: { name: { en: Pineapple, ko: 파인애플 }, stock: 10 }
      kiwi: { name: { en: Kiwi, ko: 키위 }, stock: 10 }
      mango: { name: { en: Mango, ko: 망고 }, stock: 10 }
      apple: { name: { en: Apple, ko: 사과 }, stock: 10 }
      grape: { name: { en: Grape, ko: 포도 }, stock: 10 }
      lemon: { name: { en: Lemon, ko: 레몬 }, stock: 10 }
    recipes:
      strawberry: { name: { en: Strawberry Juice, ko: 딸기 주스 }, uses: { strawberry: 16 } }
      banana: { name: { en: Banana Juice, ko: 바나나 주스 }, uses: { banana: 2 } }
      kiwi: { name: { en: Kiwi Juice, ko: 키위 주스 }, uses: { kiwi: 3 } }
      pineapple: { name: { en: Pineapple Juice, ko: 파인애플 주스 }, uses: { pineapple: 2 } }
      strawberryBanana: { name: { en: Strawberry Banana Juice, ko: 딸바 주스 }, uses: { strawberry: 10, banana: 1 } }
      mango: { name: { en: Mango Juice, ko: 망고 주스 }, uses: { mango: 3 } }
      mangoKiwi: { name: { en: Mango Kiwi Juice, ko: 망고 키위 주스 }, uses: { mango: 2, kiwi: 1 } }
      appleGrape: { name: { en: Apple Grape Ade, ko: 사과 포도 에이드 }, uses: { apple: 2, grape: 20 } }
      lemonade: { name: { en: Lemonade, ko: 레모네이드 }, uses: { lemon: 2 } }

    """

let salesMap = """
    # Every name of bench-data's Square export, so that its import holds nothing back.
    items:
      Banana Juice: banana
      "Banana Juice | Large": { recipe: banana, servings: 2 }
      바나나 주스: banana
      "바나나 주스 | Large": { recipe: banana, servings: 2 }
      딸기 주스: strawberry
      Strawberry Juice: strawberry
      "Mango, Kiwi": mangoKiwi
      "Mango, Kiwi | Large": { recipe: mangoKiwi, servings: 2 }
      망고 키위 주스: mangoKiwi
      Strawberry Banana: strawberryBanana
      딸바 주스: strawberryBanana
      "딸바 주스 | Large": { recipe: strawberryBanana, servings: 2 }
      'Pineapple "Fresh"': pineapple
      파인애플 주스: pineapple
      Mango Juice: mango
      Kiwi Juice: kiwi
      키위 주스: kiwi
      Apple & Grape Ade: appleGrape
      사과 포도 에이드: appleGrape
      Lemonade: lemonade
      "Lemonade | Large": { recipe: lemonade, servings: 2 }
    modifiers:
      Extra Banana: { banana: 1 }
      Extra Mango: { mango: 1 }
      Strawberry Shot: { recipe: strawberry }
    ignore: [Americano, 아이스티, No Ice, Less Sugar, 꿀 추가, Oat Milk]

    """

let salesInventory = """
    # Stock per fruit: more than a million rows use.
    strawberry: 900000000
    banana: 900000000
    pineapple: 900000000
    kiwi: 900000000
    mango: 900000000
    apple: 900000000
    grape: 900000000
    lemon: 900000000

    """

let base62 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

/// A Square-like id of 22 letters and digits: `number` in its first 6 (so
/// that ids differ), the rest drawn.
func squareID(_ number: Int, random: inout SplitMix64) -> String {
    var bytes: [UInt8] = []
    var rest = number
    for _ in 0..<6 {
        bytes.append(base62[rest % 62])
        rest /= 62
    }
    for _ in 0..<16 { bytes.append(base62[random.below(62)]) }
    return String(decoding: bytes, as: UTF8.self)
}

/// `text` as a CSV field: quoted when it holds a comma, a quote or a line break.
func csvField(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 })
    else { return text }
    var quoted = "\""
    for character in text {
        quoted.append(character == "\"" ? "\"\"" : String(character))
    }
    return quoted + "\""
}

/// Zero-padded to two digits.
func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

/// Writes the export of `rows` rows to `path`, a block at a time.
func writeSquareExport(rows: Int, seed: UInt64, to path: String) {
    guard let file = fopen(path, "wb") else {
        complain("bench-data: cannot write \(path)\n")
        exit(73)
    }
    var random = SplitMix64(state: seed &+ 7000)
    var out = Writer()
    out("\u{FEFF}Date,Time,Time Zone,Category,Item,Qty,Price Point Name,Modifiers Applied,Transaction ID,Payment ID,Event Type,Location,Notes\r\n")
    // About 2.5 rows a ticket, spread over November's 30 days, 08:00 to 22:00.
    let tickets = max(rows * 2 / 5, 1)
    var written = 0
    var ticket = 0
    var previous = ""
    while written < rows {
        let id = squareID(ticket, random: &random)
        let day = 1 + min(29, ticket * 30 / tickets)
        let second = 8 * 3600 + (ticket * 30 % tickets) * (14 * 3600) / tickets
        let date = "2026-11-\(twoDigits(day))"
        let time = "\(twoDigits(second / 3600)):\(twoDigits(second / 60 % 60)):\(twoDigits(second % 60))"
        let payment = squareID(ticket, random: &random)
        for _ in 0..<min(random.within(1...4), rows - written) {
            let item = tillItems[random.below(tillItems.count)]
            let size = item.sizes[random.below(item.sizes.count)]
            let refund = random.below(100) == 0 && !previous.isEmpty
            var quantity = random.within(1...3)
            var ticketID = id
            var paymentID = payment
            if refund {
                // A line of the ticket before, given back.
                quantity = -1
                ticketID = previous
                paymentID = squareID(ticket, random: &random)
            }
            var modifiers: [String] = []
            if !refund, item.category != "Coffee", random.below(5) < 2 {
                for _ in 0..<random.within(1...2) {
                    let modifier = tillModifiers[random.below(tillModifiers.count)]
                    if !modifiers.contains(modifier) { modifiers.append(modifier) }
                }
            }
            let note: String
            switch random.below(1000) {
            case 0..<2: note = "first line\nsecond line"
            case 2..<10: note = "no ice, please"
            case 10..<15: note = "say \"hi\" to 민수"
            default: note = ""
            }
            let fields = [
                date, time, "Seoul", item.category, item.name, "\(quantity)", size, modifiers.joined(separator: ", "),
                ticketID, paymentID, refund ? "Refund" : "Payment", "Gangnam", note,
            ]
            out(fields.map(csvField).joined(separator: ","))
            out("\r\n")
            written += 1
        }
        previous = id
        ticket += 1
        if out.bytes.count > 1 << 20 {
            _ = out.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            out.bytes.removeAll(keepingCapacity: true)
        }
    }
    _ = out.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}

/// Writes `DIR/sales/`: the export of `rows` rows and the shop.
func writeSales(rows: Int, seed: UInt64, into directory: String) {
    let sales = "\(directory)/sales"
    makeDirectory(sales)
    makeDirectory("\(sales)/shop")
    makeDirectory("\(sales)/shop/recipes")
    var text = Writer()
    text(salesMenu)
    write(text, to: "\(sales)/shop/recipes/menu.yaml")
    text = Writer()
    text(salesMap)
    write(text, to: "\(sales)/shop/recipes/sales.yaml")
    text = Writer()
    text(salesInventory)
    write(text, to: "\(sales)/shop/inventory.yaml")
    writeSquareExport(rows: rows, seed: seed, to: "\(sales)/square-\(rows).csv")
}
