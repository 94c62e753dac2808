/// Reads the JSON of a saved order into a ``ReceivedOrder``, reporting each
/// thing that does not fit at its line and column.
struct ReceivedOrderReader {
    private let bytes: [UInt8]
    private let path: String
    private let menu: Menu
    private(set) var diagnostics: [Diagnostic] = []
    private var suggester: Suggester

    init(bytes: [UInt8], path: String, menu: Menu) {
        self.bytes = bytes
        self.path = path
        self.menu = menu
        suggester = Suggester { menu.fruits.map(\.id) }
    }

    /// The order, or `nil` with diagnostics.
    ///
    /// - Parameter store: the store whose part of a chain's order to read.
    mutating func read(store: String?) -> ReceivedOrder? {
        let root: JSONValue
        do {
            root = try bytes.withUnsafeBufferPointer { buffer throws(JSONLineParser.Failure) in
                try JSONLineParser.parse(buffer)
            }
        } catch {
            report(.syntax, Self.fileMessage(error.message), at: error.offset)
            return nil
        }
        guard let members = object(root, named: Message(.theOrder)) else { return nil }
        checkKeys(
            members,
            known: [
                "suppliers", "stores", "total", "safety", "withoutHistory", "heldAtMaximum", "diagnostics", "order",
            ],
            in: Message(.theOrder))
        var placed: Int?
        // A placed order's id, which makes it received once by id; `null`
        // (nothing was placed) or no key: a file received once by content.
        if let value = member("order", of: members) {
            switch value.kind {
            case .null:
                break
            case .number(let text):
                guard let id = Int(text), id > 0 else {
                    report(.typeMismatch, Message(.orderIDInvalid, "\(text)"), at: value.offset)
                    return nil
                }
                placed = id
            default:
                mismatch(value, named: "order", expected: Message(.anOrderID))
                return nil
            }
        }
        var suppliers = members.first { $0.key == "suppliers" }
        if suppliers == nil, let stores = members.first(where: { $0.key == "stores" }) {
            guard let part = storePart(stores, store: store) else { return nil }
            suppliers = part
        }
        guard let suppliers else {
            report(.missingKey, Message(.orderWithout, .message(Message(.theOrder)), "suppliers"), at: root.offset)
            return nil
        }
        var lines: [ReceivedOrder.Line] = []
        for (index, group) in (array(suppliers.value, named: "suppliers") ?? []).enumerated() {
            let name = "suppliers[\(index)]"
            guard let fields = object(group, named: Message(.keyNamed, "\(name)")) else { continue }
            checkKeys(
                fields, known: ["supplier", "name", "lines", "packs", "cost", "belowMinimum"],
                in: Message(.keyNamed, "\(name)"))
            guard let groupLines = member("lines", of: fields) else {
                report(
                    .missingKey, Message(.orderWithout, .message(Message(.keyNamed, "\(name)")), "lines"),
                    at: group.offset)
                continue
            }
            for (lineIndex, line) in (array(groupLines, named: "\(name).lines") ?? []).enumerated() {
                guard let (read, unitsOffset) = self.line(line, named: "\(name).lines[\(lineIndex)]") else { continue }
                guard let known = lines.firstIndex(where: { $0.fruit == read.fruit }) else {
                    lines.append(read)
                    continue
                }
                let total = lines[known].units + read.units
                guard Schema.stockRange.contains(total) else {
                    report(
                        .invalidQuantity,
                        Message(.orderUnitsTotal, "\(read.fruit)", "\(total)", "\(Schema.maximumCount)"),
                        at: unitsOffset)
                    continue
                }
                lines[known].units = total
            }
        }
        return ReceivedOrder(lines: lines, place: location(of: suppliers.keyOffset), placed: placed)
    }

    /// The `suppliers` of `store`'s part of a chain's order.
    ///
    /// - Parameter stores: the order's `stores` member: an error for want
    ///   of `store` is at its key.
    private mutating func storePart(
        _ stores: (key: String, keyOffset: Int, value: JSONValue), store: String?
    ) -> (key: String, keyOffset: Int, value: JSONValue)? {
        guard let store else {
            report(.typeMismatch, Message(.chainOrderNeedsStore), at: stores.keyOffset)
            return nil
        }
        var names: [String] = []
        for part in array(stores.value, named: "stores") ?? [] {
            guard case .object(let fields) = part.kind, let nameValue = member("store", of: fields),
                case .string(let name) = nameValue.kind
            else { continue }
            if name == store {
                guard let suppliers = fields.first(where: { $0.key == "suppliers" }) else {
                    report(.missingKey, Message(.orderWithout, "\(store)", "suppliers"), at: part.offset)
                    return nil
                }
                return suppliers
            }
            names.append(name)
        }
        report(
            .typeMismatch,
            Message(
                .storeNotInOrder, "\(store)", Suggestion.clause(for: store, among: names),
                "\(names.joined(separator: ", "))"),
            at: stores.value.offset)
        return nil
    }

