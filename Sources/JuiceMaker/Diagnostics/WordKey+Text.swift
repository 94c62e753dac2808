import JuiceWords

extension WordKey {
    /// The text in `language`, its `{n}` filled with `arguments`, a Korean
    /// particle in the form its word needs (see ``KoreanParticle``).
    package func text(_ language: Language, _ arguments: [String] = []) -> String {
        let sentence = Template.fill(template(in: language), with: arguments)
        return language == .korean ? KoreanParticle.resolve(sentence) : sentence
    }
}
