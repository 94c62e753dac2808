/// Korean particles that take their form from the word before them: `이`
/// after a final consonant (batchim), `가` after a vowel; `으로` after a
/// final consonant but `ㄹ`, `로` after a vowel or `ㄹ`. A Korean template
/// writes both forms (`{1}이(가)`, `{1}(으)로`), and the filled sentence
/// keeps the one the word needs: `재고가`, `항목 3이`, `3으로`, `1로`.
///
/// The word's sound is read from its end, past closing quotes and
/// brackets and an ellipsis (`'<order> ...'`: `order`):
/// - a Hangul syllable by its batchim;
/// - a digit as it is read in Korean: 0 영, 3 삼, 6 육 end in a
///   consonant, 1 일, 7 칠, 8 팔 in `ㄹ`, and 2, 4, 5, 9 in a vowel (a
///   number ending in 0 is read 십, 백, 천 or 만: a consonant too);
/// - a Latin word as Korean writes it: in `ㄹ` when it ends in `l` or `le`
///   (`apple`, 애플), in another consonant when it ends in `m`, `n`, `ng`,
///   `me` or `ne` (`lemon`, 레몬; `lime`, 라임), or in `t`, `p` or `k`
///   after one short vowel, or in `ck` (`--format`, 포맷; `GET`, 겟;
///   `lock`, 락), and in a vowel otherwise (`kiwi`, 키위; `order`, 오더;
///   `list`, 리스트);
/// - a word without a vowel (`csv`, `N`) is read letter by letter, and so
///   ends as its last letter's name: `l` 엘 and `r` 알 in `ㄹ`, `m` 엠 and
///   `n` 엔 in another consonant, any other letter in a vowel.
///
/// Anything else keeps both forms.
package enum KoreanParticle {
    /// How a word's last syllable ends when read in Korean.
    enum Ending: Equatable {
        case vowel
        /// A final consonant other than `ㄹ`.
        case consonant
        /// The final consonant `ㄹ`, which takes `로` as a vowel does, and
        /// every other particle as a consonant does.
        case rieul
    }

    /// A particle written with both its forms, and each form.
    private struct Form {
        var both: String
        var afterConsonant: String
        var afterVowel: String
        /// The form after `ㄹ`, when it is not ``afterConsonant``.
        var afterRieul: String?

        func form(after ending: Ending) -> String {
            switch ending {
            case .vowel: afterVowel
            case .consonant: afterConsonant
            case .rieul: afterRieul ?? afterConsonant
            }
        }
    }

    private static let forms = [
        Form(both: "이(가)", afterConsonant: "이", afterVowel: "가"),
        Form(both: "을(를)", afterConsonant: "을", afterVowel: "를"),
        Form(both: "은(는)", afterConsonant: "은", afterVowel: "는"),
        Form(both: "과(와)", afterConsonant: "과", afterVowel: "와"),
        Form(both: "(이)라는", afterConsonant: "이라는", afterVowel: "라는"),
        Form(both: "(으)로", afterConsonant: "으로", afterVowel: "로", afterRieul: "로"),
    ]

    /// `text` with each particle written with both forms in the one form
    /// the word before it needs.
    package static func resolve(_ text: String) -> String {
        guard text.contains("(") else { return text }
        var result = ""
        var rest = Substring(text)
        scanning: while let first = rest.first {
            for form in forms where rest.hasPrefix(form.both) {
                result += ending(of: result).map(form.form(after:)) ?? form.both
                rest = rest.dropFirst(form.both.count)
                continue scanning
            }
            result.append(first)
            rest = rest.dropFirst()
        }
        return result
    }

    /// How `text`'s last word ends when read in Korean; `nil` when its
    /// last letter does not say.
    static func ending(of text: String) -> Ending? {
        let word = text.reversed().drop { "'\"’”)]>」』 .…".contains($0) }
        guard let last = word.first, let scalar = last.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0xAC00...0xD7A3:
            switch (scalar.value - 0xAC00) % 28 {
            case 0: return .vowel
            case 8: return .rieul
            default: return .consonant
            }
        case 0x30...0x39:
            switch last {
            case "1", "7", "8": return .rieul
            case "0", "3", "6": return .consonant
            default: return .vowel
            }
        case 0x41...0x5A, 0x61...0x7A:
            let letters = word.prefix { $0.isASCII && $0.isLetter }.reversed().map { $0.lowercased() }.joined()
            return latinEnding(of: letters)
        default: return nil
        }
    }

    /// How a Latin word (lowercase ASCII letters) ends as Korean writes it.
    private static func latinEnding(of word: String) -> Ending {
        let letters = Array(word)
        let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
        let last = letters[letters.count - 1]
        guard letters.contains(where: vowels.contains), letters.count > 1 else {
            // Letter by letter: the last one's name.
            switch last {
            case "l", "r": return .rieul
            case "m", "n": return .consonant
            default: return .vowel
            }
        }
        let before = letters[letters.count - 2]
        switch last {
        case "l": return .rieul
        case "m", "n": return .consonant
        case "g" where before == "n": return .consonant
        case "e" where before == "l": return .rieul
        case "e" where before == "m" || before == "n": return .consonant
        case "k" where before == "c": return .consonant
        case "t", "p", "k":
            // One short vowel before: the sound closes the syllable (포맷, 겟).
            let isShortVowel =
                vowels.contains(before) && before != "y"
                && (letters.count < 3 || !vowels.contains(letters[letters.count - 3]))
            return isShortVowel ? .consonant : .vowel
        default: return .vowel
        }
    }
}
