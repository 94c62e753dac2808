/// A store's forecast of use (`juice forecast`), through the one door.
extension Store {
    /// Each fruit's expected use per business day ahead, from the
    /// journal's history, as `request` asks (see ``Forecast``); a store
    /// without an inventory file forecasts from no use at all.
    ///
    /// - Returns: the forecast, and the journal's problems.
    /// - Throws: ``StoreError/file(_:)`` when the journal cannot be read.
    public func forecast(_ request: ForecastRequest) throws(StoreError) -> (
        forecast: Forecast, diagnostics: [Diagnostic]
    ) {
        try readingJournal { journal throws(FileError) in
            try request.forecast(menu: menu, dayStart: dayStart, journal: journal)
        }
    }
}

/// A store's forecast, for `juice forecast --stores`.
extension StoreSnapshot {
    /// The store's forecast as `request` asks, when its files were read
    /// without error; a journal that cannot be read is an error of the
    /// store's, as its problems are.
    public func forecast(_ request: ForecastRequest) -> (forecast: Forecast?, diagnostics: [Diagnostic]) {
        guard isValid, let menu else { return (nil, []) }
        return readingJournal { journal throws(FileError) in
            try request.forecast(menu: menu, dayStart: dayStart, journal: journal)
        }
    }
}
