import JuiceMaker

extension DisplayName {
    /// Every translation of the name, as an editor shows them side by
    /// side: `Kiwi / 키위`.
    var allTranslations: String {
        translations.map(\.text).joined(separator: " / ")
    }
}
