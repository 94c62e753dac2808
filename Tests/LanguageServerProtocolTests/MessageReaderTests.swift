import Testing

@testable import LanguageServerProtocol

/// The base protocol's framing: messages found however the input is split,
/// and every malformed part answered with an error, in bounded memory.
@Suite struct MessageReaderTests {
    @Test func aMessageSplitAcrossReadsIsWhole() {
        let text = framed(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        // One byte per read: the header's end and the content straddle reads.
        var reader = MessageReader(ChunkSource(text.utf8.map { [$0] }))
        #expect(reader.next() == .content(Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8)))
        #expect(reader.next() == .end)
    }

    @Test func twoMessagesInOneReadAreTwo() {
        var reader = MessageReader(ChunkSource(framed("[1]") + framed("{}")))
        #expect(reader.next() == .content(Array("[1]".utf8)))
        #expect(reader.next() == .content(Array("{}".utf8)))
        #expect(reader.next() == .end)
    }

    @Test func otherHeadersAndAnyCaseAreTaken() {
        let text = "content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:  2 \r\n\r\n{}"
        var reader = MessageReader(ChunkSource(text))
        #expect(reader.next() == .content(Array("{}".utf8)))
    }

    @Test func aHeaderWithoutContentLengthIsAParseError() {
        var reader = MessageReader(ChunkSource("Content-Type: x\r\n\r\n" + framed("{}")))
        #expect(reader.next() == .invalid(ResponseError(.parseError, "a message has no Content-Length header")))
        // The next well-framed message is read again.
        #expect(reader.next() == .content(Array("{}".utf8)))
    }

    @Test func aLengthThatIsNoNumberIsAParseError() {
        for value in ["abc", "-1", "1e3", "", "99999999999999999999999"] {
            var reader = MessageReader(ChunkSource("Content-Length: \(value)\r\n\r\n"))
            guard case .invalid(let error) = reader.next() else {
                Issue.record("Content-Length: \(value) was taken")
                continue
            }
            #expect(error.code == -32700)
            #expect(error.message.hasPrefix("Content-Length is not a number of bytes"))
        }
    }

    @Test func aLineThatIsNoHeaderIsAParseError() {
        var reader = MessageReader(ChunkSource("hello\r\n\r\n"))
        guard case .invalid(let error) = reader.next() else {
            Issue.record("a header without a colon was taken")
            return
        }
        #expect(error.code == -32700)
        #expect(reader.next() == .end)
    }

    @Test func aHeaderThatNeverEndsIsSkippedInBoundedMemory() {
        // 10 MB of header with no end, then a good message.
        let source = EndlessSource(header: Array("Content-Length: 2\r\nX: ".utf8), left: 10 << 20)
        var reader = MessageReader(source)
        guard case .invalid(let error) = reader.next() else {
            Issue.record("an endless header was taken")
            return
        }
        #expect(error.message.contains("longer than 8192 bytes"))
        #expect(reader.next() == .end)
    }

    @Test func aHugeMessageIsSkippedWithAnErrorNotKept() {
        // 100 MB announced and sent, over a 64 MiB limit: skipped as read.
        let size = 100 << 20
        let source = EndlessSource(header: Array("Content-Length: \(size)\r\n\r\n".utf8), left: size)
        var reader = MessageReader(source)
        #expect(
            reader.next()
                == .invalid(
                    ResponseError(
                        .invalidRequest,
                        "a message of \(size) bytes is over the limit of \(64 << 20) bytes; it was skipped")))
        #expect(reader.next() == .end)
    }

    @Test func aLongHeaderIsSkippedWithItsContentAndTheNextMessageIsRead() {
        // A 2 MiB header line (the trial's case), and one just over the limit
        // found whole in one read: each is refused, its content skipped, and
        // the next message is read from its own header, in one read or a
        // byte at a time.
        let message = { (long: Int) in
            "X-Long: \(String(repeating: "a", count: long))\r\nContent-Length: 2\r\n\r\n{}" + framed("[1]")
        }
        let sources = [
            ChunkSource(message(2 << 20)), ChunkSource(message(9000)),
            ChunkSource(message(9000).utf8.map { [$0] }),
        ]
        for source in sources {
            var reader = MessageReader(source)
            #expect(reader.next() == .invalid(MessageReader<ChunkSource>.oversizedHeader))
            #expect(reader.next() == .content(Array("[1]".utf8)))
            #expect(reader.next() == .end)
        }
    }

    @Test func anOversizedContentIsRefusedBeforeItArrives() {
        // A client that announces too much and sends nothing still hears why.
        var reader = MessageReader(ChunkSource("Content-Length: 99999999999\r\n\r\n"))
        guard case .invalid(let error) = reader.next() else {
            Issue.record("an oversized message was taken")
            return
        }
        #expect(error.code == -32600)
        #expect(reader.next() == .end)
    }

    @Test func aMessageCutShortByTheEndIsTheEnd() {
        var reader = MessageReader(ChunkSource("Content-Length: 10\r\n\r\n{}"))
        #expect(reader.next() == .end)
    }

    @Test func aHeaderCutShortByTheEndIsAnError() {
        var reader = MessageReader(ChunkSource("Content-Length: 10\r\n"))
        #expect(reader.next() == .invalid(ResponseError(.parseError, "the input ended inside a message's header")))
        #expect(reader.next() == .end)
    }
}
