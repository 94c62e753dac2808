import Foundation

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
