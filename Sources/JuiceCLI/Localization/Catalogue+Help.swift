import JuicePresentation

/// What `--help` says, in each language: the commands' abstracts and
/// discussions and the help of every option and argument. The examples in
/// a discussion are commands, the same in every language, and stay with
/// their command (see ``discussion(_:examples:)``).
extension Catalogue {
    /// A help text.
    enum Help: String, CaseIterable, Sendable {
        case rootAbstract, rootDiscussion, examples
        case reportAbstract, reportDiscussion, makeAbstract, makeDiscussion, adjustAbstract, adjustDiscussion
        case planAbstract, planDiscussion, menuAbstract, menuDiscussion, validateAbstract, validateDiscussion
        case menuOption, menuDefault, inventoryOption, inventoryDefault, storeOption, storeDefault
        case localeOption, localeDefault, storesOption, quietFlag, dryRunFlag, undoDryRunFlag
        case formatTextJSON, formatTextJSONCSV, formatAll, formatValidate
        case ordersArgument, changesArgument, pruneFlag, pruneDiscussion, filesArgument, strictFlag
        case reasonOption, sinceOption, untilOption, kindOption, fruitFilter, recipeFilter
        case logAbstract, logDiscussion, undoAbstract, undoDiscussion, undoArgument, usageAbstract, usageDiscussion
        case mixAbstract, mixDiscussion, objectiveOption, maxOption, minOption, timeLimitOption, gapToleranceOption
        case countAbstract, countDiscussion, countsArgument, allFlag, blindFlag, varianceAbstract, varianceDiscussion
        case byOption
        case orderAbstract, orderDiscussion, receiveAbstract, receiveDiscussion, orderFileArgument, arrivedArgument
        case placeFlag, cancelOption, ordersAbstract, ordersDiscussion
        case schemaAbstract, schemaDiscussion, schemaKindArgument
        case lspAbstract, lspDiscussion
        case initAbstract, initDiscussion, initChainFlag
    }

    /// `help` in this catalogue's language.
    func callAsFunction(_ help: Help) -> String {
        (language == .korean ? Self.koreanHelp : Self.englishHelp)[help] ?? help.rawValue
    }

    /// A command's discussion: its text, then `Examples:` and a line per
    /// example.
    func discussion(_ help: Help, examples: [String]) -> String {
        self(help) + "\n\n" + self(.examples) + "\n" + examples.map { "  " + $0 }.joined(separator: "\n")
    }

