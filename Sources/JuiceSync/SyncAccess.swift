/// What a run does in the head office's database, and so the privileges
/// its role needs there: a shop's push writes, the head office's pull
/// (and `--central`'s copy) only reads.
public enum SyncAccess: Sendable, Hashable {
    /// `juice-sync push` and `juice-server --sync`.
    case push
    /// `juice-sync pull` and `juice-server --central`.
    case pull

    /// The privileges the role needs on each of juice-sync's tables.
    func privileges(on table: String) -> String {
        switch (self, table) {
        case (.push, "juice_stores"): "SELECT, INSERT, UPDATE"
        case (.push, "juice_entries"): "SELECT, INSERT"
        default: "SELECT"
        }
    }

    /// The `GRANT` that lets `role` do what the server refused with
    /// "permission denied for `kind` `name`" (PostgreSQL's words), for this
    /// access; `nil` for an object juice-sync does not know. While
    /// `migrating`, a schema refused is one the role may not create
    /// tables in.
    func grant(kind: String, name: String, role: String, migrating: Bool) -> String? {
        let role = Self.quoted(role)
        switch kind {
        case "table": return "GRANT \(privileges(on: name)) ON \(name) TO \(role)"
        case "schema": return "GRANT \(migrating ? "CREATE" : "USAGE") ON SCHEMA \(Self.quoted(name)) TO \(role)"
        case "database": return "GRANT CONNECT ON DATABASE \(Self.quoted(name)) TO \(role)"
        default: return nil
        }
    }

    /// `name` as an SQL identifier: as it is when it needs no quotes.
    static func quoted(_ name: String) -> String {
        let plain =
            name.first.map { $0 == "_" || ("a"..."z").contains($0) } == true
            && name.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        return plain ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
