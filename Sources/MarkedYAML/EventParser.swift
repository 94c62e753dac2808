internal import CYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns one libyaml parser over a buffer and copies its events out in
/// batches. The buffer must outlive the parser.
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

    /// Replaces `batch`'s events with the next ones: up to `reading`'s
    /// `maxEvents`, or fewer once their texts pass its `maxBytes`, or up to
    /// the stream's end or libyaml's failure (then the batch's
    /// ``EventBatch/end`` says which).
    func fill(_ batch: inout EventBatch, as reading: EventReading) {
        batch.removeAll()
        guard isInitialized else {
            batch.end = .failed(YAMLProblem(.syntax, "libyaml could not allocate its parser", at: .start))
            return
        }
        var event = yaml_event_t()
        while batch.count < reading.maxEvents, batch.byteCount < reading.maxBytes {
            guard yaml_parser_parse(parser, &event) != 0 else {
                batch.end = .failed(currentProblem())
                return
            }
            let copy = Self.copy(event, into: &batch)
            yaml_event_delete(&event)
            batch.append(copy)
            if copy.kind == .streamEnd {
                batch.end = .finished
                return
            }
        }
    }

    /// `event` with its texts kept in `batch`.
    @inline(__always)
    private static func copy(_ event: borrowing yaml_event_t, into batch: inout EventBatch) -> EventBatch.Event {
        var copy = EventBatch.Event(
            kind: .streamStart, line: UInt32(truncatingIfNeeded: event.start_mark.line + 1),
            column: UInt32(truncatingIfNeeded: event.start_mark.column + 1))
        switch event.type {
        case YAML_STREAM_END_EVENT:
            copy.kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            copy.kind = .documentStart
        case YAML_DOCUMENT_END_EVENT:
            copy.kind = .documentEnd
        case YAML_ALIAS_EVENT:
            copy.kind = .alias
            copy.value = batch.append(text(event.data.alias.anchor))
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            copy.kind = .scalar
            copy.isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            copy.value = batch.append(UnsafeBufferPointer(start: scalar.value, count: scalar.length))
            copy.tag = batch.append(text(scalar.tag))
            copy.anchor = batch.append(text(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            copy.kind = .sequenceStart
            copy.tag = batch.append(text(event.data.sequence_start.tag))
            copy.anchor = batch.append(text(event.data.sequence_start.anchor))
        case YAML_MAPPING_START_EVENT:
            copy.kind = .mappingStart
            copy.tag = batch.append(text(event.data.mapping_start.tag))
            copy.anchor = batch.append(text(event.data.mapping_start.anchor))
        case YAML_SEQUENCE_END_EVENT:
            copy.kind = .sequenceEnd
        case YAML_MAPPING_END_EVENT:
            copy.kind = .mappingEnd
        default:
            break
        }
        return copy
    }

    /// The bytes of a NUL-terminated text of libyaml's, without the NUL.
    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> UnsafeBufferPointer<UInt8>? {
        pointer.map {
            UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)))
        }
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
