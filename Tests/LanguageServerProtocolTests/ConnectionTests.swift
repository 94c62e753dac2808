import Testing

@testable import LanguageServerProtocol

/// The life cycle and the answers of a session, over a server that knows
/// one method, `echo`.
@Suite struct ConnectionTests {
    final class EchoServer: LanguageServer {
        var notifications: [String] = []

        func initialize(_ params: JSON) throws(ResponseError) -> JSON {
            ["capabilities": [:]]
        }

        func handle(request method: String, params: JSON?) throws(ResponseError) -> JSON {
            guard method == "echo" else { throw ResponseError(.methodNotFound, "no method \(method)") }
            return params ?? .null
        }

        func handle(notification method: String, params: JSON?) {
            notifications.append(method)
        }
    }

    /// What a session answers to `messages` (each framed, unless raw), and its exit status.
    func session(_ messages: [String], raw: Bool = false) throws -> (answers: [JSON], status: Int32, server: EchoServer)
    {
        var output: [UInt8] = []
        let writer = MessageWriter { output += $0 }
        let server = EchoServer()
        let input = raw ? messages.joined() : messages.map(framed).joined()
        let status = Connection(reader: MessageReader(ChunkSource(input)), writer: writer, server: server).run()
        var reader = MessageReader(ChunkSource([output]))
        var answers: [JSON] = []
        while case .content(let bytes) = reader.next() { answers.append(try JSON.parse(bytes)) }
        return (answers, status, server)
    }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    static let shutdown = #"{"jsonrpc":"2.0","id":"s","method":"shutdown"}"#
    static let exit = #"{"jsonrpc":"2.0","method":"exit"}"#

    func error(_ id: JSON, _ code: Int, _ message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .integer(code), "message": .string(message)]]
    }

    @Test func aRequestBeforeInitializeIsRefusedWithServerNotInitialized() throws {
        let (answers, status, server) = try session([
            #"{"jsonrpc":"2.0","id":7,"method":"echo","params":[1]}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#,
        ])
        #expect(answers == [error(7, -32002, "the server is not initialized yet")])
        #expect(server.notifications.isEmpty)
        #expect(status == 1)
    }

    @Test func initializeThenRequestsThenShutdownAndExit() throws {
        let (answers, status, server) = try session([
            Self.initialize,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"echo","params":{"a":"한"}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"nope"}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"initialize","params":{}}"#,
            Self.shutdown,
            #"{"jsonrpc":"2.0","id":5,"method":"echo","params":[]}"#,
            Self.exit,
            #"{"jsonrpc":"2.0","id":6,"method":"echo","params":[]}"#,
        ])
        #expect(
            answers == [
                ["jsonrpc": "2.0", "id": 1, "result": ["capabilities": [:]]],
                ["jsonrpc": "2.0", "id": 2, "result": ["a": "한"]],
                error(3, -32601, "no method nope"),
                error(4, -32600, "the server is initialized already"),
                ["jsonrpc": "2.0", "id": "s", "result": nil],
                error(5, -32600, "the server is shutting down"),
            ])
        #expect(server.notifications == ["initialized"])
        #expect(status == 0)
    }

    @Test func exitWithoutShutdownIsStatusOne() throws {
        let (_, status, _) = try session([Self.initialize, Self.exit])
        #expect(status == 1)
    }

    @Test func theEndOfInputAfterShutdownIsStatusZero() throws {
        let (_, status, _) = try session([Self.initialize, Self.shutdown])
        #expect(status == 0)
    }

    @Test func badJSONIsAParseErrorAndTheSessionGoesOn() throws {
        let (answers, _, _) = try session([
            Self.initialize, #"{"jsonrpc":"2.0","id":2,"#, "\u{FF}", #"{"jsonrpc":"2.0","id":3,"method":"echo"}"#,
        ])
        #expect(
            answers.dropFirst()
                == [
                    error(nil, -32700, "the message is not JSON"), error(nil, -32700, "the message is not JSON"),
                    ["jsonrpc": "2.0", "id": 3, "result": nil],
                ])
    }

    @Test func jsonThatIsNoMessageIsAnInvalidRequest() throws {
        let (answers, _, _) = try session([
            Self.initialize,
            "42",
            #"{"id":2,"method":"echo"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":7}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"echo","params":"text"}"#,
            #"{"jsonrpc":"2.0","id":{"a":1},"method":"echo"}"#,
        ])
        #expect(
            answers.dropFirst()
                == [
                    error(nil, -32600, "a message is a JSON object"),
                    error(2, -32600, "\"jsonrpc\" must be \"2.0\""),
                    error(3, -32600, "\"method\" must be a string"),
                    error(4, -32600, "\"params\" must be an object or an array"),
                    error(nil, -32600, "\"id\" must be a whole number or a string"),
                ])
    }

    @Test func aBatchIsAnsweredWithAnArrayOfItsResponses() throws {
        let (answers, _, server) = try session([
            Self.initialize,
            #"[{"jsonrpc":"2.0","id":2,"method":"echo","params":[2]},{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":3,"method":"no"}]"#,
            "[]",
            #"[{"jsonrpc":"2.0","method":"n"}]"#,
        ])
        #expect(
            answers.dropFirst()
                == [
                    [["jsonrpc": "2.0", "id": 2, "result": [2]], error(3, -32601, "no method no")],
                    error(nil, -32600, "an empty batch"),
                ])
        #expect(server.notifications == ["n", "n"])
    }

    @Test func aResponseFromTheClientIsIgnored() throws {
        let (answers, _, _) = try session([Self.initialize, #"{"jsonrpc":"2.0","id":9,"result":null}"#])
        #expect(answers.count == 1)
    }

    @Test func badFramingIsAnsweredAndTheNextMessageServed() throws {
        let input = [
            framed(Self.initialize), "Content-Length: x\r\n\r\n", "Content-Length: 1\r\nbad line\r\n\r\n",
            framed(#"{"jsonrpc":"2.0","id":2,"method":"echo","params":[]}"#),
        ]
        let (answers, _, _) = try session(input, raw: true)
        #expect(
            answers.dropFirst()
                == [
                    error(nil, -32700, "Content-Length is not a number of bytes: x"),
                    error(nil, -32700, "a header line is not \"Name: value\": bad line"),
                    ["jsonrpc": "2.0", "id": 2, "result": []],
                ])
    }
}
