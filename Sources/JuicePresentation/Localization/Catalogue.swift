import JuiceMaker
import JuiceWords

/// Every sentence and table header `juice` shows a person in text, in the
/// language it speaks: the keys of the texts (``Text``) whose templates the
/// word tables hold (`Sources/JuiceWords/Resources`, `text.` keys), and the
/// library's sentences (`Catalogue+Messages.swift`). Codes, JSON keys, CSV
/// headers and exit codes are not words: they never change with the
/// language.
///
/// A text is a template; `{1}`, `{2}`, ... stand for its arguments in order.
package struct Catalogue: Sendable {
    /// A text of the catalogue.
    package enum Text: String, CaseIterable, Sendable {
        // Table headers.
        case fruitHeader, stockHeader, juiceHeader, servingsHeader, limitedByHeader, missingHeader
        case neededHeader, haveHeader, onOrderHeader, buyHeader, beforeHeader, afterHeader, nameHeader, recipeHeader
        case usesHeader, storeHeader
        // make and adjust.
        case readyOne, readyMany, stockLine, dryRun, wouldDrop, dropped
        // plan.
        case nothingToBuy, toBuy
        // Chains.
        case noStoreToReport, noStoreReported, notReported, noStoreToPlan, noStorePlanned, notPlanned
        // Refusals.
        case notEnoughFruit, shortLine, toAddThem, toMakeIt, noStoreMayHold, belowZero, removeLine, pruneHint
        case shortExpiredLine, expiredLine, expiringLine
        // Notes.
        case absentInventory, waitingForLock, unknownLanguage, shopInParent, builtinMenuUsed
        // validate's summaries.
        case valid, errorCount, errorsCount, warningCount, warningsCount, absentInventorySummary
        case salesMapUnchecked, salesMapOneMenu, salesMapMenus
        // Output.
        case cannotWriteOutput
        // Hints and usage.
        case countAsWord, recipesOnMenu, fruitToMake, juicesUsingFruit, recipeToAdjust, notACommand, negativeAsOption
        case nameACommand, tooManyArguments, aboveMaximum, storeCount, usageBeyondCounting
        case emptyFileName, emptyStoreName, storeWithFiles, storesWithFiles, storesNeedsStore, noChange
        case menuTakesNoInventory
        // init.
        case created, addedToGitignore, initNext, initNextChain
        // backup and restore.
        case backupTaken, backupStoreLine, restoredFrom, restoredOver
        // The journal.
        case notATime, emptyPeriod, notAnEntry, undid, wouldUndo, kindMake, kindAdjust, kindUndo, kindEdit
        case kindOrder, kindOrderCancel, ofOrder
        case reasonDelivery, reasonWaste, reasonCount, reasonCorrection, reasonExpired, noEntries
        case usedHeader, deliveredHeader, wastedHeader, countedHeader, nothingInPeriod, madeHeader, noChangeShort
        case usedCostHeader, wastedCostHeader
        // Counting, variance and days.
        case countPrompt, notACountNumber, countCancelled, noCount, allNeedsTerminal
        case blindPrompt, notABlindCount, leftUncounted, nothingCounted, blindNeedsAll
        case startHeader, correctedHeader, expectedHeader, countHeader, varianceHeader, varianceCostHeader
        case shareHeader, notCountedInPeriod, dayHeader, entriesHeader, changesHeader, countedList
        // mix.
        case priceHeader, costHeader, mixServingsHeader, revenueHeader, marginHeader, totalRow
        case leftLine, usedUpLine, nothingUsedUp, provenOptimal, stoppedAtTimeLimit, stoppedWithinTolerance
        case boundTwice, invalidTimeLimit, invalidGapTolerance, maxNeedsCount
        case noStoreToMix, noStoreMixed, notMixed
        // Suppliers: the menu's terms, order, plan's packs, receive.
        case parHeader, reorderHeader, packHeader, packsHeader, unitsHeader, supplierHeader, minimumHeader
        case noSupplier, nothingToOrder, nothingBeyondOrders, noPar, belowMinimum, costUnknown, chainTotal,
            supplierPacks
        case packCount, onePack, orderBeyondCounting, orderTotalBeyondCounting, allSuppliers, allSuppliersCost
        case allSuppliersCostUnknown
        case noStoreToOrder, noStoreOrdered, notOrdered
        // Orders placed, received once, cancelled (SPEC 16).
        case cancelAlone, notAnOrderID, receiveWhat, orderCancelledLine, orderReceivedLine, arrivedShortLine
        case arrivedShortOfFileLine
        case orderPlacedLine, nothingPlaced, noOpenOrders, orderHeader, timeHeader, orderLinesHeader
        // Sales from the till (SPEC 17).
        case importTicketLine, importTicketsLine, importBookedLine, importWouldBookLine, importNothingNew
        case importVoidedLine
        case importRefundedLine, importHeldBackLine, importUnknownLine, importAddToMap
        case importShortLine, importWhat, notATimeZone, notAColumn, kindSale, shortList, usedBeforeCountList
        case importStoreHeader, importNoRowsFor, importNoStoreLine, importNoLocationLine, importChainTotal
        case importLocationNeedsChain, importLocationNeedsStore, importLocationTwice
        // Fresh fruit: the forecast (SPEC 18).
        case forecastMethodHeader, forecastErrorHeader, methodWeekday, methodSmoothing, forecastRanOut
        case forecastAtLeast, forecastNoHistory, notADayCount, notAHistory
        // Fresh fruit: ordering by the forecast (SPEC 18).
        case forecastNeedHeader, cappedAtHeader, nothingToOrderByForecast, nothingBeyondOrdersByForecast
        case noSupplierToForecast, notForecastLine, heldAtMaximumLine, invalidSafety, safetyWithoutForecast
        // Fresh fruit: the mix that sells what spoils first (SPEC 18).
        case expiringUsedLine
        // Fresh fruit: throwing out what expired, and what will spoil (SPEC 18).
        case thrownOutLine, nothingExpired, wasteNeedsExpired, notAWindow, bestBeforeHeader, lotCountHeader
        case expiredState, expiringLotsTitle, noLotExpiring, expiringLotsTitleByStore, noLotExpiringByStore
        case projectedWasteTitle, nothingProjected
        case noForecastTakenAsNoUse
        // The language server's quick fixes.
        case changeTo, addFruit, removeFruit
    }

    /// The languages with a word table; any other falls back to English.
    package typealias Language = JuiceWords.Language

    package let language: Language

    /// The catalogue for a language code (`ko`), English for any other.
    package init(_ code: String?) {
        language = Language(code: code)
    }

    /// `text` in this catalogue's language, its `{n}` filled with `arguments`.
    package func callAsFunction(_ text: Text, _ arguments: CustomStringConvertible...) -> String {
        Message.fill(text.template(in: language), with: arguments.map(\.description))
    }

    /// A severity word at the start of a stderr line, or `note`.
    package func callAsFunction(_ word: Diagnostic.Word) -> String {
        word.template(in: language)
    }

    /// A table header as a Markdown column title: `LIMITED BY` is `Limited by`.
    package func title(_ text: Text) -> String {
        let header = self(text)
        guard language == .english, let first = header.first else { return header }
        return first.uppercased() + header.dropFirst().lowercased()
    }
}

extension Catalogue.Text: WordKey {
    /// The catalogue's keys are `text.` and the case's name.
    package static var namespace: String { "text" }
}
