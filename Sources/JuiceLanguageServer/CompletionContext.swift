/// Where in the YAML the cursor is, from the text alone (which is
/// usually unfinished while completing): the keys that lead there, and
/// whether a key or a value is being typed.
struct CompletionContext: Equatable {
    /// The keys from the root to the mapping the cursor is in.
    var path: [String]
    /// The key whose value is typed, `nil` where a key is typed.
    var valueOf: String?
    /// What is typed so far of the word at the cursor.
    var prefix: String

    /// The context at 0-based `line` and scalar `offset` of `lines`.
    init(lines: [String], line: Int, offset: Int) {
        let current = line < lines.count ? Array(lines[line].unicodeScalars) : []
        let before = String(String.UnicodeScalarView(current.prefix(offset)))
        let indent = before.prefix { $0 == " " }.count
        var path = Self.blockPath(lines: lines, above: line, indent: indent)
        var segment = Substring(before.dropFirst(indent))
        if segment.hasPrefix("- ") {
            segment = segment.dropFirst(2)
        } else if segment.hasPrefix("-"), segment.count == 1 {
            segment = ""
        }
        // Flow mappings opened on this line and not closed: their keys.
        var stack: [String] = []
        var start = segment.startIndex
        var quote: Character?
        var index = segment.startIndex
        while index < segment.endIndex {
            let character = segment[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "{" {
                stack.append(Self.key(in: segment[start..<index]) ?? "")
                start = segment.index(after: index)
            } else if character == "}" {
                _ = stack.popLast()
                start = segment.index(after: index)
            } else if character == ",", !stack.isEmpty {
                start = segment.index(after: index)
            }
            index = segment.index(after: index)
        }
        path += stack
        let typed = segment[start...]
        if let colon = Self.colon(in: typed) {
            valueOf = typed[..<colon].trimmingCharacters(in: " \"'[")
        } else if before.dropFirst(indent).hasPrefix("-"), stack.isEmpty {
            // An item of a block sequence: the value of the key above.
            valueOf = path.popLast()
        } else {
            valueOf = nil
        }
        self.path = path
        prefix = String(before.reversed().prefix { !" \t{},:[]\"'".contains($0) }.reversed())
    }

    /// The keys of the block mappings above a line indented by `indent`.
    private static func blockPath(lines: [String], above line: Int, indent: Int) -> [String] {
        var path: [String] = []
        var limit = indent
        var row = min(line, lines.count) - 1
        while row >= 0, limit > 0 {
            let text = lines[row]
            let spaces = text.prefix { $0 == " " }.count
            let content = text.dropFirst(spaces)
            if !content.isEmpty, !content.hasPrefix("#"), spaces < limit {
                var entry = Substring(content)
                var itemIndent = spaces
                if entry.hasPrefix("- ") {
                    entry = entry.dropFirst(2)
                    itemIndent += 2
                }
                if itemIndent < limit, let key = key(in: entry) {
                    path.insert(key, at: 0)
                }
                limit = spaces
            }
            row -= 1
        }
        return path
    }

    /// The key of `text` when it is `key:` with nothing but spaces or a
    /// comment after the colon.
    private static func key(in text: Substring) -> String? {
        guard let colon = colon(in: text) else { return nil }
        return text[..<colon].trimmingCharacters(in: " \"'")
    }

    /// The first colon that ends a key (followed by a space or the end).
    private static func colon(in text: Substring) -> Substring.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
