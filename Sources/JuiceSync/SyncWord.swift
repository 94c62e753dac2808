import JuiceMaker
import JuiceWords

/// Every sentence only `juice-sync` (and a server's sync and copy) says,
/// as a key of the word tables (`sync.` and its name), each said by
/// `text(_:_:)`.
package enum SyncWord: String, WordKey {
    // What a push shipped, and why it did not.
    case noEntriesYet, upToDate, shipped, databaseBack, tryingAgain
    case unreachable, schemaTooNew, schemaTooOld
    case disagreesMissing, disagreesDiffers, lacks, unreadable, refused
    // What a pull wrote, and why it did not.
    case notSyncedYet, wroteEntries, inventoryUpToDate, pulled, journalWrittenAfresh, inventoryWrittenAfresh
    case pullLocked, wasALink, copyUpToDateAgain, pullStop, historyHashMismatch, entryMissing
    case entryNotOneLine, entryNotAnEntry, entryOtherID, entryOtherHash
    // The options refused.
    case notADatabaseURL, storesWithOneStore, notAStoreName

    package static var namespace: String { "sync" }
}

extension StoreError {
    /// What went wrong, in `language`: the library's sentence, or, for the
    /// errors said by their parts, its English.
    package func text(_ language: Language) -> String {
        message.map { $0.rendered { $0.template(in: language) } } ?? description
    }
}

extension FileError {
    /// What went wrong, in `language`.
    package func text(_ language: Language) -> String {
        message.rendered { $0.template(in: language) }
    }
}
