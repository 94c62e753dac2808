import Testing

@testable import JuiceMaker

/// A Korean template writes a particle with both its forms; the filled
/// sentence keeps the one its word needs.
@Suite struct KoreanParticleTests {
    @Test(arguments: [
        ("{1}이(가) 없습니다", "재고", "재고가 없습니다"),
        ("{1}이(가) 없습니다", "과일 'banana'의 재고", "과일 'banana'의 재고가 없습니다"),
        ("'{1}'이(가) 두 번 나옵니다", "딸기", "'딸기'가 두 번 나옵니다"),
        ("'{1}'이(가) 두 번 나옵니다", "망고쥬스", "'망고쥬스'가 두 번 나옵니다"),
        ("'{1}'이(가) 두 번 나옵니다", "수박", "'수박'이 두 번 나옵니다"),
        ("'{1}'을(를) 찾으셨나요?", "banana", "'banana'를 찾으셨나요?"),
        ("'{1}'을(를) 찾으셨나요?", "lemon", "'lemon'을 찾으셨나요?"),
        ("'{1}'을(를) 찾으셨나요?", "mustang", "'mustang'을 찾으셨나요?"),
        ("과일 '{1}'을(를) 쓰는 레시피가 없습니다", "lime", "과일 'lime'을 쓰는 레시피가 없습니다"),
        ("과일 '{1}'을(를) 쓰는 레시피가 없습니다", "Mango", "과일 'Mango'를 쓰는 레시피가 없습니다"),
        ("'{1}'이(가) 두 번 나옵니다", "apple", "'apple'이 두 번 나옵니다"),
        ("항목 {1}은(는) 취소 항목입니다", "3", "항목 3은 취소 항목입니다"),
        ("항목 {1}은(는) 취소 항목입니다", "12", "항목 12는 취소 항목입니다"),
        ("항목 {1}과(와) 그 뒤", "10", "항목 10과 그 뒤"),
        ("항목 {1}과(와) 그 뒤", "4", "항목 4와 그 뒤"),
        ("'{1}'(이)라는 레시피가 없습니다", "오렌지", "'오렌지'라는 레시피가 없습니다"),
        ("'{1}'(이)라는 레시피가 없습니다", "귤", "'귤'이라는 레시피가 없습니다"),
        ("{1}이(가) 없습니다", "?!", "?!이(가) 없습니다"),
        ("{1} is missing (a note)", "stock", "stock is missing (a note)"),
    ])
    func theParticleFollowsTheWordsLastSound(template: String, word: String, expected: String) {
        #expect(Message.fill(template, with: [word]) == expected)
    }
}
