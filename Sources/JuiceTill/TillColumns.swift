/// Where each field a format reads stands in an export's header row.
/// Headers are matched without regard to case or surrounding spaces.
package struct TillColumns: Sendable {
    /// What a column holds; its raw value is its place in ``positions``.
    package enum Role: Int, Sendable, Hashable, CaseIterable {
        case date, time, timeZone, dateTime, item, quantity, size, modifiers, ticket, event, void, location
        /// Toast's `Item Selection Id`, joining a modifier to its line.
        case selection
        /// A modifier's name, in Toast's modifiers file.
        case modifier
    }

    /// The files a format reads: Toast's modifiers file has columns of its own.
    package enum File: Sendable {
        case sales(TillFormat)
        case toastModifiers
    }

    /// The header as written.
    package let names: [String]
    /// Each role's field (0-based) in the header, by the role's raw value;
    /// `nil` when the header has no column for it. An array, not a
    /// dictionary: several fields of each of a million rows are looked up.
    private let positions: [Int?]
    /// The header's fields (0-based, ascending) a row is read for: those
    /// of the roles found; `nil` for every field (a generic export without
    /// a ticket column, whose rows are their own keys). Rows are to be read
    /// so (``TillRows/readOnly(fields:)``).
    package let read: [Int]?
    /// Each role's field in a row as read (``read``).
    private let positionsRead: [Int?]

    /// The columns of `file` in `header` (read on `line`); `renamed` gives
    /// other header names for roles (`--columns time=Date`).
    ///
    /// - Throws: ``TillRowError/Problem/missingColumn`` naming the first
    ///   column the file needs and the header lacks.
    package init(header: [String], of file: File, renamed: [Role: String] = [:], line: Int) throws(TillRowError) {
        names = header
        let keys = header.map(Self.key)
        var index: [Role: Int] = [:]
        let (wanted, required) = Self.columns(of: file)
        for (role, candidates) in wanted {
            let names = renamed[role].map { [$0] } ?? candidates
            if let found = names.lazy.compactMap({ keys.firstIndex(of: Self.key($0)) }).first { index[role] = found }
        }
        for role in required where index[role] == nil {
            throw TillRowError(
                line: line, field: 0, column: renamed[role] ?? wanted.first { $0.0 == role }?.1.first,
                problem: .missingColumn)
        }
        positions = Role.allCases.map { index[$0] }
        if case .sales(.csv) = file, index[.ticket] == nil {
            read = nil
            positionsRead = positions
        } else {
            let read = Set(index.values).sorted()
            self.read = read
            positionsRead = positions.map { $0.flatMap(read.firstIndex) }
        }
    }

    /// A header name as it is compared.
    static func key(_ name: String) -> String {
        name.trimmingWhitespace.lowercased()
    }

    /// Whether the header has a column for `role`.
    package func has(_ role: Role) -> Bool { positions[role.rawValue] != nil }

    /// A pair of `--columns` that is not `COLUMN=HEADER` with a column of
    /// ``csvRoles``.
    package struct NotAColumn: Error {
        /// The pair as given.
        package var pair: String
        /// The columns there are, for the message.
        package var columns: String { csvRoles.map(\.name).joined(separator: ", ") }
    }

    /// `--columns` (`time=Date,item=Product`), the `columns` of the
    /// counter's import: each column and the header that holds it.
    package static func renamed(parsing text: String) throws(NotAColumn) -> [Role: String] {
        var renamed: [Role: String] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty, let role = csvRoles.first(where: { $0.name == parts[0] })?.role
            else { throw NotAColumn(pair: String(pair)) }
            renamed[role] = parts[1]
        }
        return renamed
    }

    /// The generic format's columns by their own names, which `--columns`
    /// gives other headers (`time=Date`).
    package static let csvRoles: [(name: String, role: Role)] = [
        ("time", .dateTime), ("item", .item), ("quantity", .quantity), ("ticket", .ticket), ("modifiers", .modifiers),
        ("void", .void), ("size", .size), ("location", .location),
    ]

    /// The field of `role` in `row` (read on `line`); `nil` when the header
    /// has no such column.
    ///
    /// - Throws: ``TillRowError/Problem/missingField`` when the row stops
    ///   before it.
    package func field(_ role: Role, of row: [String], line: Int) throws(TillRowError) -> String? {
        guard let at = positionsRead[role.rawValue] else { return nil }
        guard at < row.count else { throw problem(.missingField, role, line: line) }
        return row[at]
    }

    /// The next row of `read`, its error (a row that cannot be cut, which
    /// knows its field's place only) naming the field's column.
    package func naming<Row>(_ read: () throws(TillRowError) -> Row) throws(TillRowError) -> Row {
        do {
            return try read()
        } catch {
            var named = error
            if named.column == nil, names.indices.contains(error.field - 1) { named.column = names[error.field - 1] }
            throw named
        }
    }

    /// The most characters of a field's text a problem quotes.
    static let shownValueLength = 40

    /// A problem with the field of `role` on `line`, whose text is `value`
    /// when the problem is what it says.
    package func problem(_ problem: TillRowError.Problem, _ role: Role, line: Int, value: String? = nil)
        -> TillRowError
    {
        let (field, column) = self.field(of: role)
        // A field of a file that is no export may be long: its start is enough.
        let shown = value.map { $0.count > Self.shownValueLength ? $0.prefix(Self.shownValueLength) + "…" : $0 }
        return TillRowError(line: line, field: field, column: column, problem: problem, value: shown)
    }

    /// The field of `role` (1-based; 0 when the header has none) and its
    /// header's name, when known.
    package func field(of role: Role) -> (number: Int, name: String?) {
        let at = positions[role.rawValue] ?? -1
        return (at + 1, names.indices.contains(at) ? names[at] : nil)
    }

    /// Each role's header names in `file`, in the order they are looked
    /// for, and the roles it needs.
    private static func columns(of file: File) -> ([(Role, [String])], [Role]) {
        switch file {
        case .sales(.square):
            return (
                [
                    (.date, ["Date"]), (.time, ["Time"]), (.timeZone, ["Time Zone"]), (.item, ["Item"]),
                    (.quantity, ["Qty"]), (.size, ["Price Point Name"]), (.modifiers, ["Modifiers Applied"]),
                    (.ticket, ["Transaction ID", "Payment ID"]), (.event, ["Event Type"]), (.location, ["Location"]),
                ], [.date, .time, .item, .quantity, .ticket]
            )
        case .sales(.toast):
            return (
                [
                    (.ticket, ["Order Id"]), (.dateTime, ["Order Date"]), (.item, ["Menu Item"]), (.quantity, ["Qty"]),
                    (.void, ["Void?"]), (.selection, ["Item Selection Id"]), (.location, ["Location"]),
                ], [.ticket, .dateTime, .item, .quantity]
            )
        case .sales(.csv):
            return (
                [
                    (.dateTime, ["time"]), (.item, ["item"]), (.quantity, ["quantity"]), (.ticket, ["ticket"]),
                    (.modifiers, ["modifiers"]), (.void, ["void"]), (.size, ["size"]), (.location, ["location"]),
                ], [.dateTime, .item, .quantity]
            )
        case .toastModifiers:
            return (
                [
                    (.selection, ["Item Selection Id"]), (.modifier, ["Modifier"]), (.quantity, ["Qty"]),
                    (.void, ["Void?"]),
                ],
                [.selection, .modifier, .quantity]
            )
        }
    }
}
