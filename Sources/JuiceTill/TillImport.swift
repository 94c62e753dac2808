import Foundation
import JuiceMaker

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exports of one import read one after another as one export: what
/// ``Store/importSales(from:map:dryRun:listingHeldBack:whileWaiting:)`` books in one
/// call, all or nothing. A Toast modifiers file among them
/// (`ModifiersSelectionDetails.csv`, told by its header) is joined to the
/// Toast items it follows.
package struct TillImport: TillSales {
    /// The sales exports, in the order given.
    package private(set) var files: [TillSalesFile]
    private var current = 0

    /// The exports given as bytes (a request's body) or files.
    package enum Source {
        /// A file, by the path the user gave.
        case file(String)
        /// An export's bytes, shown as `name`.
        case bytes([UInt8], name: String)
    }

    /// Reads the headers of `sources`: the modifiers files' rows whole, the
    /// sales exports' rows as they are booked.
    ///
    /// - Parameters:
    ///   - format: `--from`; each export's guessed from its header when `nil`.
    ///   - renamed: `--columns`; given, the format is the generic one
    ///     unless `format` says.
    ///   - timeZone: `--time-zone`, over the files' own.
    ///   - localZone: the zone of a local time the files name none for.
    ///   - location: `--location`: only this till location's rows are
    ///     taken (compared as the till writes it, case and spaces aside).
    /// - Throws: ``StoreError/file(_:)`` for a file that cannot be opened
    ///   (``FileError/notFound(path:)`` when there is none);
    ///   ``StoreError/invalidData(_:)`` for a header that is no export's,
    ///   or a modifiers file's row that cannot be read.
    package init(
        _ sources: [Source], format: TillFormat?, renamed: [TillColumns.Role: String] = [:],
        timeZone: TimeZone? = nil, localZone: TimeZone = .current, location: String? = nil
    ) throws(StoreError) {
        // Other headers for the generic format's columns name that format:
        // it is no guess.
        let format = format ?? (renamed.isEmpty ? nil : .csv)
        var modifiers: [String: [TillTicket.Modifier]] = [:]
        var modifiersFiles: [String] = []
        var sales: [(rows: TillRows, header: (line: Int, fields: [String])?, name: String)] = []
        for source in sources {
            let name: String
            switch source {
            case .file(let path): name = path
            case .bytes(_, let given): name = given
            }
            // Each export is opened and read once: a pipe can be read no
            // other way.
            let rows = try Self.rows(of: source)
            let header: (line: Int, fields: [String])?
            do {
                header = try rows.header()
            } catch {
                throw .invalidData([error.diagnostic(file: name, rows: rows)])
            }
            guard let header, TillFormat.isToastModifiers(header: header.fields) else {
                sales.append((rows, header, name))
                continue
            }
            modifiersFiles.append(name)
            do {
                modifiers.merge(try TillExport.toastModifiers(from: rows, header: header)) { $0 + $1 }
            } catch {
                throw .invalidData([error.diagnostic(file: name, rows: rows)])
            }
        }
        do {
            files = try sales.map { rows, header, name throws(TillSalesError) in
                try TillSalesFile(
                    rows: rows, header: header, shownPath: name, format: format, renamed: renamed, timeZone: timeZone,
                    localZone: localZone, toastModifiers: modifiers, location: location)
            }
        } catch {
            throw .invalidData([error.diagnostic])
        }
        // A modifiers file adds to the items of its Toast export: without
        // them it would read as nothing sold.
        if let alone = modifiersFiles.first, !files.contains(where: { $0.export.format == .toast }) {
            throw .invalidData([
                .error(.missingFile, Message(.tillModifiersAlone, "\(alone)"), at: .start(of: alone))
            ])
        }
    }

    /// The notes of the exports whose format was guessed.
    package var notes: [Diagnostic] { files.compactMap(\.formatNote) }

    package mutating func next() throws(TillSalesError) -> TillEvent? {
        while current < files.count {
            if let event = try files[current].next() { return event }
            current += 1
        }
        return nil
    }

    private static func rows(of source: Source) throws(StoreError) -> TillRows {
        switch source {
        case .bytes(let bytes, let name):
            return TillRows(bytes: bytes, name: name)
        case .file(let path):
            do {
                return try TillRows(path: path)
            } catch {
                switch error.problem {
                case .unreadable(ENOENT): throw .file(.notFound(path: path))
                case .unreadable(let code): throw .file(.reading(path: path, errno: code))
                // Said as every command says it.
                case .notARegularFile(let kind): throw .file(.unreadable(path: path, reason: notRegularReason(kind)))
                // Opening fails only so.
                default: throw .file(.reading(path: path, errno: EIO))
                }
            }
        }
    }
}
