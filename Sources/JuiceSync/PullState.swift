import Foundation
import JuiceMaker

/// What a pull left in a copy's folder, kept in the folder's state file
/// (written atomically after a pull that changed it): each store's last
/// entry, history hash and inventory as the database had them, with the
/// stamps of its files as the pull left them. The next pull trusts a
/// store's line only while the stamps still match, so that a pull that
/// moves nothing costs a stat per store, not a read of its journal.
struct PullState: Codable, Sendable {
    /// The file's name in the copy's folder.
    static let fileName = ".juice-sync-pull.json"

    /// The stores, by name.
    var stores: [String: CopiedStore] = [:]

    /// No store known.
    init() {}

    /// The state file of the copy in `folder`; empty when there is none,
    /// or it cannot be read (then every store's files are read).
    init(folder: String) {
        guard let data = FileManager.default.contents(atPath: folder + "/" + Self.fileName),
            let read = try? JSONDecoder().decode(Self.self, from: data)
        else { return }
        self = read
    }

    /// Writes it in `folder` (a link there is replaced).
    func write(in folder: String) throws(FileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data()
        try FileCopy.write(String(decoding: data, as: UTF8.self), to: folder + "/" + Self.fileName)
    }
}

/// What the copy holds of one store: its last entry, that entry's hash,
/// the hash of its history, and its inventory (the database's digest of
/// it, when a pull wrote it; its text, when it was read).
struct CopiedStore: Codable, Sendable, Equatable {
    var last = 0
    var hash = ""
    var history = ""
    /// The database's `md5` of the inventory's text that the copy holds;
    /// `nil` when unknown (the copy was read, not written).
    var inventoryDigest: String?
    /// The stamps of the inventory and the journal when this was known.
    var stamps = ""
    /// The inventory's text as read; not kept in the state file.
    var text: String?
    /// Whether the files say anything but what a pull writes (a line that
    /// is no entry, lines past the inventory's marker): they are then
    /// written afresh. Not kept in the state file.
    var isBroken = false

    private enum CodingKeys: String, CodingKey { case last, hash, history, inventoryDigest, stamps }

    init() {}

    /// What the copy's files hold, as read (`nil`: they could not be).
    init(reading read: CopyHistory?, stamps: String) {
        self.stamps = stamps
        guard let read else {
            isBroken = true
            return
        }
        last = read.last
        hash = read.hash
        history = read.history
        text = read.text
        isBroken = !read.diagnostics.isEmpty
    }

    /// The stamps of the files at `paths` as one text (each ``FileStamp``
    /// of the entry itself, a link not followed; `-` for a file that is not
    /// there).
    static func stamps(of paths: [String]) -> String {
        paths.map { FileStamp(entryAt: $0)?.text ?? "-" }.joined(separator: " ")
    }
}
