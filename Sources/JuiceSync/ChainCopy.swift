import Foundation
import JuiceMaker
import JuiceWords
import PostgresNIO

/// The database's copy of a chain as files in a folder, which every `juice`
/// command reads as it reads a shop's: each store's inventory and journal
/// as the shop has them (`stores/NAME.yaml` and its journal), the menus of
/// the chain's manifest with what they extend (`menus/`), and a manifest
/// `stores.yaml` naming them.
///
/// Each ``pull()`` brings the copy up to the database: a store whose
/// shipped entry did not move is not written, one that moved has only its
/// new journal lines appended (each row checked, and the history hash they
/// reach compared with the database's), and one whose history disagrees
/// is written afresh, to a new journal renamed into place. A pull writes
/// only inside the folder: a link there is replaced, never followed. The
/// database is only read: `juice-sync push` creates and migrates it.
///
/// ```swift
/// var copy = ChainCopy(folder: "chain", database: url, manifestPath: "recipes/stores.yaml",
///                      service: StoreService(environment: [:]), say: { print($0) }, warn: { print($0) })
/// let pulled = await copy.pull()   // again later: each time only what moved
/// ```
public struct ChainCopy: Sendable {
    /// One store of the copy after a pull.
    public struct StoreState: Sendable, Hashable {
        /// The store's name in the manifest and the database.
        public var name: String
        /// The last entry the copy's inventory includes; `nil` when the
        /// store has never synced (its inventory is not written).
        public var lastEntry: Int?
        /// When a sync of the store last finished a transaction
        /// (`juice_stores.synced_at`); `nil` when it never did.
        public var syncedAt: Date?
    }

    /// What a pull did.
    public struct Pulled: Sendable {
        /// How it ended: ``Syncer/Outcome/done``, ``Syncer/Outcome/storesStopped``
        /// (a store's rows could not be read: said, the others written), or
        /// ``Syncer/Outcome/unreachable`` or ``Syncer/Outcome/forbidden``
        /// (nothing written).
        public var outcome: Syncer.Outcome
        /// Each store of the manifest, in its order (empty when the
        /// database was not reached); of a pull of some stores, those.
        public var stores: [StoreState]
        /// Whether every store of the manifest was pulled, not only some
        /// (``pull(only:)``).
        public var isWhole = true
    }

    /// The copy's folder.
    public var folder: String
    /// The database.
    public var database: DatabaseURL
    /// The chain's manifest, whose menus the copy takes.
    public var manifestPath: String
    /// The service the manifest and menus are read through.
    public var service: StoreService
    /// Where a line of what was done goes.
    public var say: @Sendable (String) -> Void
    /// Where a line of what went wrong goes.
    public var warn: @Sendable (String) -> Void
    /// The language of the lines said and warned.
    public var language = Language.english
    /// The longest one query may wait for the database, in seconds: past
    /// it the pull stops as if the database could not be reached.
    public var queryTimeout = 30.0
    /// What the copy holds of each store, as the last pull left it (read
    /// from the folder's state file at the first pull), so that the next
    /// pull need not read the files again.
    var state = PullState()
    /// Whether ``state`` was read from the folder.
    private var stateRead = false
    /// The stamps of the manifest and of each menu file as the last copy
    /// of the menus found them (`nil`: copy them).
    private var menuStamps: FileStamps?
    /// The manifest's stores as last read, with the manifest's stamp then.
    private var manifestStores: (stamp: FileStamp?, addresses: [StoreAddress])?

    /// The copy's manifest, in ``folder``.
    public var copyManifestPath: String { folder + "/stores.yaml" }

    /// A copy in `folder` of the chain of `manifestPath` as `database`
    /// holds it; see the properties.
    public init(
        folder: String, database: DatabaseURL, manifestPath: String, service: StoreService,
        say: @escaping @Sendable (String) -> Void, warn: @escaping @Sendable (String) -> Void
    ) {
        self.folder = folder
        self.database = database
        self.manifestPath = manifestPath
        self.service = service
        self.say = say
        self.warn = warn
    }

