import Foundation
import TestSupport

@testable import JuiceMaker

/// Loads a menu from text as `menu.yaml`.
func loadMenu(_ text: String) -> Loaded<Menu> {
    MenuLoader().load(text: text, assumingPath: "menu.yaml")
}

/// The diagnostics of a menu text as `line:column code` strings, the compact
/// form the tests compare.
func places(_ text: String) -> [String] {
    places(loadMenu(text).diagnostics)
}

/// Diagnostics as `line:column code` strings.
func places(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue)" }
}

/// Runs `body` on a store of `menu` (as `menu.yaml`) and the inventory
/// `i.yaml` in a temporary folder, opened for change, with the folder.
func withStore<T>(menu: String, _ body: (String, Store) throws -> T) throws -> T {
    try TemporaryFolder.withPath { folder in
        try menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
        let service = StoreService(lockTimeout: 1)
        let address = service.address(menu: folder + "/menu.yaml", inventory: folder + "/i.yaml")
        return try body(folder, try service.open(address, forChange: true))
    }
}
