/// A saved `juice order --format json`, read to book what it orders as one
/// delivery (`juice receive`): each fruit's `units`.
public struct ReceivedOrder: Sendable, Hashable {
    /// What a delivery receives: a placed order, or an order file never
    /// placed, known by the hash of its bytes.
    public enum Receipt: Sendable, Hashable {
        /// The order placed as journal entry `id`.
        case order(Int)
        /// An order file of this hash (see ``OrderBook/hash(of:)``).
        case file(hash: String)
    }

    /// A fruit and how many of it the order brings.
    public struct Line: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// How many fruits (not packs).
        public var units: Int
        /// The best-before the delivery gave (`FRUIT=N@YYYY-MM-DD`); `nil`:
        /// the business day plus the fruit's shelf life.
        public var bestBefore: CalendarDate?

        /// `units` of `fruit`, best before `bestBefore` if given.
        public init(fruit: String, units: Int, bestBefore: CalendarDate? = nil) {
            self.fruit = fruit
            self.units = units
            self.bestBefore = bestBefore
        }
    }

    /// Each fruit the order names, in its order; a fruit named twice (under
    /// two suppliers) once, its units added up.
    public var lines: [Line]
    /// Where the file's `suppliers` key is (the store's, in a chain's
    /// order): the place of an order that brings nothing.
    public var place: SourceLocation
    /// The id of the order placed, for a saved `juice order --place`: its
    /// delivery is received by that id.
    public var placed: Int?
    /// The hash of the file's bytes (see ``OrderBook/hash(of:)``): what a
    /// file never placed is received once by.
    public var hash = ""

    /// An order of `lines`, read at `place`.
    public init(lines: [Line], place: SourceLocation, placed: Int? = nil) {
        self.lines = lines
        self.place = place
        self.placed = placed
    }

    /// An error at ``place`` when no line brings a fruit (every line 0, or
    /// none at all): there is no delivery to book; `nil` otherwise.
    public var nothingToReceive: Diagnostic? {
        lines.contains { $0.units > 0 } ? nil : .error(.invalidQuantity, Message(.orderBringsNothing), at: place)
    }

    /// The largest order file read: far more than any order's JSON.
    static let maximumBytes = 64 << 20

    /// Reads the order saved at `path` against the store's `menu`.
    ///
    /// - Parameters:
    ///   - path: the order file.
    ///   - menu: the store's menu, whose fruits the order may name.
    ///   - store: the store whose part of a chain's order
    ///     (`juice order --stores`) to read; a chain's order without it is
    ///     an error.
    /// - Returns: the order, or the diagnostics (at `path:line:column`)
    ///   that keep it from being one: not JSON, not an order's shape, a
    ///   fruit the menu lacks.
    /// - Throws: ``FileError`` when the file cannot be read.
    public static func read(path: String, menu: Menu, store: String? = nil) throws(FileError) -> Loaded<ReceivedOrder> {
        switch try SourceFile.contents(of: path, limit: maximumBytes) {
        case .tooLarge(let size):
            let message = Message(.fileTooLarge, "\(size)", "\(maximumBytes)")
            return Loaded(value: nil, diagnostics: [.error(.limit, message, at: .start(of: path))])
        case .bytes(let bytes):
            return parse(bytes, path: path, menu: menu, store: store)
        }
    }

    /// Reads an order from its bytes, as if it were the file at `path`.
    package static func parse(_ bytes: [UInt8], path: String, menu: Menu, store: String? = nil) -> Loaded<ReceivedOrder>
    {
        var reader = ReceivedOrderReader(bytes: bytes, path: path, menu: menu)
        var order = reader.read(store: store)
        order?.hash = OrderBook.hash(of: bytes)
        return Loaded(value: reader.diagnostics.containsErrors ? nil : order, diagnostics: reader.diagnostics)
    }

    /// The stock changes that book the delivery: each line's units added,
    /// except where `arrived` says how many of a fruit really came (which
    /// may name a fruit the order lacks, after the order's); a fruit of
    /// which none came changes nothing.
    public func changes(arrived: [Line]) -> [StockChange] {
        var units = lines
        for arrival in arrived {
            if let index = units.firstIndex(where: { $0.fruit == arrival.fruit }) {
                units[index].units = arrival.units
                units[index].bestBefore = arrival.bestBefore
            } else {
                units.append(arrival)
            }
        }
        return units.filter { $0.units > 0 }.map {
            StockChange(
                fruit: $0.fruit, .add($0.units),
                destination: $0.bestBefore.map { .lot(bestBefore: $0) } ?? .earliestLot)
        }
    }
}
