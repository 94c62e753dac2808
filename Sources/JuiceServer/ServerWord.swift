import JuiceMaker
import JuiceWords

/// Every sentence only `juice-server` says, as a key of the word tables
/// (`server.` and its name): the answers to requests (``ServerText``), why
/// it does not start (``ServerStartError``) and its own console lines.
package enum ServerWord: String, WordKey {
    // Answers to requests.
    case badBody, notJSONFrom, bodyTooLarge, bodyNotObject, unknownMember, noMemberTaken, orderNotWhole
    case noOrders, unknownReason, methodNotAllowed, noSuchStorePage, storesServed, misdirected, badHost
    case hostTwice, noHost, otherOrigin, notJSON, noContentType, storeBusy, tooManyStreams, badIdempotencyKey
    case badLimit, badBefore, givenTwice, badOption, readOnly, needsToken
    // Why the server does not start.
    case emptyToken, unresolvable, tokenNeededOffLoopback, noStores, missingResource, giveManifest, checkFile
    case portInUse, portForbidden, notThisMachine
    // The console: where to go, the options refused, the copy and the sync.
    case listening, listeningOnTablet, listeningInBrowser, storesWithFiles, portRange, maxStreamsRange
    case notADatabaseURL, centralNeedsStores, centralOrSync, copyNeedsCentral, noCopyFolder
    case centralLine, syncLine

    package static var namespace: String { "server" }

    /// The sentence in `language`, its `{n}` filled with `arguments`, a
    /// Korean particle in the form its word needs (see ``KoreanParticle``).
    package func text(_ language: Language, _ arguments: [String] = []) -> String {
        let sentence = Template.fill(template(in: language), with: arguments)
        return language == .korean ? KoreanParticle.resolve(sentence) : sentence
    }
}