    static let englishHelp: [Help: String] = [
        .rootAbstract: "A juice bar's menu and stock, as data.",
        .rootDiscussion: """
        The menu (fruits and recipes) is read from --menu, else recipes/menu.yaml in the \
        shop's folder, else the built-in menu of the original Juice Maker. The stock is \
        read from --inventory, else inventory.yaml in the shop's folder; a missing \
        inventory means the menu's initial stock, and the first change creates it. The \
        shop's folder is the nearest one, this folder or a parent, that holds \
        recipes/menu.yaml or recipes/stores.yaml (else this folder), as git finds its \
        repository.

        Examples:
          juice report                      what can I make now?
          juice make banana=2 mangoKiwi     make three juices
          juice adjust strawberry=+6        six more strawberries
          juice menu --locale ko            the menu, in Korean
          juice mix                         the most servings the stock makes
          juice validate recipes/menu.yaml  check a menu

        Tab completion: juice --generate-completion-script bash|zsh|fish

        Exit codes: 0 done, 1 refused (not enough stock, or a count out of range), 64 usage, 65 invalid data, \
        66 missing file, 73 cannot write the inventory, 74 I/O error, 75 inventory locked.
        """,
        .examples: "Examples:",
        .reportAbstract: "Show the stock and how many servings of each juice can be made now.",
        .reportDiscussion: """
        For every recipe: the servings the stock allows, the fruits that limit that number, \
        and, when no serving can be made, what one serving lacks. With --stores, the same \
        for every store of a manifest, as a matrix of stores by recipes; a store with \
        invalid files gets its diagnostics, the others are still reported (exit 65). \
        --stores cannot be combined with --menu or --inventory.
        """,
        .makeAbstract: "Make juices, using their fruit: all orders or none.",
        .makeDiscussion: """
        ORDER is RECIPE or RECIPE=N for N servings. The orders of one call are one \
        transaction: when any fruit is short, nothing is used, and juice says how many \
        are missing and the `juice adjust` command that would add them (exit 1).
        """,
        .adjustAbstract: "Change the stock: add, remove or set fruit counts, all or none.",
        .adjustDiscussion: """
        CHANGE is FRUIT=+N (add N), FRUIT=-N (remove N) or FRUIT=N (set to N), applied in \
        order as one transaction: when any fruit would end below zero or above \
        1,000,000,000, nothing changes (exit 1). With --prune, counts of fruits the menu no \
        longer has are dropped from the inventory, which they otherwise make invalid.
        """,
        .planAbstract: "The shopping list: what to buy to make the given orders.",
        .planDiscussion: """
        For the orders given (RECIPE or RECIPE=N), per fruit: how many are needed, how many \
        are in stock, and how many to buy (only the shortfall). Changes nothing, and exits 0 \
        even when something must be bought. With --stores, a list per store of a manifest; \
        an order for a recipe a store's menu lacks is an error for that store, the others \
        are still planned (exit 65). --stores cannot be combined with --menu or --inventory.
        """,
        .menuAbstract: "List the menu: each fruit and recipe with the id to type and its name.",
        .menuDiscussion: """
        Fruits with their id, display name and initial stock; recipes with their id, display \
        name and what one serving uses. Orders and changes take an id or a display name.
        """,
        .lspAbstract: "Serve the Language Server Protocol on stdin and stdout, for an editor.",
        .lspDiscussion: """
        An editor starts it to check menus, inventories and stores manifests as they are typed, \
        with the same validator as `juice validate`, before they are saved. It speaks JSON-RPC \
        on stdin and stdout and is not run by hand; its messages follow the editor's locale. \
        Documentation/LanguageServer.md has each editor's configuration.
        """,
        .validateAbstract: "Check menus and an inventory, reporting every problem with its place.",
        .validateDiscussion: """
        Each FILE is a menu, or a stores manifest (a file with the top-level key `stores`), \
        checked with every menu and inventory it names. With no FILE, checks the menu and \
        the inventory that `juice report` would use, or with --stores, the manifest. Problems \
        are printed as FILE:LINE:COLUMN: SEVERITY: MESSAGE [CODE]; warnings do not fail \
        validation. Exit 65 when any error is found.
        """,
        .menuOption: "The menu file.",
        .menuDefault: "Default: the shop's recipes/menu.yaml if it exists, else the built-in menu.",
        .inventoryOption: "The inventory file.",
        .inventoryDefault: "Default: the shop's inventory.yaml. A missing file means the menu's initial stock.",
        .storeOption: "A store of the chain, by name: its menu and inventory come from the stores manifest.",
        .storeDefault: "The manifest is --stores, else the shop's recipes/stores.yaml. Not with --menu or --inventory.",
        .localeOption: "The language of display names and messages, e.g. en or ko.",
        .localeDefault: "Default: from LC_ALL, LC_MESSAGES or LANG.",
        .storesOption:
            "A stores manifest: with --store, the manifest that names the store; alone, the reports (report, plan, mix, order, usage, variance, validate) answer for every store it names.",
        .quietFlag: "Say only what went wrong: no notes, warnings or success messages (results are still printed).",
        .dryRunFlag: "Check everything and show the stock before and after, without changing it.",
        .undoDryRunFlag: "Show the entry that would be undone and the stock before and after, without changing it.",
        .formatTextJSON: "Output format: text or json.",
        .formatTextJSONCSV: "Output format: text, json or csv.",
        .formatAll: "Output format: text, json, csv or markdown.",
        .formatValidate: "Output format: text, json or github (GitHub Actions annotations).",
        .ordersArgument: "The orders: RECIPE or RECIPE=N.",
        .changesArgument: "The changes: FRUIT=+N, FRUIT=-N or FRUIT=N.",
        .pruneFlag: "Drop the counts of fruits the menu no longer has, which make the inventory invalid.",
        .pruneDiscussion: "The rest of the inventory is written back unchanged, beside any changes given.",
        .filesArgument: "Menu or stores manifest files to check.",
        .strictFlag: "Fail on warnings too (exit 65), as a CI check of a chain's menus would.",
        .reasonOption: "Why the stock changed, for the journal: delivery, waste, count or correction.",
        .sinceOption: """
        Only from this time on: today, yesterday, Nd (the last N days), a date (2026-11-22) or an \
        RFC 3339 time; days start at local midnight, or at the menu's dayStarts.
        """,
        .untilOption: "Only before this time: today, yesterday, Nd, a date (the start of its day) or an RFC 3339 time.",
        .kindOption: "Only entries of this kind: make, adjust, undo, edit or order.",
        .fruitFilter: "Only entries that change this fruit (its id or name).",
        .recipeFilter: "Only entries that make this recipe (its id or name).",
        .logAbstract: "List the journal: every change of the stock, in order.",
        .logDiscussion: """
        Each make, adjust, undo, and hand edit found by the next change, from NAME.journal \
        beside the inventory NAME. A line of the journal that is not an entry is an error at \
        its line and column (exit 65, after the entries that could be read).
        """,
        .undoAbstract: "Take back a change: the latest make or adjust, or entry ID.",
        .undoDiscussion: """
        Applies the opposite of the entry's changes as a new change of kind undo, all or \
        nothing: refused (exit 1) when the stock no longer allows it, or when the entry was \
        undone already or is itself an undo. It says which entry it undid, as juice log \
        lists it; --dry-run shows that entry and the stock before and after, changing nothing.
        """,
        .undoArgument: "The journal entry to take back (default: the latest make or adjust not yet undone).",
        .mixAbstract: "The best mix: how many servings of each recipe to make from the stock now.",
        .mixDiscussion: """
        Recipes that share a fruit compete for it; the best mix shares the stock out so that \
        the total (servings, revenue or margin) is as large as possible, found exactly as an \
        integer program by the COIN-OR CBC solver. --max RECIPE=N caps a recipe (the day's \
        demand; 0 for none), --min RECIPE=N requires it (orders already promised): a --min \
        the stock cannot meet is refused with the shortfall (exit 1). Revenue and margin need \
        the `price` of every recipe (and margin the `cost` of each fruit, else 0). When the \
        time limit ends the search first, the best mix found is shown with the gap to the \
        best that may exist. Changes nothing: `juice make` of the mix's servings makes it. \
        With --stores, a mix per store of a manifest.
        """,
        .objectiveOption: "What to make as large as possible: servings, revenue or margin.",
        .maxOption: "At most N servings of a recipe (the day's demand; 0 for none).",
        .minOption: "At least N servings of a recipe (orders already promised).",
        .timeLimitOption: "The most seconds the search takes before it answers.",
        .gapToleranceOption:
            "The relative gap at which the search may stop before proving the best (0 to 1; 0: prove it).",
        .countAbstract: "Record a count at the shelf: the number there is of each fruit counted.",
        .countDiscussion: """
        One journal entry of kind adjust and reason count, which sets each fruit counted to its \
        number and keeps every number stated, changed or not, so that a count that matched the \
        book is on record too. --all asks for every fruit in the menu's order on a terminal \
        (Enter keeps the number shown: the current count, or the one given as FRUIT=N). \
        --all --blind shows no number: each fruit not given as FRUIT=N is asked without the \
        book's count, and Enter leaves it uncounted (the fruits left so are said before the \
        count is booked), so a count is counted, not confirmed.
        """,
        .countsArgument: "The counts: FRUIT=N, the number there is.",
        .byOption: "A row per business day (day): the period day by day.",
        .allFlag: "Ask for every fruit in turn on the terminal.",
        .blindFlag: "With --all: ask without showing the book's number; Enter leaves a fruit uncounted.",
        .varianceAbstract: "What the counts of a period say against the book, in fruit and in money.",
        .varianceDiscussion: """
        Per fruit, up to its last count in the period: the stock at the start, what make used, \
        deliveries brought, waste took and corrections changed, the stock expected from them, \
        the count, and the variance (counted - expected), its cost and its share of use. A \
        fruit not counted in the period has no variance, and the output says so. Undone \
        changes count for nothing. With --stores, every store and the chain's total.
        """,
        .usageAbstract: "What was made, used, delivered, wasted and counted in a period.",
        .usageDiscussion: """
        Servings per recipe and their revenue (× price), and per fruit what make used, deliveries \
        brought, waste took and counts corrected (the gap between the expected and the counted \
        stock) and what the used and the wasted cost (× cost); a total over a missing price or \
        cost is null. Undone changes count for nothing. With --stores, every store of the \
        manifest and the chain's total.
        """,
        .orderAbstract: "What to order from each supplier to bring the stock up to par, in whole packs.",
        .orderDiscussion: """
        For every fruit whose menu entry gives a par and whose stock is at or below its reorder \
        level (default: par - 1), counting what is on order (placed with --place and not yet \
        received): the packs that bring it to par or above, net of what is on order, rounded up \
        to whole packs, grouped by supplier, with units, packs and cost (the fruit's cost × units; \
        unknown, `null` in JSON, without a cost). A supplier whose order is under its minimum \
        is flagged with a warning (exit 0). Fruits with a par and no supplier come last, under \
        no supplier. With --stores, each store's order and the chain's total per supplier and \
        fruit. Save it with --format json for juice receive; csv and markdown are made to be \
        sent to a supplier. Changes nothing.
        """,
        .receiveAbstract: "Book the delivery of an order, once: one delivery entry, all or nothing.",
        .receiveDiscussion: """
        ORDER-ID is the id juice order --place printed (juice orders lists the open ones); \
        ORDER-FILE is a saved juice order --format json. Every line's units are added to the \
        stock as one change of reason delivery that names the order. FRUIT=N says that N \
        fruits (not packs) of FRUIT actually arrived instead, and may name a fruit the order \
        lacks; FRUIT=0 for one that did not come. What arrived short is said, and is no longer \
        on order. An order is received once: a second receive is refused (exit 1, \
        already-received, naming the entry that booked it), as is one of a cancelled order \
        (exit 1, cancelled); juice undo of the delivery opens it again. A file from juice order \
        without --place is received once per content. --cancel ID withdraws a placed order. A \
        chain's order (juice order --stores) is booked for the store --store names, from that \
        store's part. A file that is not an order is an error at its line and column (exit 65).
        """,
        .orderFileArgument: "A placed order's id, or a saved order (the output of juice order --format json).",
        .arrivedArgument: "What actually arrived, in fruit: FRUIT=N.",
        .placeFlag: "Record the order in the journal as placed (on order until received).",
        .cancelOption: "Withdraw the placed order of this id.",
        .ordersAbstract: "The orders placed and not yet received.",
        .ordersDiscussion: """
        Each order juice order --place recorded that no delivery has received and no \
        juice receive --cancel withdrew: its id, when it was placed, its lines, and its units \
        and cost. What is on order counts in juice order. Changes nothing.
        """,
        .schemaAbstract: "Print the JSON Schema of a menu, an inventory or a stores manifest.",
        .schemaDiscussion: """
        A JSON Schema (draft 2020-12) that an editor's YAML language server checks a file \
        against as it is typed, completing keys and showing what each one means. It holds \
        every rule of the format that a schema can express; what only `juice validate` \
        checks (the fruits a recipe uses, `extends`, unused fruits) is said in its \
        descriptions. The repository keeps them in schemas/. The schema is in English \
        whatever the language.
        """,
        .schemaKindArgument: "The kind of file.",
        .initAbstract: "Create a shop, or a chain, in this folder: the original menu, its schemas, state/, .gitignore.",
        .initDiscussion: """
        Writes recipes/menu.yaml (the original menu, with the schema modeline), schemas/ (the \
        JSON Schemas the modelines name), state/.gitkeep (git keeps no empty folder) and a \
        .gitignore for the inventories' locks and temporary files; with --chain also \
        recipes/stores.yaml and two store menus under recipes/stores/ that extend the menu. \
        Nothing is written over: when a file it would create is there, nothing is written \
        (exit 73, naming it), except .gitignore, to which the lines it lacks are added.
        """,
        .initChainFlag: "Also create a chain: a stores manifest and two store menus.",
    ]

