import Foundation
import JuiceMaker

/// The JSON of `juice report --stores FILE --format json`, written store by
/// store as the chain's stores are read: `{"diagnostics": [...], "stores":
/// [...]}`, each store's report (an invalid store's empty) and the
/// manifest's own diagnostics. The server's `GET /api/chain` writes the
/// same, each store with when it last synced.
package struct ChainReportJSONWriter: Sendable {
    /// The stores' work and its hand-over in the manifest's order (see
    /// ``ChainBatch/forEachStore(languagesWanted:_:consume:)``).
    package typealias ForEachStore = (
        _ work: @escaping @Sendable (StoreSnapshot) -> ByteWriter,
        _ consume: (ChainBatch.Summary, ByteWriter) -> Void
    ) -> Void

    let language: String?
    /// When each store last synced, by name, for a `lastSynced` member in
    /// each store's object (`null` for a store not in it); `nil` for no
    /// such member (the command line's report).
    let lastSynced: [String: Date]?

    package init(language: String?, lastSynced: [String: Date]? = nil) {
        self.language = language
        self.lastSynced = lastSynced
    }

    /// Writes the chain's report: each store's part made by `forEachStore`'s
    /// work, on any thread, and written in turn.
    package func write(
        manifestDiagnostics: [Diagnostic], stores: [StoresManifest.Entry], to out: ByteWriter,
        forEachStore: ForEachStore
    ) {
        let writers = MenuValueCache<ReportJSONWriter>(stores: stores)
        let this = self
        let work: @Sendable (StoreSnapshot) -> ByteWriter = { snapshot in
            var report: (writer: ReportJSONWriter, stock: ReportedStock)?
            if let menu = snapshot.menu, let inventory = snapshot.inventory {
                // A menu one store uses takes what it can from the chain
                // menu's; one several stores use is rendered once.
                let writer = writers.value(for: snapshot.store) { users, chainWriter in
                    let parts: ReportJSONWriter.Parts =
                        users > 1 ? .rendered : chainWriter.map { .sharing(with: $0) } ?? .none
                    return ReportJSONWriter(menu: menu, language: this.language, level: 4, parts: parts)
                }
                report = (writer, ReportedStock(inventory, in: menu, today: snapshot.today()))
            }
            defer { writers.done(with: snapshot.store) }
            return this.storePart(snapshot.store.name, report: report, diagnostics: snapshot.diagnostics)
        }
        var document = ChainJSONDocument(
            manifestDiagnostics: manifestDiagnostics, catalogue: Catalogue(language), to: out)
        forEachStore(work) { _, part in document.add(part) }
        document.end()
    }

    /// Writes a chain of one store, `name`, and its report of `inventory`
    /// against `menu` on `today`, its business day: what a server of one
    /// store without a manifest answers.
    package func write(
        store name: String, menu: Menu, inventory: Inventory, today: CalendarDate?, diagnostics: [Diagnostic],
        to out: ByteWriter
    ) {
        let writer = ReportJSONWriter(menu: menu, language: language, level: 4, parts: .none)
        let stock = ReportedStock(inventory, in: menu, today: today)
        let part = storePart(name, report: (writer, stock), diagnostics: diagnostics)
        var document = ChainJSONDocument(manifestDiagnostics: [], catalogue: Catalogue(language), to: out)
        document.add(part)
        document.end()
    }

    /// One store's object: its report (empty without one), its
    /// `lastSynced` when asked for, and its name.
    private func storePart(
        _ name: String, report: (writer: ReportJSONWriter, stock: ReportedStock)?, diagnostics: [Diagnostic]
    ) -> ByteWriter {
        // A store of the benchmarks' chain writes about 180 KB.
        let part = ByteWriter(reserving: 1 << 18)
        part.writeIndent(2)
        part.write(byte: UInt8(ascii: "{"))
        ReportJSONWriter.writeMembers(
            diagnostics: diagnostics, report: report, level: 3, catalogue: Catalogue(language), to: part)
        if let lastSynced {
            part.writeJSONKey("lastSynced", level: 3)
            if let time = lastSynced[name] {
                part.writeJSONString(Self.time(time))
            } else {
                part.write("null")
            }
        }
        part.writeJSONKey("store", level: 3)
        part.writeJSONString(name)
        part.write(byte: UInt8(ascii: "\n"))
        part.writeIndent(2)
        part.write(byte: UInt8(ascii: "}"))
        return part
    }

    /// `date` as an RFC 3339 time in UTC, to the second: `2026-11-27T15:04:05Z`.
    static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
