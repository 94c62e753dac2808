import Foundation
import TestSupport

/// Checks a JSON value against a schema of the OpenAPI document: the subset
/// of OpenAPI 3.0's schema objects that `openapi.yaml` uses, and no more.
///
/// ``checked`` lists the keywords it checks and ``annotations`` those that
/// only describe; `OpenAPITests` fails on a schema that uses any other, so
/// that a keyword added to the document is never silently passed over.
struct SchemaValidator: Sendable {
    /// The document, for `$ref`s.
    let document: JSON

    /// The keywords checked.
    static let checked: Set = [
        "$ref", "type", "properties", "required", "additionalProperties", "items", "enum", "nullable", "minimum",
        "maximum",
    ]
    /// The keywords that change nothing about what is valid.
    static let annotations: Set = ["description", "example", "default"]

    /// What is wrong with `value` for `schema`, each problem with the path
    /// of the value (`$.recipes[0].servings`); empty when it is valid.
    func problems(_ value: JSON, _ schema: JSON, at path: String = "$") -> [String] {
        let schema = resolved(schema)
        if value == .null {
            if schema["nullable"] == .bool(true) { return [] }
            return ["\(path): null, and the schema is not nullable"]
        }
        var problems: [String] = []
        if let type = schema["type"]?.string, !Self.value(value, hasType: type) {
            return ["\(path): \(value.typeName) \(value), the schema says \(type)"]
        }
        if let choices = schema["enum"]?.array, !choices.contains(value) {
            problems.append("\(path): \(value) is not one of \(JSON.array(choices))")
        }
        if case .number(let minimum) = schema["minimum"], case .number(let number) = value, number < minimum {
            problems.append("\(path): \(value) is less than the minimum \(JSON.number(minimum))")
        }
        if case .number(let maximum) = schema["maximum"], case .number(let number) = value, number > maximum {
            problems.append("\(path): \(value) is more than the maximum \(JSON.number(maximum))")
        }
        if case .object(let members) = value {
            problems += objectProblems(members, schema, at: path)
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                problems += self.problems(item, itemSchema, at: "\(path)[\(index)]")
            }
        }
        return problems
    }

    /// The problems of an object's members: required, described and other.
    private func objectProblems(_ members: [String: JSON], _ schema: JSON, at path: String) -> [String] {
        var problems: [String] = []
        for key in schema["required"]?.array?.compactMap(\.string) ?? [] where members[key] == nil {
            problems.append("\(path): no \"\(key)\", which is required")
        }
        let properties = schema["properties"]?.object ?? [:]
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            let memberPath = "\(path).\(key)"
            if let property = properties[key] {
                problems += self.problems(member, property, at: memberPath)
                continue
            }
            switch schema["additionalProperties"] {
            case .bool(false)?: problems.append("\(memberPath): a member the schema does not allow")
            case .object(let other)?: problems += self.problems(member, .object(other), at: memberPath)
            default: break
            }
        }
        return problems
    }

    /// `schema` with its `$ref`s followed, `#/components/...` only.
    func resolved(_ schema: JSON) -> JSON {
        var schema = schema
        var seen: Set<String> = []
        while let reference = schema["$ref"]?.string, seen.insert(reference).inserted {
            schema = document.at(pointer: reference) ?? .null
        }
        return schema
    }

    private static func value(_ value: JSON, hasType type: String) -> Bool {
        switch (type, value) {
        case ("number", .number): return true
        default: return value.typeName == type
        }
    }
}

extension JSON {
    /// The value a local JSON pointer (`#/components/schemas/Report`) names.
    func at(pointer: String) -> JSON? {
        guard pointer.hasPrefix("#/") else { return nil }
        var value: JSON? = self
        for part in pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            value = value?[key]
        }
        return value
    }
}
