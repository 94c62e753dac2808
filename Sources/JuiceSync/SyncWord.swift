import JuiceMaker
import JuiceWords

/// Every sentence only `juice-sync` (and a server's sync and copy) says,
/// as a key of the word tables (`sync.` and its name), each said by
/// `text(_:_:)`.
package enum SyncWord: String, WordKey {
    // What a push shipped, and why it did not.
    case noEntriesYet, upToDate, shipped, databaseBack, tryingAgain
    case unreachable, noAnswer, connectionClosed, stoppedWaiting, schemaTooNew, schemaTooOld, forbidden,
        forbiddenMigration
    case disagreesMissing, disagreesDiffers, lacks, unreadable, refused
    // What a pull wrote, and why it did not.
    case notSyncedYet, wroteEntries, inventoryUpToDate, pulled, journalWrittenAfresh, inventoryWrittenAfresh
    case pullLocked, wasALink, copyUpToDateAgain, pullStop, historyHashMismatch, entryMissing
    case entryNotOneLine, entryNotAnEntry, entryOtherID, entryOtherHash
    // The options refused.
    case notADatabaseURL, storesWithOneStore, notAStoreName

    package static var namespace: String { "sync" }
}
