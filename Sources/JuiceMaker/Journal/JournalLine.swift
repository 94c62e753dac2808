/// Reads one line of a journal into a ``JournalEntry``, or says what is
/// wrong with it at its line and column.
struct JournalLine {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let number: Int

    /// What a line holds: an entry, or the first problem found in it.
    enum Outcome {
        /// An entry, and the byte offset of its id's value.
        case entry(JournalEntry, idOffset: Int)
        case problem(Diagnostic)
    }

    /// What a line of the journal is, as every reading checks it.
    enum Checked {
        /// The last line, without its line feed: a writer stopped midway
        /// (a warning; the line is skipped).
        case unfinished(Diagnostic)
        /// A line longer than ``Journal/maximumLineBytes`` (an error).
        case tooLong(Diagnostic)
        /// A line that is not an entry (an error).
        case problem(Diagnostic)
        /// An entry, and the byte offset of its id's value.
        case entry(JournalEntry, idOffset: Int)
    }

    /// Line `number` of `file` (at most ``Journal/maximumLineBytes`` + 1
    /// of its bytes, enough to know it is too long), checked: finished,
    /// not too long, an entry.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, isFinished: Bool, file: String, number: Int) -> Checked {
        let start = SourceLocation(file: file, line: number, column: 1)
        guard isFinished else { return .unfinished(.warning(.syntax, Message(.unfinishedLine), at: start)) }
        guard bytes.count <= Journal.maximumLineBytes else {
            return .tooLong(.error(.limit, Message(.lineTooLong, "\(Journal.maximumLineBytes)"), at: start))
        }
        switch JournalLine(bytes: bytes, file: file, number: number).entry() {
        case .problem(let diagnostic): return .problem(diagnostic)
        case .entry(let entry, let idOffset): return .entry(entry, idOffset: idOffset)
        }
    }

    /// The entry the line holds, or the first problem found in it.
    func entry() -> Outcome {
        let value: JSONValue
        do {
            value = try JSONLineParser.parse(bytes)
        } catch {
            return .problem(.error(.syntax, error.message, at: location(error.offset)))
        }
        guard case .object(let members) = value.kind else {
            return .problem(
                .error(.typeMismatch, Message(.entryMustBeObject, .message(value.kindMessage)), at: location(0)))
        }
        var fields: [String: (keyOffset: Int, value: JSONValue)] = [:]
        for member in members {
            guard fields[member.key] == nil else {
                return .problem(
                    .error(.duplicateKey, Message(.duplicateKey, "\(member.key)"), at: location(member.keyOffset)))
            }
            guard Self.keys.contains(member.key) || Schema.isExtensionKey(member.key) else {
                let suggestion = Suggestion.clause(for: member.key, among: Self.keys)
                return .problem(
                    .error(
                        .unknownKey, Message(.unknownKey, "\(member.key)", .message(Message(.anEntry)), suggestion),
                        at: location(member.keyOffset)))
            }
            fields[member.key] = (member.keyOffset, member.value)
        }
        do {
            return .entry(try entry(from: fields), idOffset: fields["id"]?.value.offset ?? 0)
        } catch {
            return .problem(error.diagnostic)
        }
    }

    /// The keys an entry may have.
    static let keys = [
        "id", "time", "kind", "changes", "orders", "reason", "undoes", "key", "counted", "lines", "cancels", "order",
        "orderHash", "recorded", "short", "usedBeforeCount", "lots",
    ]

    private struct Problem: Error {
        var diagnostic: Diagnostic
    }

    private func entry(from fields: [String: (keyOffset: Int, value: JSONValue)]) throws(Problem) -> JournalEntry {
        func required(_ key: String) throws(Problem) -> JSONValue {
            guard let field = fields[key] else {
                throw Problem(diagnostic: .error(.missingKey, Message(.entryWithout, "\(key)"), at: location(0)))
            }
            return field.value
        }
        let id = try integer(try required("id"), in: 1...Int.max, for: "id")
        let time = try self.time(try required("time"), else: Message(.entryTime))
        let kindValue = try required("kind")
        guard case .string(let kindText) = kindValue.kind, let kind = JournalEntry.Kind(rawValue: kindText) else {
            throw Problem(
                diagnostic: .error(
                    .typeMismatch,
                    Message(.entryKind, "\(JournalEntry.Kind.allCases.map(\.rawValue).joined(separator: ", "))"),
                    at: location(kindValue.offset)))
        }
        let limit = Schema.maximumCount
        let changes = try counts(try required("changes"), in: -limit...limit, for: "changes")
        var entry = JournalEntry(id: id, time: time, kind: kind, changes: changes)
        switch kind {
        case .make:
            entry.orders = try counts(try required("orders"), in: 1...limit, for: "orders")
            if let reasonValue = fields["reason"]?.value {
                guard case .string(JournalEntry.saleReason) = reasonValue.kind else {
                    throw Problem(
                        diagnostic: .error(
                            .typeMismatch, Message(.entryReason, "\(JournalEntry.saleReason)"),
                            at: location(reasonValue.offset)))
                }
                entry.isSale = true
            }
        case .adjust:
            let reasonValue = try required("reason")
            guard case .string(let text) = reasonValue.kind, let reason = JournalEntry.Reason(rawValue: text) else {
                throw Problem(
                    diagnostic: .error(
                        .typeMismatch,
                        Message(
                            .entryReason, "\(JournalEntry.Reason.allCases.map(\.rawValue).joined(separator: ", "))"),
                        at: location(reasonValue.offset)))
            }
            entry.reason = reason
        case .undo:
            entry.undoes = try integer(try required("undoes"), in: 1...max(1, id - 1), for: "undoes")
        case .edit:
            break
        case .order:
            if let changesValue = fields["changes"]?.value, !changes.isEmpty {
                throw Problem(
                    diagnostic: .error(
                        .invalidQuantity, Message(.orderChangesNothing), at: location(changesValue.offset)))
            }
            if let cancelsValue = fields["cancels"]?.value {
                entry.cancels = try integer(cancelsValue, in: 1...max(1, id - 1), for: "cancels")
                if let field = fields["lines"] {
                    throw Problem(
                        diagnostic: .error(
                            .unknownKey, Message(.entryKeyNotIn, "lines", .message(Message(.orderCancelWord))),
                            at: location(field.keyOffset)))
                }
            } else {
                entry.lines = try orderLines(try required("lines"))
            }
        }
        if kind != .order { try refuse(["lines", "cancels"], in: fields, for: Message(.orderWord)) }
        if kind != .adjust || entry.reason != .delivery {
            try refuse(["order", "orderHash"], in: fields, for: Message(.deliveryWord))
        }
        if let orderValue = fields["order"]?.value {
            entry.order = try integer(orderValue, in: 1...max(1, id - 1), for: "order")
        }
        if let hashValue = fields["orderHash"]?.value {
            guard case .string(let text) = hashValue.kind, OrderBook.isHash(text) else {
                throw Problem(
                    diagnostic: .error(.typeMismatch, Message(.entryOrderHash), at: location(hashValue.offset)))
            }
            entry.orderHash = text
        }
        if let keyValue = fields["key"]?.value {
            guard case .string(let text) = keyValue.kind, let key = IdempotencyKey(text) ?? IdempotencyKey(ticket: text)
            else {
                throw Problem(
                    diagnostic: .error(.typeMismatch, Message(.entryIdempotencyKey), at: location(keyValue.offset)))
            }
            entry.key = key
        }
        if let countedValue = fields["counted"]?.value {
            entry.counted = try counts(countedValue, in: 0...limit, for: "counted")
        }
        if !entry.isSale {
            try refuse(["recorded", "short", "usedBeforeCount"], in: fields, for: Message(.saleWord))
        }
        if let recordedValue = fields["recorded"]?.value {
            entry.recorded = try self.time(recordedValue, else: Message(.entryRecorded))
        }
        if let shortValue = fields["short"]?.value {
            entry.short = try counts(shortValue, in: 1...limit, for: "short")
        }
        if let usedValue = fields["usedBeforeCount"]?.value {
            entry.usedBeforeCount = try counts(usedValue, in: 1...limit, for: "usedBeforeCount")
        }
        if let lotsValue = fields["lots"]?.value {
            entry.lots = try lots(lotsValue, changes: changes)
        }
        return entry
    }

    /// An entry's `lots`: fruit id to a list of `{"bestBefore", "change"}`,
    /// `bestBefore` a date `YYYY-MM-DD` or `null`; a fruit's lot changes
    /// add up to its change in `changes` (0 when it has none there), or
    /// undo and replay would take one and write the other.
    private func lots(
        _ value: JSONValue, changes fruitChanges: [String: Int]
    ) throws(Problem) -> [String: [JournalEntry.LotChange]] {
        func mismatch(_ name: String, _ value: JSONValue) -> Problem {
            Problem(
                diagnostic: .error(
                    .typeMismatch, Message(.entryLots, "\(name)", .message(value.kindMessage)),
                    at: location(value.offset)))
        }
        guard case .object(let members) = value.kind else { throw mismatch("lots", value) }
        var lots: [String: [JournalEntry.LotChange]] = [:]
        let limit = Schema.maximumCount
        for member in members {
            guard Schema.isValidID(member.key), lots[member.key] == nil,
                case .array(let items) = member.value.kind
            else { throw mismatch("lots.\(member.key)", member.value) }
            var changes: [JournalEntry.LotChange] = []
            for (index, item) in items.enumerated() {
                let name = "lots.\(member.key)[\(index)]"
                guard case .object(let fields) = item.kind, fields.count == 2,
                    let dateValue = fields.first(where: { $0.key == "bestBefore" })?.value,
                    let changeValue = fields.first(where: { $0.key == "change" })?.value
                else { throw mismatch(name, item) }
                var bestBefore: CalendarDate?
                switch dateValue.kind {
                case .null: bestBefore = nil
                case .string(let text):
                    // Said as `adjust kiwi=+3@2026-02-30` says it, at the string.
                    guard let date = CalendarDate(parsing: text) else {
                        throw Problem(
                            diagnostic: .error(
                                .invalidDate,
                                Message(.entryLotsBestBefore, "\(NodeReader.abbreviated(text))", "\(name)"),
                                at: location(dateValue.offset)))
                    }
                    bestBefore = date
                default: throw mismatch(name, dateValue)
                }
                changes.append(
                    JournalEntry.LotChange(
                        bestBefore: bestBefore, change: try integer(changeValue, in: -limit...limit, for: name)))
            }
            let sum = changes.reduce(0) { $0 + $1.change }
            let change = fruitChanges[member.key] ?? 0
            guard sum == change else {
                throw Problem(
                    diagnostic: .error(
                        .invalidQuantity, Message(.entryLotsDisagree, "\(member.key)", "\(sum)", "\(change)"),
                        at: location(member.value.offset)))
            }
            lots[member.key] = changes
        }
        return lots
    }

    /// The RFC 3339 time (a date alone is none) `value` holds, or the
    /// error `message` at it.
    private func time(_ value: JSONValue, else message: Message) throws(Problem) -> JournalTime {
        guard case .string(let text) = value.kind, let time = JournalTime(parsing: text), text.utf8.count > 10 else {
            throw Problem(diagnostic: .error(.typeMismatch, message, at: location(value.offset)))
        }
        return time
    }

    /// An error at the first of `keys` that `fields` has: they belong
    /// only in an entry of `owner`.
    private func refuse(
        _ keys: [String], in fields: [String: (keyOffset: Int, value: JSONValue)], for owner: Message
    ) throws(Problem) {
        for key in keys {
            if let field = fields[key] {
                throw Problem(
                    diagnostic: .error(
                        .unknownKey, Message(.entryKeyOnlyFor, "\(key)", .message(owner)), at: location(field.keyOffset)
                    ))
            }
        }
    }

    /// The `lines` of a placed order: each `{"supplier", "fruit", "units",
    /// "packs", "cost"}`, supplier and cost `null` when there is none.
    private func orderLines(_ value: JSONValue) throws(Problem) -> [JournalEntry.OrderLine] {
        guard case .array(let items) = value.kind else {
            throw Problem(
                diagnostic: .error(
                    .typeMismatch, Message(.entryLines, "lines", .message(value.kindMessage)),
                    at: location(value.offset)))
        }
        guard !items.isEmpty else {
            throw Problem(
                diagnostic: .error(.invalidQuantity, Message(.orderWithoutLines), at: location(value.offset)))
        }
        var lines: [JournalEntry.OrderLine] = []
        for (index, item) in items.enumerated() {
            let name = "lines[\(index)]"
            guard case .object(let members) = item.kind else {
                throw Problem(
                    diagnostic: .error(
                        .typeMismatch, Message(.entryLines, "\(name)", .message(item.kindMessage)),
                        at: location(item.offset)))
            }
            var fields: [String: JSONValue] = [:]
            for member in members {
                let known = ["supplier", "fruit", "units", "packs", "cost"]
                guard known.contains(member.key), fields[member.key] == nil else {
                    throw Problem(
                        diagnostic: .error(
                            .unknownKey,
                            Message(
                                .unknownKey, "\(member.key)", .message(Message(.keyNamed, "\(name)")),
                                Suggestion.clause(for: member.key, among: known)),
                            at: location(member.keyOffset)))
                }
                fields[member.key] = member.value
            }
            func field(_ key: String) throws(Problem) -> JSONValue {
                guard let value = fields[key] else {
                    throw Problem(
                        diagnostic: .error(
                            .missingKey, Message(.entryWithout, "\(name).\(key)"), at: location(item.offset)))
                }
                return value
            }
            let fruit = try identifier(try field("fruit"), named: "\(name).fruit", nullable: false)
            let supplier = try identifier(try field("supplier"), named: "\(name).supplier", nullable: true)
            let limit = Schema.maximumCount
            let units = try integer(try field("units"), in: 1...limit, for: "\(name).units")
            let packs = try integer(try field("packs"), in: 1...limit, for: "\(name).packs")
            let costValue = try field("cost")
            var cost: Int?
            if case .null = costValue.kind {
                cost = nil
            } else {
                cost = try integer(costValue, in: 0...Int.max, for: "\(name).cost")
            }
            lines.append(
                JournalEntry.OrderLine(supplier: supplier, fruit: fruit!, units: units, packs: packs, cost: cost))
        }
        return lines
    }

    /// An id at `value` (a string that is a valid id), or `nil` for a
    /// `null` that is `nullable`.
    private func identifier(_ value: JSONValue, named name: String, nullable: Bool) throws(Problem) -> String? {
        switch value.kind {
        case .null where nullable: return nil
        case .string(let text):
            guard Schema.isValidID(text) else {
                throw Problem(
                    diagnostic: .error(
                        .invalidID,
                        Message(
                            .invalidID, .message(Message(.keyNamed, "\(name)")), "\(text)", .message(Message(.idRule))),
                        at: location(value.offset)))
            }
            return text
        default:
            throw Problem(
                diagnostic: .error(
                    .typeMismatch, Message(.entryLines, "\(name)", .message(value.kindMessage)),
                    at: location(value.offset)))
        }
    }

    private func integer(_ value: JSONValue, in range: ClosedRange<Int>, for key: String) throws(Problem) -> Int {
        guard case .number(let text) = value.kind, let number = Int(text), range.contains(number) else {
            throw Problem(
                diagnostic: .error(
                    .invalidQuantity, Message(.entryNumber, "\(key)", "\(range.lowerBound)", "\(range.upperBound)"),
                    at: location(value.offset)))
        }
        return number
    }

    private func counts(_ value: JSONValue, in range: ClosedRange<Int>, for key: String) throws(Problem)
        -> [String: Int]
    {
        guard case .object(let members) = value.kind else {
            throw Problem(
                diagnostic: .error(
                    .typeMismatch, Message(.entryCounts, "\(key)", .message(value.kindMessage)),
                    at: location(value.offset)))
        }
        var counts: [String: Int] = [:]
        for member in members {
            guard Schema.isValidID(member.key) else {
                throw Problem(
                    diagnostic: .error(
                        .invalidID,
                        Message(
                            .invalidID, .message(Message(.entryKey, "\(key)")), "\(member.key)",
                            .message(Message(.idRule))),
                        at: location(member.keyOffset)))
            }
            guard counts[member.key] == nil else {
                throw Problem(
                    diagnostic: .error(
                        .duplicateKey, Message(.duplicateKey, "\(member.key)"), at: location(member.keyOffset)))
            }
            counts[member.key] = try integer(member.value, in: range, for: "\(key).\(member.key)")
        }
        return counts
    }

    /// The place of a byte of the line: columns count Unicode scalars.
    func location(_ offset: Int) -> SourceLocation {
        let end = min(offset, bytes.count)
        let column = bytes[..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceLocation(file: file, line: number, column: column)
    }
}