    /// One line: its `fruit`, which the menu must have, and its `units`,
    /// with the offset of the units.
    private mutating func line(_ value: JSONValue, named name: String) -> (ReceivedOrder.Line, unitsOffset: Int)? {
        guard let fields = object(value, named: Message(.keyNamed, "\(name)")) else { return nil }
        checkKeys(
            fields, known: ["fruit", "units", "have", "onOrder", "par", "forecast", "cap", "capped", "packs", "cost"],
            in: Message(.keyNamed, "\(name)"))
        guard let fruitValue = member("fruit", of: fields), let unitsValue = member("units", of: fields) else {
            let missing = member("fruit", of: fields) == nil ? "fruit" : "units"
            report(
                .missingKey, Message(.orderWithout, .message(Message(.keyNamed, "\(name)")), "\(missing)"),
                at: value.offset)
            return nil
        }
        guard case .string(let fruit) = fruitValue.kind else {
            mismatch(fruitValue, named: "\(name).fruit", expected: Message(.aString))
            return nil
        }
        guard case .number(let text) = unitsValue.kind, let units = Schema.parseCount(text, in: Schema.stockRange)
        else {
            report(.invalidQuantity, Message(.orderUnits, "\(fruit)", "\(Schema.maximumCount)"), at: unitsValue.offset)
            return nil
        }
        guard menu.fruit(id: fruit) != nil else {
            report(
                .unknownFruit, Message(.unknownFruit, "\(fruit)", suggester.clause(for: fruit)), at: fruitValue.offset)
            return nil
        }
        return (ReceivedOrder.Line(fruit: fruit, units: units), unitsValue.offset)
    }

    /// An `unknown-key` error at each key of `members` that is none of
    /// `known` (a user's own `x-` key excepted), as in a menu: a key
    /// misspelt would otherwise be read as missing or pass unseen.
    private mutating func checkKeys(
        _ members: [(key: String, keyOffset: Int, value: JSONValue)], known: [String], in owner: Message
    ) {
        for member in members where !known.contains(member.key) {
            Schema.unknownKey(member.key, in: owner, known: known, at: location(of: member.keyOffset)).map {
                diagnostics.append($0)
            }
        }
    }

    private func member(_ key: String, of members: [(key: String, keyOffset: Int, value: JSONValue)]) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    private mutating func object(
        _ value: JSONValue, named name: Message
    ) -> [(key: String, keyOffset: Int, value: JSONValue)]? {
        if case .object(let members) = value.kind { return members }
        report(
            .typeMismatch,
            Message(.orderMustBe, .message(name), .message(Message(.anObject)), .message(value.kindMessage)),
            at: value.offset)
        return nil
    }

    private mutating func array(_ value: JSONValue, named name: String) -> [JSONValue]? {
        if case .array(let items) = value.kind { return items }
        mismatch(value, named: name, expected: Message(.anArray))
        return nil
    }

    private mutating func mismatch(_ value: JSONValue, named name: String, expected: Message) {
        report(
            .typeMismatch,
            Message(
                .orderMustBe, .message(Message(.keyNamed, "\(name)")), .message(expected), .message(value.kindMessage)),
            at: value.offset)
    }

    private mutating func report(_ code: DiagnosticCode, _ message: Message, at offset: Int) {
        diagnostics.append(.error(code, message, at: location(of: offset)))
    }

    /// The JSON parser's problems, said of a file rather than a journal's line.
    private static func fileMessage(_ message: Message) -> Message {
        switch message.key {
        case .jsonTrailing: Message(.jsonFileTrailing)
        case .jsonUnfinished: Message(.jsonFileUnfinished)
        case .jsonTooDeep: Message(.orderTooDeep)
        default: message
        }
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`;
    /// the end of the file is placed on its last line.
    private func location(of offset: Int) -> SourceLocation {
        var end = min(offset, bytes.count)
        if end == bytes.count, end > 0, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        var line = 1
        var column = 1
        for byte in bytes[..<end] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(file: path, line: line, column: column)
    }
}
