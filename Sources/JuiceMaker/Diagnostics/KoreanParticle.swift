/// Korean particles that take their form from the word before them: `이`
/// after a final consonant (batchim), `가` after a vowel. A Korean template
/// writes both forms (`{1}이(가)`), and the filled sentence keeps the one
/// the word needs: `재고가`, `항목 3이`.
///
/// The word's sound is read from its last letter, past closing quotes and
/// brackets: a Hangul syllable by its batchim; a digit as it is read in
/// Korean (0 영, 1 일, 3 삼, 6 육, 7 칠, 8 팔 end in a consonant; 2, 4, 5,
/// 9 do not); a Latin word ends in a consonant when it ends in `l`, `m`,
/// `n`, `ng`, or a silent `e` after `l`, `m` or `n` (`lemon`, `레몬이`;
/// `lime`, `라임이`; `apple`, `애플이`), and in a vowel otherwise (`kiwi`,
/// `키위가`). Any other letter keeps both forms.
package enum KoreanParticle {
    /// A particle written with both its forms, and each form.
    private struct Form {
        var both: String
        var afterConsonant: String
        var afterVowel: String
    }

    private static let forms = [
        Form(both: "이(가)", afterConsonant: "이", afterVowel: "가"),
        Form(both: "을(를)", afterConsonant: "을", afterVowel: "를"),
        Form(both: "은(는)", afterConsonant: "은", afterVowel: "는"),
        Form(both: "과(와)", afterConsonant: "과", afterVowel: "와"),
        Form(both: "(이)라는", afterConsonant: "이라는", afterVowel: "라는"),
    ]

    /// `text` with each particle written with both forms in the one form
    /// the word before it needs.
    package static func resolve(_ text: String) -> String {
        guard text.contains("(") else { return text }
        var result = ""
        var rest = Substring(text)
        scanning: while let first = rest.first {
            for form in forms where rest.hasPrefix(form.both) {
                let chosen = endsInConsonant(result).map { $0 ? form.afterConsonant : form.afterVowel }
                result += chosen ?? form.both
                rest = rest.dropFirst(form.both.count)
                continue scanning
            }
            result.append(first)
            rest = rest.dropFirst()
        }
        return result
    }

    /// Whether `text`'s last word ends in a consonant when read in Korean;
    /// `nil` when its last letter does not say.
    static func endsInConsonant(_ text: String) -> Bool? {
        let word = text.reversed().drop { "'\"’”)]」』 ".contains($0) }
        guard let last = word.first, let scalar = last.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0xAC00...0xD7A3: return (scalar.value - 0xAC00) % 28 != 0
        case 0x30...0x39: return "013678".unicodeScalars.contains(scalar)
        case 0x41...0x5A, 0x61...0x7A:
            let ending = String(word.prefix(2).reversed()).lowercased()
            return "lmn".contains(ending.suffix(1)) || ["ng", "le", "me", "ne"].contains(ending)
        default: return nil
        }
    }
}
