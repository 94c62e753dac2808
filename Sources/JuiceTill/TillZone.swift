import Foundation

/// A time zone as a till's export writes it: an IANA name (`Asia/Seoul`),
/// an offset (`+09:00`, `UTC+9`, `GMT-05:30`, `UTC`), or one of the names
/// Square writes (`Seoul`, `Pacific Time (US & Canada)`).
package enum TillZone {
    /// The zone `text` names; `nil` when it names none.
    package static func named(_ text: String) -> TimeZone? {
        let name = text.trimmingWhitespace
        if let iana = squareNames[name] { return TimeZone(identifier: iana) }
        if let seconds = offset(name) { return TimeZone(secondsFromGMT: seconds) }
        // An IANA name has a `/` (or is UTC): a bare word such as `EST` is
        // an abbreviation Foundation may read, but not one a till means.
        guard name.contains("/") else { return nil }
        return TimeZone(identifier: name)
    }

    /// The seconds east of UTC of `+09:00`, `-0530`, `UTC+9`, `GMT-5`, `UTC`
    /// or `GMT`; `nil` for anything else or past 14 hours.
    static func offset(_ text: String) -> Int? {
        var rest = Substring(text)
        for prefix in ["UTC", "GMT"] where rest.uppercased().hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            if rest.isEmpty { return 0 }
        }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        rest = rest.dropFirst()
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        let hours: Substring
        let minutes: Substring
        switch parts.count {
        case 1 where rest.count <= 2: (hours, minutes) = (rest, "0")
        case 1 where rest.count == 4: (hours, minutes) = (rest.prefix(2), rest.suffix(2))
        case 2: (hours, minutes) = (parts[0], parts[1])
        default: return nil
        }
        guard (1...2).contains(hours.count), hours.allSatisfy(\.isASCIIDigit), minutes.allSatisfy(\.isASCIIDigit),
            let h = Int(hours), let m = Int(minutes), m < 60, h * 60 + m <= 14 * 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }
}

extension Character {
    /// Whether this is one of `0` to `9`.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
