import Foundation
import JuiceMaker
import JuicePresentation

/// The server's files as its answers name them: never by an absolute path,
/// which would tell any caller how the machine is laid out. A path inside
/// the server's working directory is shown relative to it (`state/hongdae.yaml`);
/// one outside it by its file's name only (`menu.yaml`).
struct ShownPaths: Sendable {
    /// The working directory, with a final `/`.
    let workingDirectory: String

    /// The paths as seen from the process's working directory now.
    init(workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.workingDirectory = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
    }

    /// `failure` with every absolute path in it shown: in its message, in its
    /// diagnostics' files and the words of their sentences, and in their notes.
    func shown(_ failure: FailureJSON) -> FailureJSON {
        var failure = failure
        failure.message = failure.message.map(shown)
        failure.diagnostics = failure.diagnostics.map(shown)
        return failure
    }

    /// `diagnostic` with every absolute path in it shown: its file and the
    /// words of its sentence, and its notes'.
    func shown(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.location.file = shown(diagnostic.location.file)
        diagnostic.explanation = shown(diagnostic.explanation)
        diagnostic.notes = diagnostic.notes.map { note in
            var note = note
            note.location.file = shown(note.location.file)
            note.explanation = shown(note.explanation)
            return note
        }
        return diagnostic
    }

    /// `message` with each of its words shown, its parts too.
    private func shown(_ message: Message) -> Message {
        var message = message
        message.arguments = message.arguments.map { argument in
            switch argument {
            case .text(let text): .text(shown(text))
            case .message(let part): .message(shown(part))
            }
        }
        return message
    }

    /// `text` with each absolute path in it shown: a `/` at the start or
    /// after a space, quote or bracket, up to the next such character or
    /// `:` (a place's line and column) or `,`; a final `.` ends a sentence.
    func shown(_ text: String) -> String {
        let boundaries: Set<Character> = [" ", "\t", "\n", "'", "\"", "(", ")", "[", "]", "‘", "’", "“", "”"]
        var result = ""
        var rest = text[...]
        while let slash = rest.firstIndex(of: "/") {
            let before = rest[..<slash]
            let starts = slash == text.startIndex || boundaries.contains(text[text.index(before: slash)])
            guard starts else {
                result += rest[...slash]
                rest = rest[rest.index(after: slash)...]
                continue
            }
            var end = rest[slash...].firstIndex { boundaries.contains($0) || $0 == ":" || $0 == "," } ?? rest.endIndex
            while end > slash, rest[rest.index(before: end)] == "." { end = rest.index(before: end) }
            result += before + relative(String(rest[slash..<end]))
            rest = rest[end...]
        }
        return result + rest
    }

    /// An absolute `path` relative to the working directory, or its name.
    private func relative(_ path: String) -> String {
        if path.hasPrefix(workingDirectory) { return String(path.dropFirst(workingDirectory.count)) }
        return path.split(separator: "/").last.map(String.init) ?? path
    }
}
