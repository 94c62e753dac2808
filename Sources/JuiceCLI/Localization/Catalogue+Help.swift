import JuicePresentation
import JuiceWords

/// What `--help` says: the keys of the commands' abstracts and discussions
/// and of the help of every option and argument, whose templates the word
/// tables hold (`help.` keys). The examples in a discussion are commands,
/// the same in every language, and stay with their command (see
/// ``discussion(_:examples:)``).
extension Catalogue {
    /// A help text.
    package enum Help: String, CaseIterable, Sendable {
        case rootAbstract, rootDiscussion, examples
        case reportAbstract, reportDiscussion, makeAbstract, makeDiscussion, adjustAbstract, adjustDiscussion
        case planAbstract, planDiscussion, menuAbstract, menuDiscussion, validateAbstract, validateDiscussion
        case menuOption, menuDefault, inventoryOption, inventoryDefault, storeOption, storeDefault
        case localeOption, localeDefault, storesOption, quietFlag, dryRunFlag, undoDryRunFlag, importDryRunFlag
        case formatTextJSON, formatTextJSONCSV, formatAll, formatValidate
        case ordersArgument, changesArgument, pruneFlag, pruneDiscussion, filesArgument, strictFlag
        case reasonOption, sinceOption, untilOption, kindOption, fruitFilter, recipeFilter
        case logAbstract, logDiscussion, undoAbstract, undoDiscussion, undoArgument, usageAbstract, usageDiscussion
        case mixAbstract, mixDiscussion, objectiveOption, maxOption, minOption, timeLimitOption, gapToleranceOption
        case countAbstract, countDiscussion, countsArgument, allFlag, blindFlag, varianceAbstract, varianceDiscussion
        case byOption
        case orderAbstract, orderDiscussion, receiveAbstract, receiveDiscussion, orderFileArgument, arrivedArgument
        case placeFlag, cancelOption, ordersAbstract, ordersDiscussion
        case schemaAbstract, schemaDiscussion, schemaKindArgument
        case lspAbstract, lspDiscussion
        case initAbstract, initDiscussion, initChainFlag
        case backupAbstract, backupDiscussion, backupFolderArgument, restoreAbstract, restoreDiscussion
        case restoreFolderArgument, forceFlag, restoreStoreOption
        case importAbstract, importDiscussion, exportsArgument, fromOption, mapOption, columnsOption
        case timeZoneOption, locationOption
        case forecastAbstract, forecastDiscussion, daysOption, historyOption, methodOption
        case forecastFlag, safetyOption
        case wasteAbstract, wasteDiscussion, expiredFlag, expiringAbstract, expiringDiscussion, withinOption
    }

    /// `help` in this catalogue's language.
    func callAsFunction(_ help: Help) -> String {
        help.template(in: language)
    }

    /// A command's discussion: its text, then `Examples:` and a line per
    /// example.
    func discussion(_ help: Help, examples: [String]) -> String {
        self(help) + "\n\n" + self(.examples) + "\n" + examples.map { "  " + $0 }.joined(separator: "\n")
    }
}

extension Catalogue.Help: WordKey {
    /// The help's keys are `help.` and the case's name.
    package static var namespace: String { "help" }
}