    /// Brings the copy up to the database: the menus and the manifest, then
    /// each store that moved (of `names` only, when given: the stores a
    /// push said it changed). Nothing is written when the database cannot
    /// be reached, or its schema is not this tool's.
    public mutating func pull(only names: Set<String>? = nil) async -> Pulled {
        let addresses: [StoreAddress]
        do {
            addresses = try storeAddresses()
        } catch {
            warn(error.text(language))
            return Pulled(outcome: .storesStopped, stores: [])
        }
        let connection: PostgresConnection
        do {
            // The connecting too has a deadline: a network that stops
            // answering midway must not hang the pull (or the head office's
            // copy, which then never catches up).
            connection = try await Deadline.connection(within: queryTimeout) { [database] in
                try await PostgresConnection.connect(
                    configuration: database.configuration, id: 1, logger: Syncer.logger)
            } setUp: { _ in
            }
        } catch {
            return failed(error, stores: [])
        }
        var pulled = await pull(addresses, only: names, on: connection)
        try? await connection.close()
        pulled.isWhole = names == nil
        return pulled
    }

    /// Whether the manifest or a menu file changed since the copy's menus
    /// were last copied (a stat of each): a pull copies them again.
    public var menusMoved: Bool { menuStamps?.areCurrent != true }

    /// A pull that `error`, from the database, ended: said (unless the
    /// task was cancelled), and its
    /// outcome (``Syncer/Outcome/forbidden`` or ``Syncer/Outcome/unreachable``).
    private func failed(_ error: any Error, stores: [StoreState]) -> Pulled {
        let problem = SyncProblem.from(error, url: database, access: .pull)
        // A pull stopped with its task (the server stopping) is no
        // trouble with the database: nothing to say.
        if !Task.isCancelled { warn(problem.text(language)) }
        return Pulled(outcome: problem.outcome, stores: stores)
    }

    /// The manifest's stores, read again only when its stamp changed: a
    /// pull every second over a chain of thousands costs a stat.
    private mutating func storeAddresses() throws(StoreError) -> [StoreAddress] {
        let stamp = FileStamp(path: manifestPath)
        if let known = manifestStores, stamp != nil, known.stamp == stamp { return known.addresses }
        let addresses = try Syncer.Source.chain(manifestPath: manifestPath, service: service).map(\.address)
        manifestStores = (stamp, addresses)
        return addresses
    }

