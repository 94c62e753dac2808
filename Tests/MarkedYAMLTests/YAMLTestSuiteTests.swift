import Foundation
import TestSupport
import Testing

@testable import MarkedYAML

/// Runs the official YAML test suite's data (../shared/yaml-test-suite, beside
/// the repository): every case that loads is compared with its `in.json`,
/// every case marked `error` must end in a syntax problem.
///
/// libyaml 0.2.5 does not pass every case. The cases it fails are listed here
/// with the reason, and each test asserts that exactly these fail, so a fixed
/// case and a new failure both show.
@Suite(YAMLTestSuiteData.isNeeded)
struct YAMLTestSuiteTests {
    /// Valid cases with an `in.json` that do not load to that value.
    static let knownLoadFailures: [String: String] = [
        "2LFX": "a reserved directive (%FOO) is an error, not ignored with a warning",
        "2SXE": "anchor names stop at ':', so '&a: key: ...' becomes two mapping values on a line",
        "4MUZ/00": "a flow mapping's ':' on the line after a quoted key is refused",
        "4MUZ/01": "a flow mapping's ':' on the line after a quoted key is refused",
        "4MUZ/02": "a flow mapping's ':' on the line after a plain key is refused",
        "58MP": "a flow plain scalar starting with ':' ({x: :x}) is refused",
        "5MUD": "a flow ':' on the next line, adjacent to the value, is refused",
        "5T43": "a flow value starting with ':' right after a quoted key's ':' is refused",
        "652Z": "'?foo' in a flow mapping is read as an explicit key 'foo'",
        "6BCT": "a tab as separation space after '-' is refused",
        "6CA3": "a tab before a top-level flow collection is refused",
        "6LVF": "a reserved directive (%FOO) is an error, not ignored with a warning",
        "7Z25": "a bare document after '...' without '---' is refused",
        "8XYN": "an anchor name with a non-ASCII character is refused",
        "96NN/00": "a tab leading the content of a literal block scalar is refused",
        "96NN/01": "a tab leading the content of a literal block scalar is refused",
        "9SA2": "a double-quoted flow mapping key over two lines is refused",
        "A2M4": "a tab after '-' in an indentation indicator context is refused",
        "BEC7": "%YAML 1.3 is refused as incompatible instead of accepted with a warning",
        "DBG4": "flow plain scalars starting with ':' (e.g. ::vector in flow) are refused",
        "DK3J": "a zero-indented folded scalar after '--- >' is refused",
        "DK95/00": "a tab in the indentation before a plain scalar value is refused",
        "DK95/03": "a line holding only a space and a tab before the first key is refused",
        "DK95/04": "a line holding only a tab between mapping entries is refused",
        "FP8R": "a zero-indented folded scalar after '--- >' is refused",
        "HM87/00": "a flow plain scalar starting with ':' ([:x]) is refused",
        "HM87/01": "'?x' in a flow sequence is read as an explicit key, making a mapping",
        "HWV9": "a stream of just '...' is refused",
        "JEF9/02": "a keep-chomped literal ending in spaces without a final newline loses its last line break",
        "K3WX": "a flow ':' on the line after a key and a comment is refused",
        "L24T/01": "a literal's last line of spaces, with no final newline, gets no line break",
        "M7A3": "a comment-only document between '...' markers is refused",
        "MUS6/05": "an unknown directive (%YAM) is an error, not ignored with a warning",
        "MUS6/06": "an unknown directive (%YAMLL) is an error, not ignored with a warning",
        "NJ66": "a plain flow mapping key over two lines is refused",
        "Q5MG": "a tab before a top-level flow mapping is refused",
        "QT73": "a comment followed by '...' only is refused",
        "R4YG": "a tab in the content of a block scalar with an indentation indicator is refused",
        "UT92": "a plain flow key over two lines starting with '%' is refused",
        "VJP3/01": "a flow mapping key and ':' on separate lines is refused",
        "W4TN": "a '%' line inside a literal block scalar is read as a directive",
        "W5VH": "an anchor name with ':' and other indicator characters is refused",
        "Y2GN": "anchor names stop at ':', so '&an:chor value' loads as ':chor value'",
        "Y79Y/001": "a line of a space and a tab inside a literal block scalar is refused",
        "Y79Y/010": "a tab between two '-' of nested block sequences is refused",
    ]

