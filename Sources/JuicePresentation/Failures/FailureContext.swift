import JuiceMaker

/// What a failure's message depends on besides the failure itself.
package struct FailureContext {
    /// Whether the command answers in JSON.
    package var isJSON: Bool
    /// The language of fruit names.
    package var language: String?
    /// The menu whose fruit names to show, once it is loaded.
    package var menu: Menu?
    /// The warnings found before the failure, part of a JSON answer.
    package var warnings: [Diagnostic] = []
    /// The options that a suggested command repeats (` --menu FILE`).
    package var repeatedArguments = ""
    /// The inventory file the command read, if any: its unknown fruits
    /// get the hint of `adjust --prune`.
    package var inventoryPath: String?
    /// The language of messages: the process's for a command, a request's
    /// for a server.
    package var catalogue: Catalogue

    /// How to say a failure in JSON to one request: in `catalogue`'s
    /// language, fruits named from `menu` once it is loaded, with the
    /// warnings found before it.
    package init(catalogue: Catalogue, menu: Menu?, warnings: [Diagnostic] = []) {
        self.init(
            isJSON: true, language: catalogue.language.rawValue, menu: menu, warnings: warnings, catalogue: catalogue)
    }

    package init(
        isJSON: Bool, language: String? = nil, menu: Menu? = nil, warnings: [Diagnostic] = [],
        repeatedArguments: String = "", inventoryPath: String? = nil, catalogue: Catalogue
    ) {
        self.isJSON = isJSON
        self.language = language
        self.menu = menu
        self.warnings = warnings
        self.repeatedArguments = repeatedArguments
        self.inventoryPath = inventoryPath
        self.catalogue = catalogue
    }
}
