import JuiceMaker

/// The sentences only the server says, in English and Korean; the rest
/// comes from the command line's `Catalogue`.
enum ServerText: Sendable {
    case badBody(String)
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
    case storeBusy
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

    /// The sentence in `language` (`en` or `ko`), a Korean particle in the
    /// form its word needs (see ``KoreanParticle``).
    func text(_ language: String) -> String {
        let sentence = template(language)
        return language == "ko" ? KoreanParticle.resolve(sentence) : sentence
    }

    /// The sentence in `language`, a Korean particle in both its forms.
    private func template(_ language: String) -> String {
        let korean = language == "ko"
        switch self {
        case .badBody(let detail):
            return korean ? "요청 본문이 올바른 JSON이 아닙니다: \(detail)" : "the request body is not the JSON expected: \(detail)"
        case .notJSONFrom(let offset):
            return korean
                ? "요청 본문이 JSON이 아닙니다 (\(offset + 1)번째 바이트부터)"
                : "the request body is not JSON from byte \(offset + 1) on"
        case .bodyTooLarge(let limit):
            return korean ? "요청 본문이 \(limit)바이트보다 큽니다" : "the request body is larger than \(limit) bytes"
        case .bodyNotObject:
            return korean
                ? "요청 본문은 JSON 객체({ ... })여야 합니다"
                : "the request body must be a JSON object ({ ... })"
        case .unknownMember(let name, let taken):
            let quoted = taken.map { "\"\($0)\"" }.joined(separator: ", ")
            if taken.isEmpty {
                return korean
                    ? "요청 본문에 \"\(name)\"을(를) 쓸 수 없습니다. 이 요청은 본문에 아무 항목도 받지 않습니다 (없거나 {})"
                    : "the request body may not have \"\(name)\": this request takes no member (nothing or {})"
            }
            return korean
                ? "요청 본문에 \"\(name)\"을(를) 쓸 수 없습니다. 받는 항목: \(quoted)"
                : "the request body may not have \"\(name)\": it takes \(quoted)"
        case .orderNotWhole:
            return korean
                ? "\"order\"는 1 이상의 정수여야 합니다: juice order --place가 보여 준 번호를 주세요"
                : "\"order\" must be a whole number from 1: give the number juice order --place printed"
        case .noOrders:
            return korean ? "주문을 하나 이상 주세요 (예: \"banana=2\")" : "give at least one order (such as \"banana=2\")"
        case .unknownReason(let reason):
            let reasons = JournalEntry.Reason.allCases.map(\.rawValue).joined(separator: ", ")
            return korean
                ? "'\(reason)'은(는) 조정 사유가 아닙니다. 사유: \(reasons)"
                : "'\(reason)' is no reason for an adjustment: \(reasons)"
        case .methodNotAllowed(let method, let allowed):
            return korean
                ? "이 경로는 \(method)을(를) 받지 않습니다. 받는 메서드: \(allowed)"
                : "this path does not take \(method): it takes \(allowed)"
        case .noSuchStorePage(let name):
            return korean ? "'\(name)' 매장은 없습니다" : "There is no store named '\(name)'"
        case .storesServed:
            return korean ? "이 서버의 매장:" : "The stores served here:"
        case .misdirected(let host):
            return korean
                ? "이 서버의 이름이 아닙니다: \(host). 서버 주소로 열거나 --allow-host로 이름을 더하세요"
                : "\(host) is not a name of this server: open it by its address, or add the name with --allow-host"
        case .badHost(let host):
            return korean
                ? "Host '\(host)'은(는) 호스트와 포트가 아닙니다 (예: 127.0.0.1:8080)"
                : "Host '\(host)' is not a host and port (such as 127.0.0.1:8080)"
        case .hostTwice:
            return korean ? "Host는 한 번만 보낼 수 있습니다" : "Host may be sent once only"
        case .noHost:
            return korean ? "HTTP/1.1 요청에는 Host가 있어야 합니다" : "an HTTP/1.1 request must send Host"
        case .otherOrigin(let origin):
            return korean
                ? "다른 사이트(\(origin))의 페이지는 재고를 바꿀 수 없습니다"
                : "a page of another site (\(origin)) may not change the stock"
        case .notJSON(let type):
            let given = type ?? (korean ? "없음" : "none")
            return korean
                ? "변경 요청은 Content-Type: application/json이어야 합니다 (받은 것: \(given))"
                : "a change must be sent as Content-Type: application/json (it was \(given))"
        case .storeBusy:
            return korean
                ? "이 매장에 요청이 너무 많이 밀려 있습니다. 잠시 후 다시 시도하세요"
                : "too many requests are waiting for this store; try again in a moment"
        case .tooManyStreams(let limit):
            return korean
                ? "이벤트 스트림이 이미 \(limit)개 열려 있습니다. 잠시 후 다시 시도하세요"
                : "\(limit) event streams are open already; try again in a moment"
        case .badIdempotencyKey:
            return korean
                ? "Idempotency-Key는 A-Z, a-z, 0-9, '_', '-' 중 1자에서 \(IdempotencyKey.maximumLength)자여야 하며, 한 번만 보냅니다"
                : "Idempotency-Key must be 1 to \(IdempotencyKey.maximumLength) of A-Z, a-z, 0-9, '_' and '-', sent once"
        case .badLimit(let value):
            return korean
                ? "limit '\(value)'은(는) 1부터 \(JournalPage.maximumLimit)까지의 정수여야 합니다"
                : "limit '\(value)' must be a whole number from 1 to \(JournalPage.maximumLimit)"
        case .badBefore(let value):
            return korean
                ? "before '\(value)'은(는) 기록 항목의 아이디(1 이상의 정수)여야 합니다"
                : "before '\(value)' must be a journal entry's id (a whole number from 1)"
        case .givenTwice(let name):
            return korean ? "\(name)은(는) 한 번만 줄 수 있습니다" : "\(name) may be given once only"
        case .badOption(let name, let value, let taken):
            return korean
                ? "\(name) '\(value)'은(는) 받지 않는 값입니다. 받는 값: \(taken)"
                : "\(name) '\(value)' is not a value it takes: it takes \(taken)"
        case .readOnly:
            return korean
                ? "이 서버는 매장 재고의 사본을 보여 줍니다. 재고는 매장에서 바꾸세요"
                : "this server serves a copy of the stores' stock: changes are made at the store"
        case .needsToken:
            return korean
                ? "재고를 바꾸려면 토큰이 필요합니다: Authorization: Bearer TOKEN"
                : "changing the stock needs the token: Authorization: Bearer TOKEN"
        }
    }
}
