/// A fruit a menu declares.
public struct Fruit: Sendable, Hashable, Identifiable {
    /// The fruit's id, following ``Schema/isValidID(_:)``.
    public var id: String
    /// The display name, if the menu gives one.
    public var name: DisplayName?
    /// The stock a store starts with.
    public var initialStock: Int
    /// What one fruit costs, in the smallest unit of the currency (0 to
    /// ``Schema/maximumCount``), if the menu gives it.
    public var cost: Int?
    /// Days from receipt to best-before (``Schema/shelfLifeRange``), if
    /// the fruit spoils: a delivery adds a lot dated that many days after
    /// the business day.
    public var shelfLife: Int?
    /// How the fruit is ordered, held apart: a menu that orders nothing
    /// pays one pointer per fruit for it.
    private var storedSupply: Boxed?

    /// A fruit with an id, an optional display name, an initial stock, an
    /// optional cost, how it is ordered, if it is, and its shelf life, if
    /// it spoils.
    public init(
        id: String, name: DisplayName? = nil, initialStock: Int = 0, cost: Int? = nil, supply: FruitSupply? = nil,
        shelfLife: Int? = nil
    ) {
        self.shelfLife = shelfLife
        self.id = id
        self.name = name
        self.initialStock = initialStock
        self.cost = cost
        self.supply = supply
    }

    /// How the fruit is ordered (`par`, `reorder`, `pack`, `supplier`), if
    /// the menu gives any of it.
    public var supply: FruitSupply? {
        get {
            guard case .supply(let supply)? = storedSupply else { return nil }
            return supply
        }
        set { storedSupply = newValue.map(Boxed.supply) }
    }

    /// The name to show for `language`, falling back to English, the first
    /// name given and finally the id.
    public func displayName(for language: String?) -> String {
        name?.text(for: language) ?? id
    }

    /// A fruit's supply behind a pointer.
    private indirect enum Boxed: Sendable, Hashable {
        case supply(FruitSupply)
    }
}
