import JuicePresentation
import LanguageServerProtocol

/// `textDocument/codeAction`: quick fixes for the diagnostics the client
/// sends back: the did-you-mean fix, adding a missing fruit, removing an
/// unused one.
struct CodeActions {
    let workspace: Workspace
    let catalogue: Catalogue

    func actions(path: String, diagnostics: [JSON]) -> JSON {
        let uri = OpenDocument.uri(ofPath: path)
        var actions: [JSON] = []
        for diagnostic in diagnostics {
            guard let code = diagnostic["code"]?.string, let id = diagnostic["data"]?["id"]?.string,
                let range = diagnostic["range"]
            else { continue }
            if code == "unknown-fruit" || code == "unknown-recipe",
                let suggestion = diagnostic["data"]?["suggestion"]?.string
            {
                actions.append(
                    action(
                        catalogue(.changeTo, suggestion), diagnostic: diagnostic, uri: uri,
                        edit: ["range": range, "newText": .string(suggestion)], preferred: true))
            }
            if code == "unknown-fruit", case .menuOrManifest = workspace.kind(of: path),
                let edit = addition(of: id, in: path)
            {
                actions.append(action(catalogue(.addFruit, id), diagnostic: diagnostic, uri: uri, edit: edit))
            }
            if code == "unused-fruit", let edit = removal(of: id, in: path) {
                actions.append(action(catalogue(.removeFruit, id), diagnostic: diagnostic, uri: uri, edit: edit))
            }
        }
        return .array(actions)
    }

    private func action(_ title: String, diagnostic: JSON, uri: String, edit: JSON, preferred: Bool = false) -> JSON {
        [
            "title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": .bool(preferred),
            "edit": ["changes": .object([uri: [edit]])],
        ]
    }

    /// A line `id: 0` after the file's last fruit, when its fruits are
    /// written one a line; `fruits:` with it at the end of a file that
    /// has none.
    private func addition(of id: String, in path: String) -> JSON? {
        let outline = workspace.outline(of: path)
        let index = workspace.lines(of: path)
        guard let last = outline.mentions.last(where: { $0.role == .fruitDefinition }) else {
            let end = index.position(line: index.lines.count, column: index.lines.last.map { $0.count + 1 } ?? 1)
            let before = index.lines.last?.isEmpty == false ? "\n" : ""
            return ["range": Range(start: end, end: end).json, "newText": .string(before + "fruits:\n  \(id): 0\n")]
        }
        let line = index.text(ofLine: last.line - 1)
        let indent = line.prefix { $0 == " " }.count
        guard indent == last.column - 1 else { return nil }
        // After the last fruit's block: the lines indented deeper than it.
        var row = last.line
        while row < index.lines.count, Self.indent(of: index.text(ofLine: row)) > indent { row += 1 }
        row = Self.trimmingBlankLines(index, from: row, downTo: last.line)
        let start = Position(line: row, character: 0)
        return [
            "range": Range(start: start, end: start).json,
            "newText": .string(String(repeating: " ", count: indent) + "\(id): 0\n"),
        ]
    }

    /// The lines of the fruit `id`'s entry, when it starts its line.
    private func removal(of id: String, in path: String) -> JSON? {
        guard
            let fruit = workspace.outline(of: path).mentions.first(where: {
                $0.role == .fruitDefinition && $0.text == id
            })
        else { return nil }
        let index = workspace.lines(of: path)
        let indent = Self.indent(of: index.text(ofLine: fruit.line - 1))
        guard indent == fruit.column - 1 else { return nil }
        var row = fruit.line
        while row < index.lines.count, Self.indent(of: index.text(ofLine: row)) > indent { row += 1 }
        row = Self.trimmingBlankLines(index, from: row, downTo: fruit.line)
        return [
            "range": Range(start: Position(line: fruit.line - 1, character: 0), end: Position(line: row, character: 0))
                .json,
            "newText": "",
        ]
    }

    /// `row` moved up over the blank lines above it, no higher than `top`:
    /// the blank lines that end a block are not part of it.
    private static func trimmingBlankLines(_ index: LineIndex, from row: Int, downTo top: Int) -> Int {
        var row = row
        while row > top, index.text(ofLine: row - 1).allSatisfy({ $0 == " " }) { row -= 1 }
        return row
    }

    /// The indentation of a line; a blank line counts as deeper than any.
    private static func indent(of line: String) -> Int {
        line.allSatisfy { $0 == " " } ? Int.max : line.prefix { $0 == " " }.count
    }
}
