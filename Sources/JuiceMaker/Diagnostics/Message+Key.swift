import JuiceWords

extension Message {
    /// Every sentence the library says to a person, and the words its
    /// sentences are made of: each a key of the word tables
    /// (`Sources/JuiceWords/Resources`), whose every language gives a
    /// template with the same `{n}` placeholders as ``english``.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        // Words: kinds of entry, of file, of YAML node.
        case fruitWord, recipeWord, storeWord
        case aMenu, anInventory, aStoresManifest, theMenu, theStoresManifest
        case aScalar, aSequence, aMapping, null
        // What a sentence is about.
        case fruitNamed, recipeNamed, storeNamed, keyNamed, usesOfRecipe, fruitInRecipe
        case stockOfFruit, stockOf, quantityInRecipe, costOfFruit, priceOfRecipe
        // How a bad value was written.
        case quoted, inQuotes, withTag
        // The shape of a file.
        case mustBeMapping, keyMustBeScalar, mustBeNumber, nameMustBeText, localizedNameMustBeText
        case extendsMustBePaths, fruitMustBeStockOrMapping, storePathMustBePath, wrongKind, toldByStores, toldByKey
        case manifestAsMenu, menuAsInventory, fruitNotInInventory, dayStartsMustBeTime
        case missingMenuKey, recipeWithoutUses, manifestWithoutStores, storeWithoutMenu
        // Ids, keys, counts.
        case invalidID, idRule, overlongID, unknownKey, didYouMean, appearsTwice, invalidCount
        case emptyRecipe, unknownFruitInRecipe, unknownFruitInInventory, removedHere, unusedFruit, nothingToRemove
        // YAML.
        case syntax, tabIndent, yamlLimit, fileTooLarge, noDocument, manyDocuments, duplicateKey, firstOccurrence
        // Menus that extend menus, and chains of stores.
        case extendsLoop, extendsTooDeep, menuTooLarge, parentMissing, parentUnreadable
        case storeMenuMissing, storeMenuUnreadable, storeInventoryUnreadable, forStore, forStores, inStore
        case moreProblems
        // Orders and stock changes.
        case unknownRecipe, unknownFruit, invalidServings, notAChange, invalidAmount, servingsOutOfRange
        case invalidBestBefore, datedNotAddition
        case notACount, notAnArrival, countOutOfRange, datedNotDelivery
        case beyondCounting, ambiguous, fruitNamedAsRecipe, recipeNamedAsFruit
        // Transactions refused.
        case notEnoughFruit, shortage, aboveMaximum, quantityOutOfRange, amountOutOfRange
        // The journal.
        case aString, aNumber, aBoolean, anArray, anObject, anEntry, anOrderID, orderIDInvalid
        case jsonTrailing, jsonUnexpected, jsonUnfinished, jsonTooDeep, jsonControlCharacter, jsonBadEscape
        case jsonBadNumber, entryMustBeObject, entryWithout, entryTime, entryKind, entryReason, entryNumber
        case entryCounts, entryKey, entryIdempotencyKey, unfinishedLine, lineTooLong, uncommittedEntry, entryOutOfOrder
        case lastEntryID, journalLeaves
        case noSuchEntry, alreadyUndone, isUndo, nothingToUndo, keyReused
        // Files.
        case noSuchFile, cannotRead, cannotReplace, cannotWriteOldIntact, cannotWriteNothingWritten, notFlushed
        case inventoryFolderMissing, inventoryNotYet, inventoryFolderGone
        case stillLocked, keptChanging, existsAlready
        // Why a file is not read.
        case isADirectory, isACharacterDevice, isABlockDevice, isAFIFO, isASocket, isNotARegularFile
        case nothingCameFor, largerThanAShop, largerThanAMenu, largerThanAnInventory, cutShortWhileRead
        // Why a change is not made.
        case nothingToOrder
        // Finding a store.
        case noSuchStore, storeHasNoInventory
        // Backups and restores.
        case notABackup, restoreNewerEntries, restoreOtherEntries, copyNotAsRecorded, copyOtherEntries
        case copyMarkerDisagrees, copyDoesNotReplay, restoreOtherStock, restoreOtherMenu, notABackupRecord
        // The best mix.
        case usageWithoutPrice, usageWithoutCost
        case missingPrice, maxBelowMin, mixBeyondCounting, solverUnavailable, minimumsShort
        // Suppliers, and orders received.
        case supplierWord, supplierNamed, parOfFruit, reorderOfFruit, packOfFruit, minimumOfSupplier
        case leadDaysOfSupplier, everyOfSupplier
        case supplierMustBeID, reorderAbovePar, reorderWithoutPar, unknownSupplier
        case theOrder, jsonFileTrailing, jsonFileUnfinished, orderTooDeep, orderWithout, orderMustBe, orderUnits
        case chainOrderNeedsStore, storeNotInOrder, nothingReceived, orderUnitsTotal, orderBringsNothing
        // Orders placed, received once, cancelled.
        case orderWord, orderCancelWord, deliveryWord, orderChangesNothing, entryKeyOnlyFor, entryKeyNotIn, entryLines,
            entryOrderHash
        case noSuchOrder, orderReceived, orderFileReceived, orderCancelled, isOrderEntry, isCancelEntry
        case entryNamesNoOrder, entryNamesCancelledOrder, entryNamesReceivedOrder, orderWithoutLines
        // Sales from the till.
        case saleWord, entryRecorded
        case tillQuoteInsideField, tillTextAfterQuote, tillUnclosedQuote, tillBareReturn, tillRowTooLong, tillNotUTF8,
            tillUnreadable
        case tillUnknownFormat, tillMissingColumn, tillMissingField, tillNotAWholeNumber, tillQuantityTooLarge
        case tillNotATime, tillNotATimeZone, tillTicketApart, tillNotATicket, tillField
        case tillHeaderField, tillFieldNumber
        case tillFormatGuessed, tillEmptyTicket, storesShareInventory, storesNamedAlike
        case countReliedOn, tillServingsPastBound, tillFruitPastBound, tillNotAnEventType, tillModifiersAlone
        // The sales map (SPEC 17).
        case aSalesMap, theSalesMap, itemNamed, modifierNamed, servingsOfItem, amountInModifier
        case itemMustBeRecipe, itemWithoutRecipe, recipeMustBeID, modifierAddsNothing, ignoreMustBeNames
        case ignoredNameMustBeText, mappedAndIgnored, mappedHere
        // Shelf life and lots (SPEC 18).
        case shelfLifeOfFruit, lotOfFruit, countOfLot, bestBeforeMustBeDate, lotWithoutCount, entryLots, lotHoldsTooFew
        case bestBeforePast, nothingExpired, entryLotsDisagree, entryLotsBestBefore, lotBestBefore

        /// The English template, from `en.strings` (`message.` and the
        /// case's name).
        public var english: String { template(in: .english) }
    }
}

extension Message.Key: WordKey {
    /// The library's keys are `message.` and the case's name.
    public static var namespace: String { "message" }
}
