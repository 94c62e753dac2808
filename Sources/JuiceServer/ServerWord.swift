import JuiceWords

/// Every sentence only `juice-server` says, as a key of the word tables
/// (`server.` and its name): the answers to requests (``ServerText``), why
/// it does not start (``ServerStartError``) and its own console lines,
/// each said by `text(_:_:)`.
package enum ServerWord: String, WordKey {
    // Answers to requests.
    case badBody, bodyLacks, bodyWrongType, bodyNotTheJSON, notJSONFrom, bodyTooLarge, bodyNotObject, unknownMember,
        noMemberTaken, orderNotWhole
    case noOrders, unknownReason, methodNotAllowed, noSuchStorePage, storesServed, misdirected, badHost
    case hostTwice, noHost, otherOrigin, notJSON, notMediaType, noContentType, storeBusy, importsBusy, tooManyStreams,
        badIdempotencyKey
    case badLimit, badBefore, givenTwice, badOption, readOnly, needsToken
    // The service's health and metrics.
    case metricsNeedToken, storeInvalid, storeUnreadable, databaseAway, databaseRefuses, manifestUnreadable
    case inventoryUnsavable, syncStopped
    // Why the server does not start.
    case emptyToken, unresolvable, tokenNeededOffLoopback, noStores, missingResource, giveManifest, checkFile
    case portInUse, portForbidden, notThisMachine
    // The console: where to go, the options refused, the copy and the sync.
    case listening, listeningOnTablet, listeningInBrowser, storesWithFiles, portRange, maxStreamsRange
    case centralNeedsStores, centralOrSync, copyNeedsCentral, noCopyFolder
    case centralLine, syncLine

    package static var namespace: String { "server" }
}
