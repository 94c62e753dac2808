import Foundation
import JuiceMaker
import JuiceWords

/// The server's answers to requests, each a ``ServerWord`` with its
/// arguments; the rest comes from the command line's `Catalogue`.
enum ServerText: Sendable {
    /// A body that is JSON but no value of the type expected: why.
    case badBody(BodyFault)
    /// The body is not JSON from this byte offset (0-based) on.
    case notJSONFrom(Int)
    case bodyTooLarge(Int)
    /// A body that must be a JSON object and is another value.
    case bodyNotObject
    /// A member a body does not take: its name, the members it takes.
    case unknownMember(String, [String])
    /// An order's id in a body that is no whole number.
    case orderNotWhole
    case noOrders
    case unknownReason(String)
    case needsToken
    case methodNotAllowed(String, String)
    case noSuchStorePage(String)
    case storesServed
    /// `Host` names another server (DNS rebinding).
    case misdirected(String)
    /// `Host` is not a host and a port.
    case badHost(String)
    /// `Host` given more than once.
    case hostTwice
    /// An HTTP/1.1 request without `Host`.
    case noHost
    /// A change from a page of another origin.
    case otherOrigin(String)
    /// A change whose body is not declared JSON: its media type, if any.
    case notJSON(String?)
    /// A change whose body is not declared as the one type it takes (an
    /// import's `text/csv`): that type, and its media type, if any.
    case notMediaType(String, String?)
    case storeBusy
    /// As many imports as may be held at once (its number) are being read
    /// or booked.
    case importsBusy(Int)
    case tooManyStreams(Int)
    case badIdempotencyKey
    case badLimit(String)
    case badBefore(String)
    /// A query parameter given more than once.
    case givenTwice(String)
    /// A query parameter's value that is none of those it takes: its
    /// name, the value, the values taken.
    case badOption(String, String, String)
    /// A change sent to a server that serves a copy (read-only).
    case readOnly
    /// `/metrics` asked off loopback without the token.
    case metricsNeedToken
    /// `/healthz`: a store whose files stand invalid, and since when.
    case storeInvalid(String, since: Date)
    /// `/healthz`: a store whose files cannot be read.
    case storeUnreadable(String)
    /// `/healthz`: the database of `--sync` or `--central`, not reached.
    case databaseAway(String)
    /// `/healthz`: the database of `--sync`, reached, refusing a privilege.
    case databaseRefuses(String)
    /// `/healthz`: the manifest served, unreadable since a moment.
    case manifestUnreadable(since: Date)
    /// `/healthz`: a store whose inventory's folder is gone or read-only.
    case inventoryUnsavable(String)
    /// `/healthz`: a store whose sync stopped (its journal disagrees).
    case syncStopped(String)

    /// The sentence in `language` (`en` or `ko`), a Korean particle in the
    /// form its word needs (see ``KoreanParticle``).
    func text(_ language: String) -> String {
        let words = Language(code: language)
        let (key, arguments) = template(words)
        return key.text(words, arguments)
    }

    /// The sentence's key and arguments; a word of an argument in `language`.
    private func template(_ language: Language) -> (ServerWord, [String]) {
        switch self {
        case .badBody(let fault): (.badBody, [fault.text(language)])
        case .notJSONFrom(let offset): (.notJSONFrom, ["\(offset + 1)"])
        case .bodyTooLarge(let limit): (.bodyTooLarge, ["\(limit)"])
        case .bodyNotObject: (.bodyNotObject, [])
        case .unknownMember(let name, let taken) where taken.isEmpty: (.noMemberTaken, [name])
        case .unknownMember(let name, let taken):
            (.unknownMember, [name, taken.map { "\"\($0)\"" }.joined(separator: ", ")])
        case .orderNotWhole: (.orderNotWhole, [])
        case .noOrders: (.noOrders, [])
        case .unknownReason(let reason):
            (.unknownReason, [reason, JournalEntry.Reason.given.map(\.rawValue).joined(separator: ", ")])
        case .methodNotAllowed(let method, let allowed): (.methodNotAllowed, [method, allowed])
        case .noSuchStorePage(let name): (.noSuchStorePage, [name])
        case .storesServed: (.storesServed, [])
        case .misdirected(let host): (.misdirected, [host])
        case .badHost(let host): (.badHost, [host])
        case .hostTwice: (.hostTwice, [])
        case .noHost: (.noHost, [])
        case .otherOrigin(let origin): (.otherOrigin, [origin])
        case .notJSON(let type): (.notJSON, [type ?? ServerWord.noContentType.text(language)])
        case .notMediaType(let expected, let type):
            (.notMediaType, [expected, type ?? ServerWord.noContentType.text(language)])
        case .storeBusy: (.storeBusy, [])
        case .importsBusy(let limit): (.importsBusy, ["\(limit)"])
        case .tooManyStreams(let limit): (.tooManyStreams, ["\(limit)"])
        case .badIdempotencyKey: (.badIdempotencyKey, ["\(IdempotencyKey.maximumLength)"])
        case .badLimit(let value): (.badLimit, [value, "\(JournalPage.maximumLimit)"])
        case .badBefore(let value): (.badBefore, [value])
        case .givenTwice(let name): (.givenTwice, [name])
        case .badOption(let name, let value, let taken): (.badOption, [name, value, taken])
        case .readOnly: (.readOnly, [])
        case .needsToken: (.needsToken, [])
        case .metricsNeedToken: (.metricsNeedToken, [])
        case .storeInvalid(let store, let since): (.storeInvalid, [store, StoreRequest.time(since)])
        case .storeUnreadable(let store): (.storeUnreadable, [store])
        case .databaseAway(let database): (.databaseAway, [database])
        case .databaseRefuses(let database): (.databaseRefuses, [database])
        case .manifestUnreadable(let since): (.manifestUnreadable, [StoreRequest.time(since)])
        case .inventoryUnsavable(let store): (.inventoryUnsavable, [store])
        case .syncStopped(let store): (.syncStopped, [store])
        }
    }
}
