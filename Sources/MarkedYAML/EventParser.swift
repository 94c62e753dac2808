internal import CYAML

/// Owns one libyaml parser over a buffer and hands out its events one at a
/// time. The buffer must outlive the parser.
final class EventParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeRawBufferPointer
    private let isInitialized: Bool

    init(input: UnsafeRawBufferPointer) {
        // A UTF-8 byte order mark is no character an editor shows: leave it
        // out, so that columns on line 1 match the editor's.
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        self.input = input.starts(with: byteOrderMark) ? UnsafeRawBufferPointer(rebasing: input.dropFirst(3)) : input
        let input = self.input
        parser = .allocate(capacity: 1)
        isInitialized = yaml_parser_initialize(parser) != 0
        guard isInitialized else { return }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        // libyaml reads nothing from an empty input, but wants a pointer.
        withUnsafePointer(to: 0 as UInt8) { empty in
            yaml_parser_set_input_string(parser, base ?? empty, input.count)
        }
    }

    deinit {
        if isInitialized { yaml_parser_delete(parser) }
        parser.deallocate()
    }

    /// Parses the next event and passes it to `body`; the event is freed when
    /// `body` returns.
    ///
    /// - Returns: what `body` returned, or the problem libyaml reported.
    func nextEvent<T>(_ body: (borrowing yaml_event_t) -> T) -> Result<T, YAMLProblem> {
        guard isInitialized else {
            return .failure(YAMLProblem(.syntax, "libyaml could not allocate its parser", at: .start))
        }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else {
            return .failure(currentProblem())
        }
        defer { yaml_event_delete(&event) }
        return .success(body(event))
    }

    /// The error libyaml recorded, worded as one sentence, at its place.
    private func currentProblem() -> YAMLProblem {
        let state = parser.pointee
        var message = state.problem.map { String(cString: $0) } ?? "invalid YAML"
        if state.error == YAML_MEMORY_ERROR {
            message = "libyaml ran out of memory"
        }
        if let context = state.context {
            message += " " + String(cString: context)
        }
        let mark: Mark
        if state.error == YAML_READER_ERROR {
            // A reader error (invalid UTF-8, a control character) gives a byte
            // offset rather than a mark.
            // libyaml gives -1 when the input ends inside a character.
            if (0...0xFF).contains(state.problem_value) {
                let byte = String(state.problem_value, radix: 16, uppercase: true)
                message += " (byte 0x\(byte.count == 1 ? "0" : "")\(byte))"
            }
            mark = SourceLines(input).mark(atByteOffset: state.problem_offset)
        } else {
            mark = SourceLines(input).clamp(Mark(state.problem_mark))
        }
        return YAMLProblem(.syntax, message, at: mark)
    }
}

extension Mark {
    /// libyaml's 0-based mark, made 1-based.
    init(_ mark: yaml_mark_t) {
        self.init(line: mark.line + 1, column: mark.column + 1)
    }
}
