import JuiceMaker

/// The library's sentences (diagnostics, file errors, order errors) in the
/// catalogue's language. English is the library's own; the other languages
/// are here, one template per ``Message/Key``, with the same `{n}`
/// placeholders. What a sentence quotes (ids, numbers, paths, the system's
/// and libyaml's own words) stays as it is.
extension Catalogue {
    /// `message` in this catalogue's language.
    package func callAsFunction(_ message: Message) -> String {
        message.rendered(using: templates)
    }

    /// The templates of the library's sentences in this language.
    package var templates: @Sendable (Message.Key) -> String {
        switch language {
        case .english: return \.english
        case .korean: return Self.korean
        }
    }

    /// ` (did you mean 'x'?)`, or nothing.
    package func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { self(Message(.didYouMean, "\($0)")) } ?? ""
    }

    /// The Korean template of a library sentence.
    package static func korean(_ key: Message.Key) -> String {
        switch key {
        case .fruitWord: "과일"
        case .recipeWord: "레시피"
        case .storeWord: "매장"
        case .aMenu, .theMenu: "메뉴"
        case .anInventory: "재고 파일"
        case .aStoresManifest, .theStoresManifest: "매장 목록"
        case .aScalar: "스칼라 값"
        case .aSequence: "시퀀스"
        case .aMapping: "매핑"
        case .null: "빈 값"
        case .fruitNamed: "과일 '{1}'"
        case .recipeNamed: "레시피 '{1}'"
        case .storeNamed: "매장 '{1}'"
        case .keyNamed: "'{1}'"
        case .usesOfRecipe: "레시피 '{1}'의 'uses'"
        case .fruitInRecipe: "레시피 '{2}'의 과일 '{1}'"
        case .stockOfFruit: "과일 '{1}'의 재고"
        case .stockOf: "'{1}'의 재고"
        case .quantityInRecipe: "레시피 '{2}'에 드는 '{1}'의 양"
        case .costOfFruit: "과일 '{1}'의 원가"
        case .priceOfRecipe: "레시피 '{1}'의 가격"
        case .quoted: "'{1}'"
        case .inQuotes: "따옴표 안의 {1}"
        case .withTag: "태그 {2}가 붙은 {1}"
        case .mustBeMapping: "{1}은(는) 매핑이어야 합니다. {2}은(는) 안 됩니다"
        case .keyMustBeScalar: "키는 스칼라 값이어야 합니다. {1}은(는) 안 됩니다"
        case .mustBeNumber: "{1}은(는) 수여야 합니다. {2}은(는) 안 됩니다"
        case .nameMustBeText: "{1}의 이름은 문자열이거나 로케일별 문자열의 매핑이어야 합니다. {2}은(는) 안 됩니다"
        case .localizedNameMustBeText: "{2}의 '{1}' 이름은 문자열이어야 합니다. {3}은(는) 안 됩니다"
        case .extendsMustBePaths: "'extends'는 경로이거나 경로의 목록이어야 합니다. {1}은(는) 안 됩니다"
        case .fruitMustBeStockOrMapping: "과일 '{1}'은(는) 재고 수이거나 매핑이어야 합니다. {2}은(는) 안 됩니다"
        case .storePathMustBePath: "매장 '{2}'의 '{1}'은(는) 경로여야 합니다. {3}은(는) 안 됩니다"
        case .wrongKind: "이 파일은 {2}이(가) 아니라 {1}입니다"
        case .toldByStores: "매장 목록('stores'가 있음)"
        case .toldByKey: "메뉴('{1}'이(가) 있음)"
        case .missingMenuKey: "메뉴에 '{1}'이(가) 없습니다 (다른 메뉴를 확장하지도 않습니다)"
        case .recipeWithoutUses: "레시피 '{1}'에 '{2}'은(는) 있지만 'uses'가 없습니다"
        case .manifestWithoutStores: "매장 목록에 'stores'가 없습니다"
        case .storeWithoutMenu: "매장 '{1}'에 'menu'가 없습니다"
        case .invalidID: "{1} 아이디 '{2}'이(가) 잘못되었습니다: {3}"
        case .idRule: "아이디는 영문자로 시작하고 영문자, 숫자, '_', '-'만 쓰며 'x-'로 시작하지 않습니다"
        case .overlongID: "{1} 아이디가 {2}바이트로, 아이디 길이 한도 {3}바이트를 넘습니다"
        case .unknownKey: "{2}에 모르는 키 '{1}'이(가) 있습니다{3}"
        case .didYouMean: " ('{1}'을(를) 찾으셨나요?)"
        case .appearsTwice: "{1}이(가) 두 번 나옵니다"
        case .invalidCount: "{1}이(가) {2}입니다: {3}부터 {4}까지의 정수를 숫자로만 써야 합니다"
        case .emptyRecipe: "레시피 '{1}'이(가) 과일을 하나도 쓰지 않습니다"
        case .unknownFruitInRecipe: "레시피 '{2}'에 모르는 과일 '{1}'이(가) 있습니다{3}"
        case .unknownFruitInInventory: "재고 파일에 모르는 과일 '{1}'이(가) 있습니다{2}"
        case .removedHere: "'{1}'은(는) 여기서 메뉴에서 뺐습니다"
        case .unusedFruit: "과일 '{1}'을(를) 쓰는 레시피가 없습니다"
        case .nothingToRemove: "'{1}: ~'이(가) 뺄 {2}이(가) 없습니다: 확장하는 메뉴 어디에도 '{1}'이(가) 없습니다"
        case .syntax: "YAML 문법 오류 (libyaml: {1})"
        case .tabIndent: "YAML 문법 오류 (libyaml: {1}): 탭입니다. YAML은 공백으로만 들여씁니다"
        case .yamlLimit: "YAML 한도를 넘었습니다 ({1})"
        case .fileTooLarge: "파일이 {1}바이트로, 입력 크기 한도 {2}바이트를 넘습니다"
        case .noDocument: "파일에 YAML 문서가 없습니다"
        case .manyDocuments: "파일에 YAML 문서가 {1}개 있습니다. 하나만 있어야 합니다"
        case .duplicateKey: "키 '{1}'이(가) 두 번 나옵니다"
        case .firstOccurrence: "처음 나온 곳은 여기입니다"
        case .extendsLoop: "메뉴들이 돌고 돌며 서로를 확장합니다: {1}"
        case .extendsTooDeep: "메뉴 확장이 {1}단계보다 깊어 확장 깊이 한도를 넘습니다"
        case .menuTooLarge: "합친 메뉴의 레시피 id와 이름이 메뉴 크기 한도 {1}바이트를 넘습니다"
        case .parentMissing: "이 메뉴가 확장하는 메뉴 '{1}'이(가) 없습니다 ({2})"
        case .parentUnreadable: "이 메뉴가 확장하는 메뉴 '{1}'을(를) 읽을 수 없습니다: {2}"
        case .storeMenuMissing: "매장 '{1}'의 메뉴가 없습니다 ({2})"
        case .storeMenuUnreadable: "매장 '{1}'의 메뉴를 읽을 수 없습니다: {2}"
        case .storeInventoryUnreadable: "매장 '{1}'의 재고 파일을 읽을 수 없습니다: {2}"
        case .forStore, .forStores: "{1} (매장: {2})"
        case .inStore: "매장 '{1}': {2}"
        case .moreProblems: "문제 {1}개는 보여 주지 않습니다 (그중 오류 {2}개). 진단 한도는 {3}개입니다"
        case .unknownRecipe: "'{1}'이라는 레시피가 없습니다{2}"
        case .unknownFruit: "'{1}'이라는 과일이 없습니다{2}"
        case .invalidServings: "'{2}'의 잔 수 '{1}'이(가) 잘못되었습니다: 1부터 {3}까지의 정수여야 합니다"
        case .notAChange: "'{1}'은(는) 재고 변경이 아닙니다: 더하려면 과일=+N, 빼려면 과일=-N, 정하려면 과일=N으로 쓰세요"
        case .invalidAmount: "'{2}'의 양 '{1}'이(가) 잘못되었습니다: +N, -N 또는 N이어야 하고 N은 0부터 {3}까지의 정수입니다"
        case .servingsOutOfRange: "잔 수 {1}이(가) 잘못되었습니다: 1부터 {2}까지의 정수여야 합니다"
        case .beyondCounting: "주문을 모두 합치면 '{1}'이(가) 셀 수 있는 것보다 많이 필요합니다 ({2} 초과). 잔 수를 줄이세요"
        case .ambiguous: "'{1}'은(는) 여러 개를 가리킵니다: {2}. 이 중 하나의 아이디를 쓰세요"
        case .fruitNamedAsRecipe: "'{1}'은(는) 레시피가 아니라 과일입니다"
        case .recipeNamedAsFruit: "'{1}'은(는) 과일이 아니라 레시피입니다"
        case .notEnoughFruit: "과일이 모자랍니다. 바뀐 것은 없습니다"
        case .shortage: "{1}: {2}개 필요, 재고 {3}개, {4}개 더 필요"
        case .aboveMaximum: "{1}이(가) {2}개가 되어 최대 {3}개를 넘습니다. 바뀐 것은 없습니다"
        case .quantityOutOfRange: "레시피 '{3}'에 드는 과일 '{2}'의 양 {1}이(가) 잘못되었습니다: 1부터 {4}까지의 정수여야 합니다"
        case .amountOutOfRange: "과일 '{2}'의 양 {1}이(가) 잘못되었습니다: 0부터 {3}까지의 정수여야 합니다"
        case .aString: "문자열"
        case .aNumber: "수"
        case .aBoolean: "참거짓 값"
        case .anArray: "배열"
        case .anObject: "객체"
        case .anEntry: "기록 항목"
        case .jsonTrailing: "JSON이 아닙니다: 항목 뒤에 무언가 더 있습니다"
        case .jsonUnexpected: "JSON이 아닙니다: 뜻밖의 문자입니다"
        case .jsonUnfinished: "JSON이 아닙니다: 값이 끝나기 전에 줄이 끝납니다"
        case .jsonTooDeep: "기록이 받는 JSON이 아닙니다: 너무 깊이 중첩되었습니다"
        case .jsonControlCharacter: "JSON이 아닙니다: 문자열 안에 제어 문자가 있습니다"
        case .jsonBadEscape: "JSON이 아닙니다: 문자열 안의 이스케이프가 잘못되었습니다"
        case .jsonBadNumber: "JSON이 아닙니다: 수가 잘못되었습니다"
        case .entryMustBeObject: "기록 항목은 객체여야 합니다. {1}은(는) 안 됩니다"
        case .entryWithout: "항목에 '{1}'이(가) 없습니다"
        case .entryTime: "'time'은 2026-11-22T09:30:00Z 같은 RFC 3339 시각이어야 합니다"
        case .entryKind: "'kind'는 다음 중 하나여야 합니다: {1}"
        case .entryReason: "'reason'은 다음 중 하나여야 합니다: {1}"
        case .entryNumber: "'{1}'은(는) {2}부터 {3}까지의 정수여야 합니다"
        case .entryCounts: "'{1}'은(는) 아이디에서 수로 가는 객체여야 합니다. {2}은(는) 안 됩니다"
        case .entryKey: "'{1}'의"
        case .entryIdempotencyKey: "'key'는 A-Z, a-z, 0-9, '_', '-' 중 1자에서 64자여야 합니다"
        case .unfinishedLine: "끝나지 않은 마지막 줄입니다(쓰기가 중간에 끊겼습니다): 건너뛰며, 다음 변경이 지웁니다"
        case .lineTooLong: "줄이 {1}바이트보다 깁니다"
        case .uncommittedEntry: "항목 {1}과(와) 그 뒤의 항목은 반영되지 않았습니다(쓰기가 중간에 끊겼습니다): 건너뛰며, 다음 변경이 지웁니다"
        case .entryOutOfOrder: "항목 {1}의 차례가 틀립니다: 다음 항목은 {2}여야 합니다"
        case .noSuchEntry: "기록에 항목 {1}이(가) 없습니다"
        case .alreadyUndone: "항목 {1}은(는) 이미 항목 {2}이(가) 취소했습니다"
        case .isUndo: "항목 {1}은(는) 취소 항목입니다: 취소한 것을 다시 하려면 새로 변경하세요"
        case .nothingToUndo: "취소할 것이 없습니다: 취소되지 않은 제조나 조정이 기록에 없습니다"
        case .keyReused: "멱등성 키 '{1}'은(는) 다른 변경(기록 항목 {2})에 쓰였습니다. 새 변경에는 새 키가 필요합니다"
        case .inventoryFolderMissing: "{1}: 재고 파일의 폴더가 없습니다(옮겨졌거나 지워졌나요?). 아무것도 바뀌지 않았습니다"
        case .inventoryNotYet: "재고 파일이 아직 없습니다: 첫 변경이 파일을 쓸 때까지 재고는 메뉴의 초기 재고입니다"
        case .inventoryFolderGone:
            "재고 파일의 폴더가 없습니다(옮겨졌거나 지워졌나요?): 보이는 재고는 메뉴의 초기 재고이며, 폴더가 돌아올 때까지 변경할 수 없습니다"
        case .noSuchFile: "{1}: 파일이 없습니다"
        case .cannotRead: "{1}: 읽을 수 없습니다: {2}"
        case .cannotReplace: "{1}: 만들거나 바꿀 수 없습니다: {2}"
        case .cannotWriteOldIntact: "{1}: 쓸 수 없습니다: {2}. 이전 파일은 그대로입니다"
        case .cannotWriteNothingWritten: "{1}: 쓸 수 없습니다: {2}. 아무 파일도 쓰지 않았습니다"
        case .notFlushed: "{1}: 썼지만 폴더를 디스크에 반영하지 못했습니다 ({2}). 전원이 꺼지면 되돌아갈 수 있습니다"
        case .stillLocked: "{1}: 다른 프로세스가 {2}초 넘게 잠그고 있습니다. 다시 해 보세요"
        case .keptChanging: "{1}: 이 변경을 쓰는 동안 손으로 {2}번 연달아 고쳐졌습니다. 아무것도 바뀌지 않았습니다. 다시 해 보세요"
        case .noSuchStore: "{2}에 '{1}' 매장이 없습니다{3}. 매장: {4}"
        case .missingPrice: "{1}에 가격이 없습니다: --objective {2}에는 모든 레시피의 가격이 필요합니다. 메뉴에서 각각 `price:`를 주세요"
        case .maxBelowMin: "--max {1}={2}이(가) --min {1}={3}보다 작습니다"
        case .minimumsShort: "--min의 잔 수를 채울 과일이 모자랍니다. 조합을 제안하지 않습니다"
        case .mixBeyondCounting: "조합의 값이 셀 수 있는 것보다 커집니다 ({1} 초과). 가격이나 재고를 줄이세요"
        case .solverUnavailable: "해를 구하는 COIN-OR CBC를 불러올 수 없습니다 ({1}). 설치하세요 (Debian: apt install coinor-libcbc3)"
        case .storeHasNoInventory:
            "{2}의 '{1}' 매장에는 재고 파일이 없어 재고를 바꿀 수 없습니다: 그 항목에 `inventory: FILE`을 더하세요"
        }
    }
}
