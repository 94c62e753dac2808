extension StoresManifest {
    /// One store of a manifest to write: its name and its files' paths,
    /// relative to the manifest's folder.
    package struct Line: Sendable, Hashable {
        package var name: String
        package var menu: String?
        package var inventory: String?

        package init(name: String, menu: String?, inventory: String?) {
            self.name = name
            self.menu = menu
            self.inventory = inventory
        }
    }

    /// The text of a manifest naming `stores`, in their order, one flow
    /// mapping per store, every path a double-quoted scalar (so that no
    /// name a file may have is read as anything but that name); what
    /// ``load(text:assumingPath:)`` reads back as the same stores.
    package static func text(naming stores: [Line]) -> String {
        var text = "stores:\n"
        for store in stores {
            var fields: [String] = []
            if let menu = store.menu { fields.append("menu: " + JournalEntry.quoted(menu)) }
            if let inventory = store.inventory { fields.append("inventory: " + JournalEntry.quoted(inventory)) }
            text += "  \(store.name): { \(fields.joined(separator: ", ")) }\n"
        }
        return text
    }
}