    static let koreanHelp: [Help: String] = [
        .rootAbstract: "주스 가게의 메뉴와 재고를 데이터로 다룹니다.",
        .rootDiscussion: """
        메뉴(과일과 레시피)는 --menu에서, 없으면 가게 폴더의 recipes/menu.yaml에서, 그것도 \
        없으면 원래 Juice Maker의 내장 메뉴에서 읽습니다. 재고는 --inventory에서, 없으면 가게 \
        폴더의 inventory.yaml에서 읽습니다. 재고 파일이 없으면 메뉴의 처음 재고로 시작하고, \
        첫 변경이 파일을 만듭니다. 가게 폴더는 이 폴더나 상위 폴더 중 \
        recipes/menu.yaml이나 recipes/stores.yaml이 있는 가장 가까운 폴더입니다(없으면 이 폴더).

        예:
          juice report                      지금 무엇을 만들 수 있나?
          juice make banana=2 mangoKiwi     주스 세 잔 만들기
          juice adjust strawberry=+6        딸기 여섯 개 더하기
          juice menu --locale ko            한국어 메뉴
          juice mix                         재고로 가장 많이 만드는 조합
          juice validate recipes/menu.yaml  메뉴 검사

        탭 완성: juice --generate-completion-script bash|zsh|fish

        종료 코드: 0 완료, 1 거절(재고 부족 또는 범위 밖의 수), 64 사용법 오류, 65 잘못된 데이터, \
        66 파일 없음, 73 재고 파일을 쓸 수 없음, 74 입출력 오류, 75 재고 파일 잠김.
        """,
        .examples: "예:",
        .reportAbstract: "재고와, 주스마다 지금 몇 잔을 만들 수 있는지 보여 줍니다.",
        .reportDiscussion: """
        레시피마다 재고로 만들 수 있는 잔 수, 그 수를 제한하는 과일, 한 잔도 만들 수 없으면 \
        한 잔에 모자란 것을 보여 줍니다. --stores를 주면 매장 목록의 모든 매장에 대해 매장과 \
        레시피의 표로 보여 줍니다. 파일이 잘못된 매장은 진단을 받고 나머지 매장은 그대로 \
        보고합니다(종료 코드 65). --stores는 --menu나 --inventory와 함께 쓸 수 없습니다.
        """,
        .makeAbstract: "주스를 만들고 그만큼 과일을 씁니다: 주문 전부 아니면 아무것도.",
        .makeDiscussion: """
        주문은 레시피 또는 N잔을 뜻하는 레시피=N입니다. 한 번에 준 주문들은 하나의 거래입니다: \
        어느 과일이든 모자라면 아무것도 쓰지 않고, 몇 개가 모자라는지와 그것을 채울 \
        `juice adjust` 명령을 알려 줍니다(종료 코드 1).
        """,
        .adjustAbstract: "재고를 바꿉니다: 과일 수를 더하고, 빼고, 정합니다. 전부 아니면 아무것도.",
        .adjustDiscussion: """
        변경은 과일=+N(N개 더하기), 과일=-N(N개 빼기), 과일=N(N개로 정하기)이며, 차례대로 \
        하나의 거래로 적용합니다: 어느 과일이든 0 밑이나 1,000,000,000 위가 되면 아무것도 \
        바꾸지 않습니다(종료 코드 1). --prune을 주면 메뉴에 더 이상 없는 과일의 수를 재고 \
        파일에서 지웁니다. 그대로 두면 재고 파일이 잘못된 것이 됩니다.
        """,
        .planAbstract: "장보기 목록: 주어진 주문을 만들려면 무엇을 사야 하는지.",
        .planDiscussion: """
        주어진 주문(레시피 또는 레시피=N)에 대해 과일마다 필요한 수, 재고, 살 수(모자란 만큼만)를 \
        보여 줍니다. 아무것도 바꾸지 않으며, 살 것이 있어도 종료 코드는 0입니다. --stores를 \
        주면 매장 목록의 매장마다 목록을 만듭니다. 매장 메뉴에 없는 레시피의 주문은 그 매장의 \
        오류이고, 나머지 매장은 그대로 계획합니다(종료 코드 65). --stores는 --menu나 \
        --inventory와 함께 쓸 수 없습니다.
        """,
        .menuAbstract: "메뉴를 보여 줍니다: 과일과 레시피마다 입력할 아이디와 이름.",
        .menuDiscussion: """
        과일은 아이디, 이름, 처음 재고와 함께, 레시피는 아이디, 이름, 한 잔에 드는 과일과 함께 \
        보여 줍니다. 주문과 변경에는 아이디나 이름을 쓸 수 있습니다.
        """,
        .lspAbstract: "편집기를 위한 언어 서버를 표준 입력과 표준 출력으로 실행합니다.",
        .lspDiscussion: """
        편집기가 이 명령을 실행해, 메뉴와 재고 파일과 매장 목록을 저장하기 전에도 입력하는 대로 \
        `juice validate`와 같은 검사기로 검사합니다. 표준 입력과 표준 출력으로 메시지를 주고받으므로 \
        직접 실행하는 명령이 아니며, 메시지는 편집기의 로캘을 따릅니다. 편집기별 설정은 \
        Documentation/LanguageServer.md에 있습니다.
        """,
        .validateAbstract: "메뉴와 재고 파일을 검사하고, 문제마다 그 자리를 알려 줍니다.",
        .validateDiscussion: """
        파일마다 메뉴이거나 매장 목록(최상위 키 `stores`가 있는 파일)이며, 그 파일이 가리키는 \
        모든 메뉴와 재고 파일과 함께 검사합니다. 파일을 주지 않으면 `juice report`가 쓸 메뉴와 \
        재고 파일을, --stores를 주면 그 매장 목록을 검사합니다. 문제는 \
        파일:줄:열: 심각도: 메시지 [코드] 꼴로 보여 줍니다. 경고로는 검사가 실패하지 않습니다. \
        오류가 하나라도 있으면 종료 코드는 65입니다.
        """,
        .menuOption: "메뉴 파일.",
        .menuDefault: "기본값: 가게의 recipes/menu.yaml이 있으면 그것, 없으면 내장 메뉴.",
        .inventoryOption: "재고 파일.",
        .inventoryDefault: "기본값: 가게의 inventory.yaml. 파일이 없으면 메뉴의 처음 재고입니다.",
        .storeOption: "체인의 매장 이름: 그 매장의 메뉴와 재고 파일을 매장 목록에서 찾습니다.",
        .storeDefault: "매장 목록은 --stores, 없으면 가게의 recipes/stores.yaml입니다. --menu나 --inventory와 함께 쓸 수 없습니다.",
        .localeOption: "이름과 메시지의 언어, 예: en 또는 ko.",
        .localeDefault: "기본값: LC_ALL, LC_MESSAGES 또는 LANG에서.",
        .storesOption:
            "매장 목록: --store와 함께면 그 매장이 있는 목록, 혼자면 보고 명령(report, plan, mix, order, usage, variance, validate)이 목록의 모든 매장에 대해 답합니다.",
        .quietFlag: "잘못된 것만 말합니다: 참고, 경고, 성공 메시지 없이 (결과는 그대로 나옵니다).",
        .dryRunFlag: "모든 것을 검사하고 바꾸기 전과 후의 재고를 보여 주되, 바꾸지는 않습니다.",
        .undoDryRunFlag: "취소될 항목과 바꾸기 전과 후의 재고를 보여 주되, 바꾸지는 않습니다.",
        .formatTextJSON: "출력 형식: text 또는 json.",
        .formatTextJSONCSV: "출력 형식: text, json 또는 csv.",
        .formatAll: "출력 형식: text, json, csv 또는 markdown.",
        .formatValidate: "출력 형식: text, json 또는 github (GitHub Actions 주석).",
        .ordersArgument: "주문: 레시피 또는 레시피=N.",
        .changesArgument: "변경: 과일=+N, 과일=-N 또는 과일=N.",
        .pruneFlag: "메뉴에 더 이상 없는 과일의 수를 지웁니다. 그런 수가 있으면 재고 파일이 잘못된 것이 됩니다.",
        .pruneDiscussion: "재고 파일의 나머지는 주어진 변경과 함께 그대로 다시 씁니다.",
        .filesArgument: "검사할 메뉴 또는 매장 목록 파일.",
        .strictFlag: "경고로도 실패합니다(종료 코드 65). 체인 메뉴의 CI 검사처럼.",
        .reasonOption: "기록에 남길 재고 변경의 이유: delivery(입고), waste(폐기), count(실사) 또는 correction(정정).",
        .sinceOption:
            "이 시각부터만: today(오늘), yesterday(어제), Nd(최근 N일), 날짜(2026-11-22) 또는 RFC 3339 시각. 하루는 현지 자정이나 메뉴에 정한 영업일 시작 시각에 시작합니다.",
        .untilOption: "이 시각 전까지만: today, yesterday, Nd, 날짜(그날이 시작하는 때) 또는 RFC 3339 시각.",
        .kindOption: "이 종류의 항목만: make, adjust, undo, edit 또는 order.",
        .fruitFilter: "이 과일(아이디나 이름)을 바꾼 항목만.",
        .recipeFilter: "이 레시피(아이디나 이름)를 만든 항목만.",
        .logAbstract: "기록을 보여 줍니다: 재고의 모든 변경을 차례대로.",
        .logDiscussion: """
        재고 파일 옆의 기록 파일(재고파일이름.journal)에서 제조, 조정, 취소, 그리고 다음 변경이 찾은 직접 수정을 \
        보여 줍니다. 항목이 아닌 줄은 그 줄과 열에서 오류입니다(읽을 수 있는 항목을 보여 준 뒤 종료 코드 65).
        """,
        .undoAbstract: "변경을 되돌립니다: 가장 최근의 제조나 조정, 또는 주어진 번호의 항목.",
        .undoDiscussion: """
        그 항목의 변경을 반대로 적용하는 새 변경(종류 undo)을 전부 아니면 아무것도로 합니다: 재고가 \
        더는 허락하지 않거나, 이미 취소된 항목이거나, 그 자체가 취소 항목이면 거절합니다(종료 코드 1). \
        취소한 항목을 juice log처럼 보여 줍니다. --dry-run은 그 항목과 바꾸기 전과 후의 재고를 보여 주되 \
        바꾸지는 않습니다.
        """,
        .undoArgument: "되돌릴 기록 항목 (기본값: 아직 취소되지 않은 가장 최근의 제조나 조정).",
        .mixAbstract: "최선의 조합: 지금 재고로 레시피마다 몇 잔을 만들지.",
        .mixDiscussion: """
        같은 과일을 쓰는 레시피들은 그 과일을 두고 다툽니다. 최선의 조합은 합계(잔 수, 매출 또는 \
        이익)가 가장 크도록 재고를 나누며, COIN-OR CBC 솔버가 정수 계획으로 정확히 찾습니다. \
        --max 레시피=N은 레시피의 상한(그날의 수요, 0이면 만들지 않음), --min 레시피=N은 하한(이미 \
        약속한 주문)입니다: 재고로 채울 수 없는 --min은 모자란 것과 함께 거절합니다(종료 코드 1). \
        매출과 이익에는 모든 레시피의 `price`가(이익에는 과일마다 `cost`도, 없으면 0) 필요합니다. \
        시간 한도가 먼저 끝나면 그때까지 찾은 최선의 조합과 있을 수 있는 최선과의 차이를 보여 \
        줍니다. 아무것도 바꾸지 않습니다: 조합의 잔 수로 `juice make`를 하면 만들어집니다. \
        --stores를 주면 매장 목록의 매장마다 조합을 찾습니다.
        """,
        .objectiveOption: "가장 크게 할 것: servings(잔 수), revenue(매출) 또는 margin(이익).",
        .maxOption: "레시피의 최대 잔 수 (그날의 수요, 0이면 만들지 않음).",
        .minOption: "레시피의 최소 잔 수 (이미 약속한 주문).",
        .timeLimitOption: "탐색이 답하기 전에 쓸 수 있는 최대 초.",
        .gapToleranceOption: "최선을 증명하기 전에 탐색을 멈춰도 되는 상대 차이 (0부터 1; 0이면 증명).",
        .countAbstract: "진열대에서 센 재고를 기록합니다: 센 과일마다 있는 수.",
        .countDiscussion: """
        종류 adjust, 이유 count인 기록 항목 하나로, 센 과일마다 재고를 그 수로 정하고, 바뀌었든 아니든 \
        말한 수를 모두 남깁니다. 장부와 맞은 실사도 기록에 남습니다. --all은 터미널에서 메뉴 순서대로 \
        과일마다 묻습니다(Enter는 보여 준 수, 곧 지금 재고나 과일=N으로 준 수를 그대로 둡니다). \
        --all --blind는 수를 보여 주지 않습니다: 과일=N으로 주지 않은 과일마다 장부의 수 없이 묻고, \
        Enter는 그 과일을 세지 않은 채로 둡니다(그런 과일은 실사를 기록하기 전에 알려 줍니다). 실사는 확인이 아니라 세는 것입니다.
        """,
        .countsArgument: "센 수: 과일=N, 있는 수.",
        .byOption: "영업일마다 한 줄(day): 기간을 날마다 나누어.",
        .allFlag: "터미널에서 과일마다 차례로 묻습니다.",
        .blindFlag: "--all과 함께: 장부의 수를 보여 주지 않고 묻습니다. Enter는 그 과일을 세지 않습니다.",
        .varianceAbstract: "기간의 실사가 장부와 얼마나 다른지, 과일 수와 금액으로.",
        .varianceDiscussion: """
        과일마다 기간 안의 마지막 실사까지: 시작 재고, 제조에 쓴 수, 입고, 폐기, 정정, 그로부터 예상한 \
        재고, 센 수, 그리고 차이(센 수 - 예상)와 그 금액, 사용 대비 비율. 기간에 세지 않은 과일은 차이가 \
        없고, 출력이 그렇게 말합니다. 취소된 변경은 셈하지 않습니다. --stores를 주면 매장마다, 그리고 \
        체인 합계를.
        """,
        .usageAbstract: "기간 동안 만들고, 쓰고, 들이고, 버리고, 센 것.",
        .usageDiscussion: """
        레시피마다 만든 잔 수와 매출(× 가격), 과일마다 제조에 쓴 수, 입고된 수, 폐기한 수, 실사로 \
        바로잡은 수(기대한 재고와 센 재고의 차이)와 사용분과 폐기분의 원가(× 원가)를 보여 줍니다. \
        가격이나 원가가 없으면 그 합계는 알 수 없다고 비워 둡니다. 취소된 변경은 셈하지 않습니다. --stores를 주면 \
        매장 목록의 모든 매장과 체인 합계를 보여 줍니다.
        """,
        .orderAbstract: "재고를 적정 재고까지 채우려면 공급처마다 무엇을 몇 상자 주문할지.",
        .orderDiscussion: """
        메뉴에 적정 재고(`par`)가 있고 재고와 주문 중인 양(--place로 넣고 아직 입고되지 않은 주문)을 \
        더한 것이 주문 시점(`reorder`, 기본값 `par - 1`) 이하인 과일마다: 주문 중인 양을 빼고 \
        적정 재고 이상이 되는 상자 수(올림)를 공급처별로, 개수와 상자 수와 원가(과일 원가 × 개수; \
        원가가 없으면 모름, 곧 `null`)와 함께 보여 줍니다. 최소 주문에 못 미치는 공급처는 경고로 \
        알립니다(종료 코드 0). 공급처가 없는 과일은 맨 뒤에 공급처 없음으로 묶습니다. --stores를 \
        주면 매장마다의 주문과 공급처별, 과일별 전체 합계를 보여 줍니다. juice receive에 쓰려면 \
        --format json으로 저장하세요. csv와 markdown은 공급처에 보내기 좋게 만듭니다. 아무것도 \
        바꾸지 않습니다.
        """,
        .receiveAbstract: "주문의 입고를 한 번 기록합니다: 입고 항목 하나, 전부 아니면 없음.",
        .receiveDiscussion: """
        ORDER-ID는 juice order --place가 보여 준 번호이고(juice orders가 열린 주문을 보여 \
        줍니다), ORDER-FILE은 저장한 juice order --format json입니다. 주문은 한 번만 \
        입고됩니다: 두 번째 입고는 거절됩니다(종료 코드 1, already-received, 입고한 항목을 \
        밝힘). 취소된 주문도 거절됩니다(`cancelled`). 입고를 juice undo하면 주문이 다시 열립니다. \
        덜 들어온 양은 알려 주며 더 이상 주문 중이 아닙니다. --cancel 번호는 넣은 주문을 \
        거둡니다. --place 없이 만든 주문서는 내용마다 한 번 입고됩니다. 모든 줄의 `units`를 \
        입고(delivery) 변경 하나로 재고에 더합니다. 과일=N은 실제로 들어온 그 과일의 수(상자 수가 아님)를 \
        말하며, 주문서에 없는 과일도 쓸 수 있습니다. 오지 않은 과일은 과일=0입니다. 여러 매장의 \
        주문서(juice order --stores)는 --store로 정한 매장의 부분을 그 매장에 기록합니다. \
        주문서가 아닌 파일은 줄과 열을 밝힌 오류입니다(종료 코드 65).
        """,
        .orderFileArgument: "넣은 주문의 번호, 또는 저장한 주문서(juice order --format json의 출력).",
        .arrivedArgument: "실제로 들어온 과일 수: 과일=N.",
        .placeFlag: "주문을 넣은 것으로 기록에 남깁니다(입고될 때까지 주문 중).",
        .cancelOption: "이 번호의 넣은 주문을 거둡니다.",
        .ordersAbstract: "넣었지만 아직 입고되지 않은 주문.",
        .ordersDiscussion: """
        juice order --place가 기록한 주문 가운데 입고되지도, juice receive --cancel로 \
        거두어지지도 않은 것: 번호, 주문 시각, 줄, 개수와 비용. 주문 중인 양은 juice order가 \
        셈에 넣습니다. 아무것도 바꾸지 않습니다.
        """,
        .schemaAbstract: "메뉴, 재고 파일, 매장 목록의 JSON Schema를 출력합니다.",
        .schemaDiscussion: """
        편집기의 YAML 언어 서버가 입력하는 동안 파일을 검사하고, 키를 완성하고, 키마다 뜻을 \
        보여 주는 데 쓰는 JSON Schema(draft 2020-12)입니다. 스키마로 나타낼 수 있는 형식의 \
        규칙은 모두 들어 있고, `juice validate`만 검사하는 것(레시피가 쓰는 과일, `extends`, \
        쓰이지 않는 과일)은 설명에 적혀 있습니다. 저장소의 schemas/에 들어 있습니다. \
        스키마는 언어와 상관없이 영어입니다.
        """,
        .schemaKindArgument: "파일 종류.",
        .initAbstract: "이 폴더에 가게(또는 체인)를 만듭니다: 처음 메뉴와 스키마, 재고 폴더, 깃 무시 목록.",
        .initDiscussion: """
        recipes/menu.yaml(스키마 모드라인이 붙은 처음 메뉴), schemas/(모드라인이 가리키는 \
        JSON Schema), state/.gitkeep(git은 빈 폴더를 남기지 않습니다), 재고 파일의 잠금과 \
        임시 파일을 뺀 .gitignore를 씁니다. --chain이면 recipes/stores.yaml과, 메뉴를 \
        확장하는 매장 메뉴 두 개를 recipes/stores/에 더 씁니다. 아무것도 덮어쓰지 않습니다: \
        만들 파일이 이미 있으면 아무것도 쓰지 않습니다(종료 코드 73, 그 파일을 알려 줌). \
        .gitignore만은 예외로, 없는 줄만 더합니다.
        """,
        .initChainFlag: "체인도 만듭니다: 매장 목록과 매장 메뉴 두 개.",
    ]
}
