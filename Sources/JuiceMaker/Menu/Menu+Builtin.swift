extension Menu {
    /// The text of the built-in menu: the original Juice Maker's, identical to
    /// `recipes/menu.yaml` in the repository (a test checks it).
    static let builtinSource = #"""
        # The menu of the original Juice Maker: five fruits, ten of each, seven juices.
        # Edit it freely: `juice` reads it from here when run in this folder.
        fruits:
          strawberry: { name: { en: Strawberry, ko: 딸기 }, stock: 10 }
          banana:     { name: { en: Banana, ko: 바나나 }, stock: 10 }
          pineapple:  { name: { en: Pineapple, ko: 파인애플 }, stock: 10 }
          kiwi:       { name: { en: Kiwi, ko: 키위 }, stock: 10 }
          mango:      { name: { en: Mango, ko: 망고 }, stock: 10 }

        recipes:
          strawberry:
            name: { en: Strawberry Juice, ko: 딸기쥬스 }
            uses: { strawberry: 16 }
          banana:
            name: { en: Banana Juice, ko: 바나나쥬스 }
            uses: { banana: 2 }
          kiwi:
            name: { en: Kiwi Juice, ko: 키위쥬스 }
            uses: { kiwi: 3 }
          pineapple:
            name: { en: Pineapple Juice, ko: 파인애플쥬스 }
            uses: { pineapple: 2 }
          strawberryBanana:
            name: { en: Strawberry Banana Juice, ko: 딸바쥬스 }
            uses: { strawberry: 10, banana: 1 }
          mango:
            name: { en: Mango Juice, ko: 망고쥬스 }
            uses: { mango: 3 }
          mangoKiwi:
            name: { en: Mango Kiwi Juice, ko: 망키쥬스 }
            uses: { mango: 2, kiwi: 1 }

        """#

    /// The path diagnostics of the built-in menu name.
    public static let builtinPath = "<built-in menu>"

    /// The original Juice Maker's menu: five fruits, ten of each, seven juices.
    public static let builtin: Menu = {
        guard let menu = MenuLoader().load(text: builtinSource, assumingPath: builtinPath).value else {
            preconditionFailure("the built-in menu is invalid; the tests check that it loads")
        }
        return menu
    }()
}
