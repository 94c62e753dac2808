import Foundation
import Hummingbird
import JuiceMaker

/// The body of `POST .../make`: `{"orders": ["banana=2", "mangoKiwi"]}`.
struct MakeBody: Decodable, Sendable {
    var orders: [String]
}

/// The body of `POST .../adjust`: `{"changes": ["kiwi=+5"], "reason":
/// "delivery"}`; the reason is `correction` when not given.
struct AdjustBody: Decodable, Sendable {
    var changes: [String]
    var reason: String?

    /// The reason as the journal records it.
    func reason(language: String) throws(APIFailure) -> JournalEntry.Reason {
        guard let reason else { return .correction }
        guard let known = JournalEntry.Reason(rawValue: reason), JournalEntry.Reason.given.contains(known) else {
            throw .usage(ServerText.unknownReason(reason).text(language))
        }
        return known
    }
}

/// The body of `POST .../count`: `{"counts": ["banana=12", "kiwi=4"]}`,
/// each the number there is.
struct CountBody: Decodable, Sendable {
    var counts: [String]
}

/// A request body that takes only the members it names: any other, or a
/// value that is not an object, is refused (400) before it is decoded.
protocol ClosedBody: Decodable {
    /// The members the body takes.
    static var members: [String] { get }
}

/// The body of a change that takes none: nothing, or `{}`. `POST
/// .../order` places the order proposed now; `POST .../waste-expired`
/// throws out every expired lot.
struct EmptyBody: ClosedBody, Sendable {
    static let members: [String] = []
}

/// The body of `POST .../receive`: `{"order": 12}`, the placed order
/// received, and `"arrived": ["strawberry=24"]`, what came instead of a
/// line's units (none: every line arrived whole).
struct ReceiveBody: ClosedBody, Sendable {
    static let members = ["order", "arrived"]
    var order: OrderNumber
    var arrived: [String]?
}

/// The body of `POST .../cancel`: `{"order": 12}`, the order withdrawn.
struct CancelBody: ClosedBody, Sendable {
    static let members = ["order"]
    var order: OrderNumber
}

/// A placed order's id in a body: a JSON integer that fits an `Int` (one
/// below 1 is refused with the id by the request); a fraction, a number
/// past an `Int` or anything else is ``RequestBody/Problem/orderNotWhole``.
struct OrderNumber: Decodable, Sendable {
    var value: Int

    init(from decoder: any Decoder) throws {
        guard let value = try? decoder.singleValueContainer().decode(Int.self) else {
            throw RequestBody.Problem.orderNotWhole
        }
        self.value = value
    }
}

/// The body of `POST .../undo`: nothing, `{}`, or `{"id": 4}`.
struct UndoBody: Decodable, Sendable {
    var id: Int?
}

/// Reading a request's body, bounded in size: its bytes, or its JSON.
enum RequestBody {
    /// What a body's own decoding finds wrong, said as it is.
    enum Problem: Error {
        case orderNotWhole
    }

    /// The body as a `Body`; an empty body as `{}`.
    ///
    /// The JSON is strict (RFC 8259, ``JSONSyntax``): `JSONDecoder` alone
    /// would take a trailing comma, a comment or `NaN`.
    ///
    /// - Throws: ``APIFailure``: 413 past `limit` bytes, 400 for anything
    ///   but the JSON expected.
    static func decode<Body: Decodable>(
        _ type: Body.Type, from request: Request, limit: Int
    ) async throws(APIFailure) -> Body {
        let language = RequestLanguage(request).code
        let read = try await bytes(of: request, limit: limit)
        let bytes = read.isEmpty ? Array("{}".utf8) : read
        if let offset = JSONSyntax.firstProblem(in: bytes) {
            throw .usage(ServerText.notJSONFrom(offset).text(language))
        }
        if let closed = Body.self as? any ClosedBody.Type {
            try checkMembers(bytes, taken: closed.members, language: language)
        }
        do {
            return try JSONDecoder().decode(Body.self, from: Data(bytes))
        } catch Problem.orderNotWhole {
            throw .usage(ServerText.orderNotWhole.text(language))
        } catch {
            throw .usage(ServerText.badBody(Self.describe(error)).text(language))
        }
    }

    /// The body's bytes.
    ///
    /// - Throws: ``APIFailure``: 413 past `limit` bytes.
    static func bytes(of request: Request, limit: Int) async throws(APIFailure) -> [UInt8] {
        do {
            var buffer = try await request.body.collect(upTo: limit)
            return buffer.readBytes(length: buffer.readableBytes) ?? []
        } catch {
            throw APIFailure(
                status: .contentTooLarge,
                json: .init(error: "usage", message: ServerText.bodyTooLarge(limit).text(RequestLanguage(request).code))
            )
        }
    }

    /// Refuses `bytes` (valid JSON) unless they are an object whose
    /// members are among `taken`: the first other member, by name, is said.
    private static func checkMembers(_ bytes: [UInt8], taken: [String], language: String) throws(APIFailure) {
        let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
        guard let object = value as? [String: Any] else { throw .usage(ServerText.bodyNotObject.text(language)) }
        if let unknown = object.keys.sorted().first(where: { !taken.contains($0) }) {
            throw .usage(ServerText.unknownMember(unknown, taken).text(language))
        }
    }

    /// What is wrong with the body, briefly: the key or the syntax.
    private static func describe(_ error: any Error) -> BodyFault {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): return .lacks(key.stringValue)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .wrongType(context.codingPath.map(\.stringValue).joined(separator: "."))
        default: return .other
        }
    }
}