    /// Valid cases without an `in.json` that end in a fatal problem.
    static let knownLoadFailuresWithoutJSON: [String: String] = [
        "2JQS": "an empty block mapping key (': a') is refused",
        "4ABK": "a flow mapping key with an adjacent ':' and empty value ('omitted value:,') is refused",
        "6M2F": "an empty key after an explicit '?' entry is refused",
        "CFD4": "an empty key in a single-pair flow sequence ('[ : x ]') is refused",
        "FRK4": "an empty flow value before ',' ('? foo :,') is refused",
        "M2N8/00": "an empty key inside an explicit key ('? : x') is refused",
        "NHX8": "an empty block mapping key (':' alone) is refused",
        "NKF9": "an empty block mapping key (': empty key') is refused",
        "S3PD": "an empty block mapping key (': # Both empty') is refused",
        "SM9W/01": "a stream of just ':' (empty key, empty value) is refused",
        "UKK6/00": "an empty key in a block sequence entry ('- :') is refused",
    ]

    /// Cases marked `error` that load without a syntax problem.
    static let knownErrorCasesAccepted: [String: String] = [
        "9C9N": "a flow sequence's continuation lines less indented than its key are accepted",
        "9HCY": "a %TAG directive after a document without '...' is accepted",
        "9JBA": "a comment without a space after a flow sequence's ']' is accepted",
        "CVW2": "a comment without a space after a flow ',' is accepted",
        "DK95/01": "a tab as indentation of a double-quoted continuation line is accepted",
        "EB22": "a %YAML directive after a document without '...' is accepted",
        "G5U8": "'-' as a plain scalar in a flow sequence is accepted",
        "MUS6/00": "a comment without a space after a %YAML directive is accepted",
        "MUS6/01": "a second %YAML directive for the next document without '...' is accepted",
        "QB6E": "a double-quoted scalar's continuation lines less indented than its key are accepted",
        "RHX7": "a %YAML directive after a document without '...' is accepted",
        "S98Z": "a block scalar whose leading empty lines are more indented than its first content is accepted",
        "SU5Z": "a comment without a space after a double-quoted scalar is accepted",
        "X4QW": "a comment without a space after a block scalar indicator is accepted",
        "Y79Y/003": "a tab as indentation inside a flow sequence in a block sequence is accepted",
        "YJV2": "'-' as a plain scalar in a flow sequence ([-]) is accepted",
    ]

    @Test func everyLoadableCaseMatchesItsJSON() throws {
        let cases = try Self.cases().filter { !$0.isError && $0.json != nil }
        try #require(!cases.isEmpty)
        var failures: [String: String] = [:]
        for testCase in cases {
            if let reason = try Self.mismatch(testCase) {
                failures[testCase.id] = reason
            }
        }
        Self.expect(failures, equalTo: Self.knownLoadFailures)
    }

    @Test func everyErrorCaseEndsInASyntaxProblem() throws {
        let cases = try Self.cases().filter(\.isError)
        try #require(!cases.isEmpty)
        var failures: [String: String] = [:]
        for testCase in cases {
            let stream = YAMLStream(bytes: try testCase.yaml())
            if stream.problems.last?.kind != .syntax {
                let last = stream.problems.last.map { "ended in \($0.kind) at \($0.mark)" } ?? "had no problem"
                failures[testCase.id] = "loaded \(stream.documents.count) document(s) and \(last)"
            }
        }
        Self.expect(failures, equalTo: Self.knownErrorCasesAccepted)
    }

