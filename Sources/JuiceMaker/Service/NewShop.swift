/// A shop, or a chain, from nothing: the files `juice init` writes, each
/// with its path from the shop's folder.
///
/// A shop has the original menu (`recipes/menu.yaml`, with the schema
/// modeline), the schemas the modelines name (`schemas/`), a `state/`
/// folder that git keeps (`state/.gitkeep`) and a `.gitignore` for locks and
/// temporary files; a chain adds a manifest of two stores and their menus.
///
/// ```swift
/// let created = try StoreService(environment: [:]).create(NewShop(chain: true), in: ".")
/// ```
public struct NewShop: Sendable, Hashable {
    /// One file to create.
    public struct File: Sendable, Hashable {
        /// Its path from the shop's folder.
        public var path: String
        /// What it holds.
        public var text: String
    }

    /// The files, in the order they are written; `.gitignore` is not one
    /// of them (see ``ignoredLines``).
    public var files: [File]

    /// The lines the shop's `.gitignore` holds: the inventories' locks and
    /// the temporary files of an atomic write (`.j`, eight hex digits, `.`,
    /// six characters).
    public static let ignoredLines = ["*.lock", ".j????????.??????"]

    /// A shop's files, with a chain's when `chain`.
    public init(chain: Bool) {
        files = [
            File(path: StoreService.defaultMenuPath, text: Self.modeline("..") + Menu.builtinSource),
            File(path: "schemas/menu.schema.json", text: FileSchema.menu.text),
            File(path: "schemas/inventory.schema.json", text: FileSchema.inventory.text),
            File(path: "schemas/stores.schema.json", text: FileSchema.stores.text),
            File(path: "schemas/sales.schema.json", text: FileSchema.sales.text),
            File(path: "state/.gitkeep", text: ""),
        ]
        guard chain else { return }
        files += [
            File(path: StoreService.defaultManifestPath, text: Self.manifest),
            File(path: "recipes/stores/gangnam.yaml", text: Self.modeline("../..") + Self.gangnam),
            File(path: "recipes/stores/hongdae.yaml", text: Self.modeline("../..") + Self.hongdae),
        ]
    }

    /// The menu schema's modeline for a menu whose folder reaches the shop's
    /// folder by `up`.
    private static func modeline(_ up: String) -> String {
        "# yaml-language-server: $schema=\(up)/schemas/menu.schema.json\n"
    }

    private static let manifest = """
        # yaml-language-server: $schema=../schemas/stores.schema.json
        # The chain's stores: each one's menu and inventory, relative to this folder.
        # A store's inventory starts at its menu's initial stock until juice writes it.
        stores:
          gangnam: { menu: stores/gangnam.yaml, inventory: ../state/gangnam.yaml }
          hongdae: { menu: stores/hongdae.yaml, inventory: ../state/hongdae.yaml }

        """

    private static let gangnam = """
        # Gangnam keeps the chain's menu but has no mangoes: it drops the mango juices.
        extends: ../menu.yaml
        fruits:
          mango: ~
        recipes:
          mango: ~
          mangoKiwi: ~

        """

    private static let hongdae = """
        # Hongdae adds a seasonal peach juice, with a fruit the chain does not stock.
        extends: ../menu.yaml
        fruits:
          peach: { name: { en: Peach, ko: 복숭아 }, stock: 12 }
        recipes:
          peach:
            name: { en: Peach Juice, ko: 복숭아쥬스 }
            uses: { peach: 3 }
          peachBanana:
            name: { en: Peach Banana Juice, ko: 복숭아바나나쥬스 }
            uses: { peach: 2, banana: 1 }

        """
}