    /// ``pull(only:)`` on an open connection.
    private mutating func pull(
        _ addresses: [StoreAddress], only names: Set<String>?, on connection: PostgresConnection
    ) async -> Pulled {
        do {
            try await Deadline.answer(within: queryTimeout, closing: connection) {
                try await SyncSchema.check(connection, logger: Syncer.logger)
            }
        } catch {
            return failed(error, stores: [])
        }
        // One pull at a time in the folder, held to the end of this one:
        // taken once the database answered and its schema is this tool's (a
        // pull that cannot read it writes nothing), and before the snapshot
        // (a pull that waited reads what the one before it wrote, or later).
        let lock: CopyLock
        do {
            lock = try service.lockCopy(folder: folder, timeout: queryTimeout)
        } catch .locked {
            let waited = Deadline.Passed.shown(queryTimeout)
            warn(SyncWord.pullLocked.text(language, [folder, waited]))
            return Pulled(outcome: .busy, stores: [])
        } catch {
            warn(error.text(language))
            return Pulled(outcome: .storesStopped, stores: [])
        }
        defer { withExtendedLifetime(lock) {} }
        let rows: [String: StoreRow]
        do {
            // One snapshot: a push that moves meanwhile is seen next time.
            rows = try await Deadline.answer(within: queryTimeout, closing: connection) {
                try await connection.query(
                    "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: Syncer.logger)
                return try await StoreRow.all(only: names, on: connection)
            }
        } catch {
            return failed(error, stores: [])
        }
        if !stateRead {
            state = PullState(folder: folder)
            stateRead = true
        }
        let stateBefore = state
        var outcome = Syncer.Outcome.done
        var states: [StoreState] = []
        // The manifest is written once the stores are: a first pull that
        // loses the database midway leaves no copy that reads as one.
        let manifest = copyMenus(of: addresses)
        for address in addresses where names?.contains(address.name ?? "") ?? true {
            let name = address.name ?? ""
            let row = rows[name]
            guard let row, let entry = row.inventoryEntry else {
                say(SyncWord.notSyncedYet.text(language, [name]))
                states.append(StoreState(name: name, lastEntry: nil, syncedAt: row?.syncedAt))
                continue
            }
            do {
                say(try await pull(name, row: row, entry: entry, on: connection))
                states.append(StoreState(name: name, lastEntry: entry, syncedAt: row.syncedAt))
            } catch let stop as PullStop {
                warn(stop.text(language))
                outcome = .storesStopped
                state.stores[name] = nil
                states.append(StoreState(name: name, lastEntry: stateBefore.stores[name]?.last, syncedAt: row.syncedAt))
            } catch {
                return failed(error, stores: states)
            }
        }
        _ = try? await connection.query("COMMIT", logger: Syncer.logger)
        if let manifest {
            do {
                try write(manifest)
            } catch {
                warn(error.text(language))
                outcome = .storesStopped
            }
        }
        if state.stores != stateBefore.stores {
            do throws(FileError) {
                try state.write(in: folder)
            } catch {
                warn(error.text(language))
            }
        }
        return Pulled(outcome: outcome, stores: states)
    }

    /// The copy's manifest to write, with the stamps of the files it was
    /// made from and the first menu that could not be copied.
    private struct PendingManifest {
        var text: String
        var stamps: FileStamps
        var problem: FileError?
    }

    /// Copies every store's menu, with the files it extends, under
    /// `menus/` (kept where they are to each other, so that `extends`
    /// reaches the same files), and makes the copy's manifest, for
    /// ``write(_:)``; `nil` when nothing changed since the last.
    private mutating func copyMenus(of addresses: [StoreAddress]) -> PendingManifest? {
        // Nothing read again while the manifest and every menu file keep
        // their stamps: a pull every second costs a stat of each.
        if menuStamps?.areCurrent == true { return nil }
        menuStamps = nil
        let sources = Set(addresses.flatMap { service.menuFiles(of: $0) }.map(SystemPath.resolve))
        // Stamped before they are copied: a file saved meanwhile is copied
        // again next time.
        let stamps = FileStamps(of: [manifestPath] + sources.sorted())
        let root = Self.commonFolder(of: Array(sources))
        // A menu that cannot be copied (said) leaves the others and the
        // manifest written: its store is then read as the menu is.
        var firstProblem: FileError?
        for source in sources.sorted() where FileManager.default.fileExists(atPath: source) {
            do {
                let relative = "menus" + source.dropFirst(root.count)
                try replaceLinks(along: relative)
                try FileCopy.copy(source, to: folder + "/" + relative)
            } catch {
                firstProblem = firstProblem ?? error
            }
        }
        let lines = addresses.map { address in
            let name = address.name ?? ""
            return StoresManifest.Line(
                name: name,
                menu: address.menuPath.map { "menus" + SystemPath.resolve($0).dropFirst(root.count) },
                inventory: address.inventoryPath == nil ? nil : "stores/\(name).yaml")
        }
        let manifest = StoresManifest.text(naming: lines)
        return PendingManifest(text: manifest, stamps: stamps, problem: firstProblem)
    }

    /// Writes the copy's manifest; a menu that could not be copied is
    /// thrown then (and copied again next time).
    private mutating func write(_ manifest: PendingManifest) throws(FileError) {
        try replaceLinks(along: "stores.yaml")
        try FileCopy.write(manifest.text, to: copyManifestPath)
        if let problem = manifest.problem { throw problem }
        menuStamps = manifest.stamps
    }

    /// Makes the folders of `relative`, in the copy, real ones, a link
    /// among them or at `relative` itself replaced (and said): a pull
    /// writes only inside its folder.
    ///
    /// - Returns: the links replaced, relative to the copy.
    @discardableResult
    func replaceLinks(along relative: String) throws(FileError) -> [String] {
        let links = try FileCopy.replaceLinks(under: folder, along: relative)
        for link in links { warn(SyncWord.wasALink.text(language, [link])) }
        return links
    }

    /// The deepest folder that holds every one of `paths` (absolute), without
    /// its last `/`.
    private static func commonFolder(of paths: [String]) -> String {
        guard var common = paths.first.map({ $0.split(separator: "/").dropLast() }) else { return "" }
        for path in paths.dropFirst() {
            let parts = path.split(separator: "/").dropLast()
            common = common.prefix(zip(common, parts).prefix { $0 == $1 }.count)
        }
        return common.isEmpty ? "" : "/" + common.joined(separator: "/")
    }
}
