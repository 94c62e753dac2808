import JuiceMaker

/// Every sentence and table header `juice` shows a person in text, in each
/// language it speaks: with `Catalogue+Messages.swift` (the library's
/// sentences), the one place a translator edits. Codes, JSON keys,
/// CSV headers and exit codes are not here: they never change with the
/// language.
///
/// A text is a template; `{1}`, `{2}`, ... stand for its arguments in order.
package struct Catalogue: Sendable {
    /// A text of the catalogue.
    package enum Text: String, CaseIterable, Sendable {
        // Severity words at the start of stderr lines.
        case error, warning, note
        // Table headers.
        case fruitHeader, stockHeader, juiceHeader, servingsHeader, limitedByHeader, missingHeader
        case neededHeader, haveHeader, onOrderHeader, buyHeader, beforeHeader, afterHeader, nameHeader, recipeHeader
        case usesHeader, storeHeader
        // make and adjust.
        case readyOne, readyMany, stockLine, dryRun, wouldDrop, dropped
        // plan.
        case nothingToBuy, toBuy
        // Chains.
        case noStoreToReport, noStoreReported, notReported, noStoreToPlan, noStorePlanned, notPlanned
        // Refusals.
        case notEnoughFruit, shortLine, toAddThem, toMakeIt, noStoreMayHold, belowZero, removeLine, pruneHint
        // Notes.
        case absentInventory, waitingForLock, unknownLanguage, shopInParent, builtinMenuUsed
        // validate's summaries.
        case valid, errorCount, errorsCount, warningCount, warningsCount, absentInventorySummary
        // Output.
        case cannotWriteOutput
        // Hints and usage.
        case countAsWord, recipesOnMenu, fruitToMake, juicesUsingFruit, recipeToAdjust, notACommand, negativeAsOption
        case nameACommand, tooManyArguments, aboveMaximum, storeCount, usageBeyondCounting
        case emptyFileName, emptyStoreName, storeWithFiles, storesWithFiles, storesNeedsStore, noChange
        case menuTakesNoInventory
        // init.
        case created, addedToGitignore, initNext, initNextChain
        // The journal.
        case notATime, emptyPeriod, notAnEntry, undid, wouldUndo, kindMake, kindAdjust, kindUndo, kindEdit
        case kindOrder, kindOrderCancel, ofOrder
        case reasonDelivery, reasonWaste, reasonCount, reasonCorrection, noEntries
        case usedHeader, deliveredHeader, wastedHeader, countedHeader, nothingInPeriod, madeHeader, noChangeShort
        case usedCostHeader, wastedCostHeader
        // Counting, variance and days.
        case countPrompt, notACountNumber, countCancelled, noCount, allNeedsTerminal
        case blindPrompt, notABlindCount, leftUncounted, nothingCounted, blindNeedsAll
        case startHeader, correctedHeader, expectedHeader, countHeader, varianceHeader, varianceCostHeader
        case shareHeader, notCountedInPeriod, dayHeader, entriesHeader, changesHeader, countedList
        // mix.
        case priceHeader, costHeader, mixServingsHeader, revenueHeader, marginHeader, totalRow
        case leftLine, usedUpLine, nothingUsedUp, provenOptimal, stoppedAtTimeLimit, stoppedWithinTolerance
        case boundTwice, invalidTimeLimit, invalidGapTolerance, maxNeedsCount
        case noStoreToMix, noStoreMixed, notMixed
        // Suppliers: the menu's terms, order, plan's packs, receive.
        case parHeader, reorderHeader, packHeader, packsHeader, unitsHeader, supplierHeader, minimumHeader
        case noSupplier, nothingToOrder, nothingBeyondOrders, noPar, belowMinimum, costUnknown, chainTotal,
            supplierPacks
        case packCount, onePack, orderBeyondCounting, orderTotalBeyondCounting, allSuppliers, allSuppliersCost
        case allSuppliersCostUnknown
        case noStoreToOrder, noStoreOrdered, notOrdered
        // Orders placed, received once, cancelled (SPEC 16).
        case cancelAlone, notAnOrderID, receiveWhat, orderCancelledLine, orderReceivedLine, arrivedShortLine
        case arrivedShortOfFileLine
        case orderPlacedLine, nothingPlaced, noOpenOrders, orderHeader, timeHeader, orderLinesHeader
        // The language server's quick fixes.
        case changeTo, addFruit, removeFruit
    }

    /// The languages with a catalogue; any other falls back to English.
    package enum Language: String, CaseIterable, Sendable {
        case english = "en"
        case korean = "ko"
    }

    package let language: Language

    /// The catalogue for a language code (`ko`), English for any other.
    package init(_ code: String?) {
        language = code.flatMap(Language.init(rawValue:)) ?? .english
    }

    /// `text` in this catalogue's language, its `{n}` filled with `arguments`.
    package func callAsFunction(_ text: Text, _ arguments: CustomStringConvertible...) -> String {
        let template = (language == .korean ? Self.korean : Self.english)[text] ?? text.rawValue
        return Message.fill(template, with: arguments.map(\.description))
    }

    /// A table header as a Markdown column title: `LIMITED BY` is `Limited by`.
    package func title(_ text: Text) -> String {
        let header = self(text)
        guard language == .english, let first = header.first else { return header }
        return first.uppercased() + header.dropFirst().lowercased()
    }

    package static let english: [Text: String] = [
        .error: "error", .warning: "warning", .note: "note",
        .fruitHeader: "FRUIT", .stockHeader: "STOCK", .juiceHeader: "JUICE", .servingsHeader: "SERVINGS",
        .limitedByHeader: "LIMITED BY", .missingHeader: "MISSING", .neededHeader: "NEEDED", .haveHeader: "HAVE",
        .onOrderHeader: "ON ORDER",
        .buyHeader: "BUY", .beforeHeader: "BEFORE", .afterHeader: "AFTER", .nameHeader: "NAME",
        .recipeHeader: "RECIPE", .usesHeader: "USES", .storeHeader: "STORE",
        .readyOne: "{1} is ready. Enjoy!",
        .readyMany: "{2} × {1} are ready. Enjoy!",
        .stockLine: "Stock: {1}",
        .dryRun: "Dry run: every check passed; nothing was changed.",
        .wouldDrop: "Would drop {1}: the menu no longer has it",
        .dropped: "Dropped {1}: the menu no longer has it",
        .nothingToBuy: "Nothing to buy.",
        .toBuy: "To buy: {1}",
        .noStoreToReport: "No store to report: the manifest names none that could be read.",
        .noStoreReported: "No store could be reported, see the diagnostics: {1}",
        .notReported: "Not reported, see the diagnostics: {1}",
        .noStoreToPlan: "No store to plan for: the manifest names none that could be read.",
        .noStorePlanned: "No store could be planned, see the diagnostics: {1}",
        .notPlanned: "Not planned, see the diagnostics: {1}",
        .notEnoughFruit: "not enough fruit; nothing was made",
        .shortLine: "  {1}: {2} needed, {3} in stock, {4} more needed",
        .created: "created {1}",
        .addedToGitignore: "added to .gitignore: {1}",
        .initNext: "Next: juice report (what can be made now); edit recipes/menu.yaml, then juice validate",
        .initNextChain:
            "Next: juice report --stores recipes/stores.yaml (every store); edit recipes/, then juice validate --stores recipes/stores.yaml",
        .toAddThem: "To add them: juice adjust {1} --reason delivery{2}",
        .toMakeIt: "To make it: juice make {1}",
        .noStoreMayHold: "No store may hold that many: a fruit's stock is at most {1}; order fewer servings",
        .belowZero: "the stock cannot go below zero; nothing changed",
        .removeLine: "  {1}: {2} to remove, {3} in stock, {4} short",
        .pruneHint: "To drop the counts of fruits the menu no longer has: juice adjust --prune{1}",
        .absentInventory: "{1} does not exist: starting from the menu's initial stock",
        .shopInParent: "using the shop in {1} ({2})",
        .builtinMenuUsed: "no recipes/menu.yaml here or in a parent folder: using the built-in demo menu",
        .waitingForLock: "waiting for {1}, held by another process...",
        .unknownLanguage: "the menu has no names in '{1}' (it has {2}); showing English names",
        .valid: "ok",
        .errorCount: "1 error", .errorsCount: "{1} errors", .warningCount: "1 warning", .warningsCount: "{1} warnings",
        .absentInventorySummary: "absent: the menu's initial stock",
        .cannotWriteOutput: "cannot write the output: {1}",
        .countAsWord: "'{1}' is not a recipe: to order {1} servings of '{2}', write {2}={1}",
        .recipesOnMenu: "{1}; the menu's recipes: juice menu{2}",
        .fruitToMake: "{1}: to change its stock, write juice adjust {2}",
        .juicesUsingFruit: "{1}: the juices that use it are {2}; to change its stock, write juice adjust {3}",
        .negativeAsOption: "'{1}' is not an option: to take {2} off {3}, write {3}={1}",
        .recipeToAdjust: "{1}: to make it, write juice make {2}",
        .notACommand: "'{1}' is not a juice command{2}; the commands: {3}",
        .nameACommand: "name a command: {1}",
        .tooManyArguments:
            "too many arguments ({1}): at most {2} in one call; split the orders or changes over several calls",
        .aboveMaximum: "{1} would reach {2}, above the maximum of {3}; nothing changed",
        .usageBeyondCounting:
            "the usage's {1} in money would pass {2}, the most juice adds up exactly; nothing is shown; give a shorter period",
        .storeCount: "{1} stores",
        .emptyFileName: "{1} needs a file name, not an empty one",
        .emptyStoreName: "--store needs a store's name, not an empty one",
        .storeWithFiles:
            "--store takes the store's menu and inventory from the stores manifest; it cannot be used with --menu or --inventory",
        .storesWithFiles:
            "--stores names each store's menu and inventory; it cannot be used with --menu or --inventory",
        .storesNeedsStore: "--stores names the manifest in which --store NAME finds the store; add --store",
        .noChange: "give at least one change (FRUIT=+N, FRUIT=-N or FRUIT=N), or --prune",
        .menuTakesNoInventory: "juice menu lists a menu: --inventory has no use here",
        .notATime:
            "{1}: '{2}' is not a time: write today, yesterday, Nd (the last N days), a date (2026-11-22) or an RFC 3339 time (2026-11-22T09:30:00Z)",
        .emptyPeriod: "--until {2} is not after --since {1}: the period would be empty",
        .notAnEntry: "{1} is no journal entry: entries are numbered from 1",
        .undid: "Undid entry {1}.",
        .wouldUndo: "Would undo entry {1}.",
        .kindMake: "make", .kindAdjust: "adjust", .kindUndo: "undo of {1}", .kindEdit: "edit",
        .kindOrder: "order", .kindOrderCancel: "cancel of order {1}", .ofOrder: "order {1}",
        .reasonDelivery: "delivery", .reasonWaste: "waste", .reasonCount: "count", .reasonCorrection: "correction",
        .noEntries: "No entries.",
        .usedHeader: "USED", .deliveredHeader: "DELIVERED", .wastedHeader: "WASTED", .countedHeader: "COUNTED",
        .usedCostHeader: "USED COST", .wastedCostHeader: "WASTED COST",
        .nothingInPeriod: "Nothing was made or changed in this period.",
        .madeHeader: "MADE", .noChangeShort: "no change",
        .countPrompt: "{1} [{2}]: ",
        .blindPrompt: "{1}: ",
        .notABlindCount:
            "'{1}' is not a count: type a whole number from 0 to {2}, or press Enter to leave it uncounted",
        .leftUncounted: "not counted: {1}",
        .nothingCounted: "no fruit was counted; nothing changed",
        .blindNeedsAll: "--blind asks with --all: give --all too",
        .notACountNumber: "'{1}' is not a count: type a whole number from 0 to {2}, or press Enter to keep {3}",
        .countCancelled: "the input ended before every fruit was counted; nothing changed",
        .noCount: "give at least one count (FRUIT=N), or --all to be asked for every fruit",
        .allNeedsTerminal:
            "--all asks for every fruit on a terminal, and the input is not one: give the counts as FRUIT=N",
        .startHeader: "START", .correctedHeader: "CORRECTED", .expectedHeader: "EXPECTED", .countHeader: "COUNTED",
        .varianceHeader: "VARIANCE", .varianceCostHeader: "VARIANCE COST", .shareHeader: "SHARE",
        .notCountedInPeriod: "Not counted in this period (no variance): {1}",
        .dayHeader: "DAY", .entriesHeader: "ENTRIES", .changesHeader: "CHANGES", .countedList: "counted {1}",
        // mix.
        .priceHeader: "PRICE", .costHeader: "COST", .mixServingsHeader: "SERVINGS", .revenueHeader: "REVENUE",
        .marginHeader: "MARGIN", .totalRow: "TOTAL",
        .leftLine: "Left: {1}",
        .usedUpLine: "Used up: {1}",
        .nothingUsedUp: "Used up: nothing",
        .provenOptimal: "No other mix does better: proven optimal.",
        .stoppedAtTimeLimit:
            "Stopped at the time limit of {1} s: the best mix found so far; the best possible is at most {2} more.",
        .stoppedWithinTolerance:
            "Stopped within the gap tolerance of {1}: the best possible is at most {2} more.",
        .boundTwice: "{1} is named twice in {2}; name each recipe once",
        .maxNeedsCount: "--max {1} needs a number: --max {1}=N caps it at N servings (0 for none)",
        .invalidTimeLimit: "invalid --time-limit '{1}': expected a number of seconds above 0, at most {2}",
        .invalidGapTolerance: "invalid --gap-tolerance '{1}': expected a fraction from 0 to 1, such as 0.001",
        .noStoreToMix: "No store to mix for: the manifest names none that could be read.",
        .noStoreMixed: "No store could be mixed, see the diagnostics: {1}",
        .notMixed: "Not mixed, see the diagnostics: {1}",
        // Suppliers.
        .parHeader: "PAR", .reorderHeader: "REORDER", .packHeader: "PACK", .packsHeader: "PACKS",
        .unitsHeader: "UNITS", .supplierHeader: "SUPPLIER", .minimumHeader: "MINIMUM",
        .noSupplier: "No supplier",
        .nothingToOrder: "Nothing to order: every fruit with a par is above its reorder level.",
        .nothingBeyondOrders:
            "Nothing to order: what is on order covers every fruit at or below its reorder level (juice orders lists it).",
        .noPar: "Nothing to order: the menu gives no fruit a par (the stock to order up to).",
        .belowMinimum: "{1}: {2}, under the minimum order of {3}",
        .costUnknown: "Cost unknown: the menu gives no cost for {1}",
        .chainTotal: "Chain total",
        .supplierPacks: "{1}, below the minimum of {2}",
        .packCount: "{1} packs", .onePack: "1 pack",
        .orderBeyondCounting:
            "the order from {1} comes to more than {2}, the most a total can hold; lower its pars or costs",
        .orderTotalBeyondCounting:
            "the order from every supplier together comes to more than {1}, the most a total can hold; lower the pars or costs",
        .allSuppliers: "All suppliers: {1}",
        .allSuppliersCost: "All suppliers: {1}, cost {2}",
        .allSuppliersCostUnknown: "All suppliers: {1}, cost unknown (a fruit has no cost)",
        .noStoreToOrder: "No store to order for: the manifest names none that could be read.",
        .noStoreOrdered: "No store's order could be made, see the diagnostics: {1}",
        .notOrdered: "No order, see the diagnostics: {1}",
        .cancelAlone: "--cancel ID withdraws an order: give it alone, without an order, FRUIT=N or --dry-run",
        .notAnOrderID: "'{1}' is not an order's id: give the number juice order --place printed",
        .receiveWhat: "name the order received: its id (juice orders lists them) or a saved order file",
        .orderCancelledLine: "Order {1} cancelled: no longer on order.",
        .orderReceivedLine: "Order {1} received.",
        .arrivedShortLine: "Short: {1} (no longer on order).",
        .arrivedShortOfFileLine: "Short: {1}.",
        .orderPlacedLine: "Order {1} placed.",
        .nothingPlaced: "Nothing to order: nothing placed.",
        .noOpenOrders: "No open orders.",
        .orderHeader: "ORDER", .timeHeader: "PLACED", .orderLinesHeader: "LINES",
        .changeTo: "Change to '{1}'", .addFruit: "Add fruit '{1}' to fruits",
        .removeFruit: "Remove fruit '{1}', which no recipe uses",
    ]

    package static let korean: [Text: String] = [
        .error: "오류", .warning: "경고", .note: "참고",
        .fruitHeader: "과일", .stockHeader: "재고", .juiceHeader: "주스", .servingsHeader: "가능",
        .limitedByHeader: "제한 과일", .missingHeader: "부족", .neededHeader: "필요", .haveHeader: "보유", .onOrderHeader: "주문 중",
        .buyHeader: "구매", .beforeHeader: "이전", .afterHeader: "이후", .nameHeader: "이름",
        .recipeHeader: "레시피", .usesHeader: "재료", .storeHeader: "매장",
        .readyOne: "{1} 나왔습니다! 맛있게 드세요!",
        .readyMany: "{1} {2}잔 나왔습니다! 맛있게 드세요!",
        .stockLine: "재고: {1}",
        .dryRun: "미리 보기: 모든 검사를 통과했습니다. 바뀐 것은 없습니다.",
        .wouldDrop: "{1}을(를) 뺍니다: 메뉴에 더 이상 없는 과일입니다",
        .dropped: "{1}을(를) 뺐습니다: 메뉴에 더 이상 없는 과일입니다",
        .nothingToBuy: "살 것이 없습니다.",
        .toBuy: "살 것: {1}",
        .noStoreToReport: "보고할 매장이 없습니다: 목록에 읽을 수 있는 매장이 없습니다.",
        .noStoreReported: "보고할 수 있는 매장이 없습니다. 진단을 보세요: {1}",
        .notReported: "보고하지 못한 매장, 진단을 보세요: {1}",
        .noStoreToPlan: "계획할 매장이 없습니다: 목록에 읽을 수 있는 매장이 없습니다.",
        .noStorePlanned: "계획할 수 있는 매장이 없습니다. 진단을 보세요: {1}",
        .notPlanned: "계획하지 못한 매장, 진단을 보세요: {1}",
        .notEnoughFruit: "과일이 모자랍니다. 아무것도 만들지 않았습니다",
        .shortLine: "  {1}: {2}개 필요, 재고 {3}개, {4}개 더 필요",
        .created: "만들었습니다: {1}",
        .addedToGitignore: ".gitignore에 더했습니다: {1}",
        .initNext: "다음: juice report(지금 만들 수 있는 것). recipes/menu.yaml을 고친 뒤 juice validate",
        .initNextChain:
            "다음: juice report --stores recipes/stores.yaml(모든 매장). recipes/를 고친 뒤 juice validate --stores recipes/stores.yaml",
        .toAddThem: "채우려면: juice adjust {1} --reason delivery{2}",
        .toMakeIt: "만들려면: juice make {1}",
        .noStoreMayHold: "그만큼은 둘 수 없습니다: 과일 재고는 최대 {1}개입니다. 잔 수를 줄이세요",
        .belowZero: "재고는 0 밑으로 내려갈 수 없습니다. 바뀐 것은 없습니다",
        .removeLine: "  {1}: {2}개 빼기, 재고 {3}개, {4}개 모자람",
        .pruneHint: "메뉴에 없는 과일의 재고를 지우려면: juice adjust --prune{1}",
        .absentInventory: "{1} 파일이 없습니다: 메뉴의 처음 재고로 시작합니다",
        .shopInParent: "{1}({2})의 가게를 씁니다",
        .builtinMenuUsed: "이 폴더와 상위 폴더에 recipes/menu.yaml이 없습니다: 내장 데모 메뉴를 씁니다",
        .waitingForLock: "다른 프로세스가 {1}을(를) 잠그고 있어 기다리는 중...",
        .unknownLanguage: "메뉴에 '{1}' 이름이 없습니다 ({2}만 있습니다). 영어 이름을 보여 줍니다",
        .valid: "문제 없음",
        .errorCount: "오류 1개", .errorsCount: "오류 {1}개", .warningCount: "경고 1개", .warningsCount: "경고 {1}개",
        .absentInventorySummary: "파일 없음: 메뉴의 처음 재고",
        .cannotWriteOutput: "출력을 쓸 수 없습니다: {1}",
        .countAsWord: "'{1}'은(는) 레시피가 아닙니다: '{2}'을(를) {1}잔 주문하려면 {2}={1}(으)로 쓰세요",
        .recipesOnMenu: "{1}. 메뉴의 레시피: juice menu{2}",
        .fruitToMake: "{1}: 재고를 바꾸려면 juice adjust {2}",
        .juicesUsingFruit: "{1}: 이 과일을 쓰는 주스는 {2}입니다. 재고를 바꾸려면 juice adjust {3}",
        .negativeAsOption: "'{1}'은(는) 옵션이 아닙니다: {3}에서 {2}개를 빼려면 {3}={1}(으)로 쓰세요",
        .recipeToAdjust: "{1}: 만들려면 juice make {2}",
        .notACommand: "'{1}'은(는) juice 명령이 아닙니다{2}. 명령: {3}",
        .nameACommand: "명령을 주세요: {1}",
        .tooManyArguments: "인자가 너무 많습니다 ({1}개): 한 번에 최대 {2}개입니다. 주문이나 변경을 여러 번에 나눠 하세요",
        .aboveMaximum: "{1}이(가) {2}개가 되어 최대 {3}개를 넘습니다. 바뀐 것은 없습니다",
        .usageBeyondCounting: "사용량의 {1} 금액이 juice가 정확히 더할 수 있는 최대 {2}을(를) 넘습니다. 아무것도 보여 주지 않습니다. 기간을 줄이세요",
        .storeCount: "매장 {1}곳",
        .emptyFileName: "{1}에는 빈 이름이 아닌 파일 이름을 주세요",
        .emptyStoreName: "--store에는 빈 이름이 아닌 매장 이름을 주세요",
        .storeWithFiles: "--store는 매장 목록에서 그 매장의 메뉴와 재고 파일을 찾습니다. --menu나 --inventory와 함께 쓸 수 없습니다",
        .storesWithFiles: "--stores는 매장마다 메뉴와 재고 파일을 정합니다. --menu나 --inventory와 함께 쓸 수 없습니다",
        .storesNeedsStore: "--stores는 --store 이름으로 매장을 찾을 매장 목록입니다. --store를 더하세요",
        .noChange: "재고 변경을 하나 이상 주세요 (과일=+N, 과일=-N 또는 과일=N), 아니면 --prune",
        .menuTakesNoInventory: "juice menu는 메뉴를 보여 줍니다: --inventory는 쓸 곳이 없습니다",
        .notATime:
            "{1}: '{2}'은(는) 시각이 아닙니다: today(오늘), yesterday(어제), Nd(최근 N일), 날짜(2026-11-22)나 RFC 3339 시각(2026-11-22T09:30:00Z)으로 쓰세요",
        .emptyPeriod: "--until {2}이(가) --since {1}보다 뒤가 아닙니다: 기간이 비게 됩니다",
        .notAnEntry: "{1}번 기록 항목은 없습니다: 항목 번호는 1부터입니다",
        .undid: "{1}번 항목을 취소했습니다.",
        .wouldUndo: "{1}번 항목을 취소하려 합니다.",
        .kindMake: "제조", .kindAdjust: "조정", .kindUndo: "{1}번 취소", .kindEdit: "직접 수정",
        .kindOrder: "주문", .kindOrderCancel: "주문 {1} 취소", .ofOrder: "주문 {1}",
        .reasonDelivery: "입고", .reasonWaste: "폐기", .reasonCount: "실사", .reasonCorrection: "정정",
        .noEntries: "기록이 없습니다.",
        .usedHeader: "사용", .deliveredHeader: "입고", .wastedHeader: "폐기", .countedHeader: "실사 차이",
        .usedCostHeader: "사용 원가", .wastedCostHeader: "폐기 원가",
        .nothingInPeriod: "이 기간에 만들거나 바꾼 것이 없습니다.",
        .madeHeader: "만든 잔 수", .noChangeShort: "변화 없음",
        .countPrompt: "{1} [{2}]: ",
        .blindPrompt: "{1}: ",
        .notABlindCount: "'{1}'은(는) 센 수가 아닙니다: 0부터 {2}까지의 정수를 쓰거나, Enter로 세지 않은 채로 두세요",
        .leftUncounted: "세지 않은 과일: {1}",
        .nothingCounted: "센 과일이 없습니다. 아무것도 바꾸지 않았습니다",
        .blindNeedsAll: "--blind는 --all과 함께 묻습니다: --all도 주세요",
        .notACountNumber: "'{1}'은(는) 센 수가 아닙니다: 0부터 {2}까지의 정수를 쓰거나, Enter로 {3}을(를) 그대로 두세요",
        .countCancelled: "모든 과일을 세기 전에 입력이 끝났습니다. 아무것도 바꾸지 않았습니다",
        .noCount: "센 수를 하나 이상 주세요 (과일=N), 아니면 --all로 과일마다 물어보게 하세요",
        .allNeedsTerminal: "--all은 터미널에서 과일마다 묻는데, 입력이 터미널이 아닙니다: 센 수를 과일=N으로 주세요",
        .startHeader: "시작", .correctedHeader: "정정", .expectedHeader: "예상", .countHeader: "센 수",
        .varianceHeader: "차이", .varianceCostHeader: "차이 금액", .shareHeader: "사용 대비",
        .notCountedInPeriod: "이 기간에 세지 않은 과일 (차이 없음): {1}",
        .dayHeader: "날짜", .entriesHeader: "항목", .changesHeader: "변경", .countedList: "센 수 {1}",
        // mix.
        .priceHeader: "가격", .costHeader: "원가", .mixServingsHeader: "잔 수", .revenueHeader: "매출",
        .marginHeader: "이익", .totalRow: "합계",
        .leftLine: "남는 재고: {1}",
        .usedUpLine: "다 쓰는 과일: {1}",
        .nothingUsedUp: "다 쓰는 과일: 없음",
        .provenOptimal: "이보다 나은 조합은 없습니다: 최적임이 증명되었습니다.",
        .stoppedAtTimeLimit: "시간 제한 {1}초에 멈췄습니다: 지금까지 찾은 가장 좋은 조합입니다. 최선은 이보다 많아야 {2} 더 큽니다.",
        .stoppedWithinTolerance: "허용 차이 {1} 안에서 멈췄습니다: 최선은 이보다 많아야 {2} 더 큽니다.",
        .boundTwice: "{1}이(가) {2}에 두 번 나옵니다. 레시피마다 한 번만 쓰세요",
        .maxNeedsCount: "--max {1}에는 수가 필요합니다: --max {1}=N은 N잔까지입니다(0이면 만들지 않음)",
        .invalidTimeLimit: "--time-limit '{1}'이(가) 잘못되었습니다: 0보다 크고 {2} 이하인 초 수여야 합니다",
        .invalidGapTolerance: "--gap-tolerance '{1}'이(가) 잘못되었습니다: 0.001처럼 0부터 1까지의 비율이어야 합니다",
        .noStoreToMix: "조합을 구할 매장이 없습니다: 목록에 읽을 수 있는 매장이 없습니다.",
        .noStoreMixed: "조합을 구할 수 있는 매장이 없습니다. 진단을 보세요: {1}",
        .notMixed: "조합을 구하지 못한 매장, 진단을 보세요: {1}",
        // Suppliers.
        .parHeader: "적정 재고", .reorderHeader: "주문 시점", .packHeader: "한 상자", .packsHeader: "상자",
        .unitsHeader: "개수", .supplierHeader: "공급처", .minimumHeader: "최소 주문",
        .noSupplier: "공급처 없음",
        .nothingToOrder: "주문할 것이 없습니다: 적정 재고가 있는 과일은 모두 주문 시점보다 많습니다.",
        .nothingBeyondOrders: "주문할 것이 없습니다: 주문 시점 이하인 과일은 주문 중인 양으로 채워집니다 (juice orders로 볼 수 있습니다).",
        .noPar: "주문할 것이 없습니다: 메뉴에 적정 재고(par)가 있는 과일이 없습니다.",
        .belowMinimum: "{1}: {2}로 최소 주문 {3}에 못 미칩니다",
        .costUnknown: "원가를 모릅니다: 메뉴에 {1}의 원가가 없습니다",
        .chainTotal: "전체 합계",
        .supplierPacks: "{1}, 최소 주문 {2}상자 미만",
        .packCount: "{1}상자", .onePack: "1상자",
        .orderBeyondCounting: "{1}의 주문 합계가 담을 수 있는 최대 {2}을(를) 넘습니다: 적정 재고나 원가를 낮추세요",
        .orderTotalBeyondCounting: "모든 공급처의 주문 합계가 담을 수 있는 최대 {1}을(를) 넘습니다: 적정 재고나 원가를 낮추세요",
        .allSuppliers: "모든 공급처: {1}",
        .allSuppliersCost: "모든 공급처: {1}, 원가 {2}",
        .allSuppliersCostUnknown: "모든 공급처: {1}, 원가 모름 (원가가 없는 과일이 있습니다)",
        .noStoreToOrder: "주문할 매장이 없습니다: 목록에 읽을 수 있는 매장이 없습니다.",
        .noStoreOrdered: "주문을 만들 수 있는 매장이 없습니다. 진단을 보세요: {1}",
        .notOrdered: "주문을 만들지 못한 매장, 진단을 보세요: {1}",
        .cancelAlone: "--cancel 번호는 주문을 거둡니다: 주문, 과일=N, --dry-run 없이 혼자 주세요",
        .notAnOrderID: "'{1}'은(는) 주문 번호가 아닙니다: juice order --place가 보여 준 번호를 주세요",
        .receiveWhat: "입고할 주문을 정하세요: 주문 번호(juice orders로 볼 수 있습니다)나 저장한 주문서",
        .orderCancelledLine: "주문 {1}을(를) 취소했습니다: 더 이상 주문 중이 아닙니다.",
        .orderReceivedLine: "주문 {1}을(를) 입고했습니다.",
        .arrivedShortLine: "덜 들어옴: {1} (더 이상 주문 중이 아님).",
        .arrivedShortOfFileLine: "덜 들어옴: {1}.",
        .orderPlacedLine: "주문 {1}을(를) 넣었습니다.",
        .nothingPlaced: "주문할 것이 없습니다: 아무것도 주문하지 않았습니다.",
        .noOpenOrders: "열린 주문이 없습니다.",
        .orderHeader: "주문", .timeHeader: "주문 시각", .orderLinesHeader: "줄",
        .changeTo: "'{1}'(으)로 바꾸기", .addFruit: "과일 '{1}'을(를) fruits에 추가",
        .removeFruit: "어느 레시피도 쓰지 않는 과일 '{1}' 삭제",
    ]
}