    @Test func everyValidCaseWithoutJSONLoadsWithoutAFatalProblem() throws {
        // These cases have no JSON form (complex keys, for one); a duplicate
        // key is allowed here, since the suite does not forbid it.
        let cases = try Self.cases().filter { !$0.isError && $0.json == nil }
        try #require(!cases.isEmpty)
        var failures: [String: String] = [:]
        for testCase in cases {
            if let problem = YAMLStream(bytes: try testCase.yaml()).problems.first(where: \.isFatal) {
                failures[testCase.id] = "\(problem.mark): \(problem.message)"
            }
        }
        Self.expect(failures, equalTo: Self.knownLoadFailuresWithoutJSON)
    }

    @Test func aJSONStreamSplitsIntoItsValues() throws {
        let text = #" "a\"]" 12.5 [1, {"b": "}"}]\#n\#nnull {"c": [true]} false"#
        let values = try JSON.stream(Data(text.utf8))
        #expect(
            values == [
                .string("a\"]"), .number(12.5), .array([.number(1), .object(["b": .string("}")])]),
                .null, .object(["c": .array([.bool(true)])]), .bool(false),
            ])
    }

    @Test func theKnownFailuresNameCasesOfTheSuite() throws {
        let ids = Set(try Self.cases().map(\.id))
        let listed = Set(Self.knownLoadFailures.keys)
            .union(Self.knownLoadFailuresWithoutJSON.keys).union(Self.knownErrorCasesAccepted.keys)
        #expect(listed.subtracting(ids).sorted() == [])
    }

    // MARK: Comparing

    /// Checks that the failures are exactly the known ones, naming each
    /// difference with its reason.
    static func expect(
        _ failures: [String: String], equalTo known: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for id in Set(failures.keys).subtracting(known.keys).sorted() {
            Issue.record("\(id) fails but is not listed: \(failures[id]!)", sourceLocation: sourceLocation)
        }
        for id in Set(known.keys).subtracting(failures.keys).sorted() {
            Issue.record("\(id) is listed as failing (\(known[id]!)) but passes", sourceLocation: sourceLocation)
        }
    }

    /// Why the case does not load to its `in.json`, or `nil` when it does.
    static func mismatch(_ testCase: SuiteCase) throws -> String? {
        let stream = YAMLStream(bytes: try testCase.yaml())
        if let problem = stream.problems.first {
            return "\(problem.mark): \(problem.message)"
        }
        let expected = try JSON.stream(try #require(testCase.json))
        guard stream.documents.count == expected.count else {
            return "\(stream.documents.count) document(s) where in.json has \(expected.count)"
        }
        for (index, (document, value)) in zip(stream.documents, expected).enumerated() {
            if let difference = difference(document.root, value, path: "document \(index + 1)") {
                return difference
            }
        }
        return nil
    }

    /// Where `node` differs from `value`, or `nil` when it does not. Scalars
    /// are compared as text: a number by the Double it spells, a boolean or
    /// null by the core schema's words.
    static func difference(_ node: Node, _ value: JSON, path: String) -> String? {
        let found: String
        switch (value, node.content) {
        case (.null, _):
            if node.isNull { return nil }
            found = "not null"
        case (.bool(let bool), .scalar(let scalar)):
            let words = bool ? ["true", "True", "TRUE"] : ["false", "False", "FALSE"]
            if words.contains(scalar.text) { return nil }
            found = scalar.text.debugDescription
        case (.number(let number), .scalar(let scalar)):
            if coreSchemaNumber(scalar.text) == number { return nil }
            found = scalar.text.debugDescription
        case (.string(let string), .scalar(let scalar)):
            if string == scalar.text { return nil }
            found = scalar.text.debugDescription
        case (.array(let values), .sequence(let items)):
            guard values.count == items.count else {
                found = "\(items.count) items where JSON has \(values.count)"
                break
            }
            for (index, (item, value)) in zip(items, values).enumerated() {
                if let difference = difference(item, value, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.object(let object), .mapping(let pairs)):
            guard object.count == pairs.count else {
                found = "\(pairs.count) pairs where JSON has \(object.count)"
                break
            }
            for pair in pairs {
                guard let key = pair.key.scalar?.text, let value = object[key] else {
                    return "\(path): key at \(pair.key.mark) is not in in.json"
                }
                if let difference = difference(pair.value, value, path: "\(path).\(key)") { return difference }
            }
            return nil
        default:
            found = node.kindDescription
        }
        return "\(path) at \(node.mark): expected \(value), found \(found)"
    }

    /// The value of a core-schema number (decimal, `0x` hex, `0o` octal).
    static func coreSchemaNumber(_ text: String) -> Double? {
        if text.hasPrefix("0x"), let int = Int(text.dropFirst(2), radix: 16) { return Double(int) }
        if text.hasPrefix("0o"), let int = Int(text.dropFirst(2), radix: 8) { return Double(int) }
        guard text.allSatisfy({ "+-.0123456789eE".contains($0) }) else { return nil }
        return Double(text)
    }

    // MARK: Finding the cases

    /// One case: a folder with `in.yaml`.
    struct SuiteCase {
        /// The folder's id, with the variant for a sub-folder (`2G84/01`).
        let id: String
        let folder: URL
        let isError: Bool
        let json: Data?

        func yaml() throws -> [UInt8] {
            Array(try Data(contentsOf: folder.appendingPathComponent("in.yaml")))
        }
    }

    static var suiteFolder: URL { YAMLTestSuiteData.folder }

    /// Every case of the suite, sub-folders included, sorted by id. Records an
    /// issue when the suite is missing, so that no test passes without it.
    static func cases() throws -> [SuiteCase] {
        let manager = FileManager.default
        guard manager.fileExists(atPath: suiteFolder.appendingPathComponent("README.md").path) else {
            Issue.record("the YAML test suite is missing at \(suiteFolder.path)")
            return []
        }
        var cases: [SuiteCase] = []
        for name in try manager.contentsOfDirectory(atPath: suiteFolder.path).sorted() {
            let folder = suiteFolder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let variants = try manager.contentsOfDirectory(atPath: folder.path).filter { $0.allSatisfy(\.isNumber) }
            let folders =
                variants.isEmpty
                ? [(name, folder)]
                : variants.sorted().map {
                    ("\(name)/\($0)", folder.appendingPathComponent($0))
                }
            for (id, folder) in folders where manager.fileExists(atPath: folder.appendingPathComponent("in.yaml").path)
            {
                cases.append(
                    SuiteCase(
                        id: id, folder: folder,
                        isError: manager.fileExists(atPath: folder.appendingPathComponent("error").path),
                        json: manager.contents(atPath: folder.appendingPathComponent("in.json").path)))
            }
        }
        return cases
    }
}

/// in.json holds several JSON values one after another.
extension JSON {
    /// The values of a text holding several JSON values one after another.
    static func stream(_ data: Data) throws -> [JSON] {
        try split(Array(data)).map { try JSONDecoder().decode(JSON.self, from: Data($0)) }
    }

    /// Splits concatenated JSON values at the ends of top-level values,
    /// minding strings and their escapes.
    static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
        var values: [ArraySlice<UInt8>] = []
        var index = 0
        while index < bytes.count {
            guard !isSpace(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            var depth = 0
            var inString = false
            scan: while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case _ where inString:
                    if byte == UInt8(ascii: "\\") {
                        index += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { break scan }
                    }
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { break scan }
                default:
                    // A number or a word ends at whitespace.
                    if depth == 0 && (index == bytes.count || isSpace(bytes[index])) { break scan }
                }
            }
            values.append(bytes[start..<min(index, bytes.count)])
        }
        return values
    }
}

/// Where the official YAML test suite's data is: `../shared/yaml-test-suite`
/// beside the repository.
enum YAMLTestSuiteData {
    static let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // MarkedYAMLTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("../shared/yaml-test-suite").standardizedFileURL

    /// Whether to run the suite: when its data is there, and always in CI
    /// (`CI` set), where its absence is a failure.
    static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil
            || FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path)
    }

    /// The trait of every test that reads the data: skipped, and said so,
    /// where it is not available.
    static var isNeeded: ConditionTrait {
        .enabled(if: isAvailable, "the YAML test suite is not at ../shared/yaml-test-suite")
    }
}
