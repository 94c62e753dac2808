import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// A journal or an inventory's marker that is there but cannot be read:
/// the read or change stops, never taking it for "none".
@Suite struct JournalFaultTests {
    private static let menu = "fruits:\n  kiwi: 10\nrecipes:\n  kiwi: { uses: { kiwi: 1 } }\n"
    private static let delivery =
        #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"adjust","reason":"delivery","changes":{"kiwi":5}}"#
    /// What a writer killed before its rename left: an entry no inventory includes.
    private static let uncommitted =
        #"{"id":2,"time":"2026-11-22T09:31:00Z","kind":"adjust","reason":"waste","changes":{"kiwi":-1}}"#

    @Test func aMarkerIsNoneOnlyWhenTheFileIsNotThere() throws {
        try TemporaryFolder.withPath { folder in
            #expect(try InventoryMarker.read(path: folder + "/none.yaml") == nil)
            try "kiwi: 3\n".write(toFile: folder + "/plain.yaml", atomically: true, encoding: .utf8)
            #expect(try InventoryMarker.read(path: folder + "/plain.yaml") == nil)
            #expect(throws: FileError.unreadable(path: folder, reason: .message(Message(.isADirectory)))) {
                try InventoryMarker.read(path: folder)
            }
            #expect(throws: FileError.unreadable(path: "shown.yaml", reason: "Not a directory")) {
                try InventoryMarker.read(path: folder + "/plain.yaml/inventory.yaml", shownAs: "shown.yaml")
            }
        }
    }

    @Test func runningShortOfDescriptorsIsAShortageNotAnUnreadableFile() {
        for code in [EMFILE, ENFILE, ENOMEM] {
            #expect(
                FileError.reading(path: "p", errno: code) == .shortOfResources(path: "p", reason: errorText(code)))
            #expect(
                FileError.creating(path: "p", errno: code, replacing: true)
                    == .shortOfResources(path: "p", reason: errorText(code)))
        }
        #expect(FileError.reading(path: "p", errno: EACCES) == .unreadable(path: "p", reason: .text(errorText(EACCES))))
    }

    @Test func aJournalWhoseInventoryCannotBeReadListsNothingNotEveryLine() throws {
        try TemporaryFolder.withPath { folder in
            try Self.menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: folder + "/i.yaml", withIntermediateDirectories: false)
            try (Self.delivery + "\n" + Self.uncommitted + "\n").write(
                toFile: folder + "/i.yaml.journal", atomically: true, encoding: .utf8)
            let service = StoreService(lockTimeout: 1)
            let store = try service.open(service.address(menu: folder + "/menu.yaml", inventory: folder + "/i.yaml"))
            var listed: [Int] = []
            let error = #expect(throws: StoreError.self) { try store.readJournal { listed.append($0.id) } }
            #expect(error == .file(.unreadable(path: folder + "/i.yaml", reason: .message(Message(.isADirectory)))))
            #expect(listed.isEmpty)
            let usage = #expect(throws: StoreError.self) { try store.usage() }
            #expect(usage == .file(.unreadable(path: folder + "/i.yaml", reason: .message(Message(.isADirectory)))))
        }
    }
}
