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
        // Options, commands and HTTP methods are read as words (포맷, 겟, 포스트).
        ("('{1}'을(를) 찾으셨나요?)", "--format", "('--format'을 찾으셨나요?)"),
        ("('{1}'을(를) 찾으셨나요?)", "--store", "('--store'를 찾으셨나요?)"),
        ("('{1}'을(를) 찾으셨나요?)", "--stores", "('--stores'를 찾으셨나요?)"),
        ("('{1}'을(를) 찾으셨나요?)", "--time-limit", "('--time-limit'을 찾으셨나요?)"),
        ("('{1}'을(를) 찾으셨나요?)", "--gap-tolerance", "('--gap-tolerance'를 찾으셨나요?)"),
        ("('{1}'을(를) 찾으셨나요?)", "--dry-run", "('--dry-run'을 찾으셨나요?)"),
        ("('{1}'을(를) 찾으셨나요?)", "--all", "('--all'을 찾으셨나요?)"),
        ("('{1}'을(를) 찾으셨나요?)", "report", "('report'를 찾으셨나요?)"),
        ("'{1}'은(는) juice 명령이 아닙니다", "reprot", "'reprot'은 juice 명령이 아닙니다"),
        ("이 경로는 {1}을(를) 받지 않습니다", "GET", "이 경로는 GET을 받지 않습니다"),
        ("이 경로는 {1}을(를) 받지 않습니다", "POST", "이 경로는 POST를 받지 않습니다"),
        ("이 경로는 {1}을(를) 받지 않습니다", "PUT", "이 경로는 PUT을 받지 않습니다"),
        ("자세한 것은 '{1}'을(를) 보세요.", "juice make --help", "자세한 것은 'juice make --help'를 보세요."),
        // Paths end in a word too: 락, 야믈, 저널.
        ("다른 프로세스가 {1}을(를) 잠그고 있어", "state/main.yaml.lock", "다른 프로세스가 state/main.yaml.lock을 잠그고 있어"),
        ("재고 파일의 폴더 {1}이(가) 없습니다", "menus/../stock", "재고 파일의 폴더 menus/../stock이 없습니다"),
        ("{1}을(를) 읽을 수 없습니다", "menu.yaml", "menu.yaml을 읽을 수 없습니다"),
        ("{1}을(를) 읽을 수 없습니다", "main.journal", "main.journal을 읽을 수 없습니다"),
        ("{1}을(를) 읽을 수 없습니다", "order.json", "order.json을 읽을 수 없습니다"),
        // A word without a vowel is read letter by letter: 엔, 알, 엘, 브이.
        ("{1}은(는) 수입니다", "N", "N은 수입니다"),
        ("{1}(으)로 쓰세요", "N", "N으로 쓰세요"),
        ("{1}(으)로 쓰세요", "r", "r로 쓰세요"),
        ("{1}(으)로 쓰세요", "html", "html로 쓰세요"),
        ("{1}(으)로 쓰세요", "csv", "csv로 쓰세요"),
        ("{1}(으)로 쓰세요", "json", "json으로 쓰세요"),
        // 으로 after a consonant, 로 after a vowel or ㄹ.
        ("바나나쥬스={1}(으)로 쓰세요", "3", "바나나쥬스=3으로 쓰세요"),
        ("바나나쥬스={1}(으)로 쓰세요", "2", "바나나쥬스=2로 쓰세요"),
        ("바나나쥬스={1}(으)로 쓰세요", "7", "바나나쥬스=7로 쓰세요"),
        ("바나나쥬스={1}(으)로 쓰세요", "10", "바나나쥬스=10으로 쓰세요"),
        ("kiwi={1}(으)로 쓰세요", "-3", "kiwi=-3으로 쓰세요"),
        ("{1}(으)로", "서울", "서울로"),
        ("{1}(으)로", "부산", "부산으로"),
        ("{1}(으)로", "제주", "제주로"),
        ("{1}은(는) 오렌지를 씁니다", "orange", "orange는 오렌지를 씁니다"),
        ("{1}이(가) 없습니다", "kiwi", "kiwi가 없습니다"),
        ("{1}이(가) 없습니다", "melon", "melon이 없습니다"),
        ("{1}이(가) 없습니다", "grape", "grape가 없습니다"),
        ("{1}이(가) 없습니다", "strawberryBanana", "strawberryBanana가 없습니다"),
        ("{1}이(가) 없습니다", "pineapple", "pineapple이 없습니다"),
        ("인자 '{1}'이(가) 빠졌습니다", "<order> ...", "인자 '<order> ...'가 빠졌습니다"),
        ("{1}이(가) 없습니다", "?!", "?!이(가) 없습니다"),
        ("{1} is missing (a note)", "stock", "stock is missing (a note)"),
    ])
    func theParticleFollowsTheWordsLastSound(template: String, word: String, expected: String) {
        #expect(Message.fill(template, with: [word]) == expected)
    }
}
