/// The answer to `GET /api/stores`: `{"stores": ["gangnam", ...]}`.
package struct StoresJSON: Encodable, Sendable {
    package var stores: [String]

    /// The stores' names, in the order served.
    package init(stores: [String]) {
        self.stores = stores
    }
}
