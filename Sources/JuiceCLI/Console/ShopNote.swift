import JuiceMaker
import JuicePresentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The notes on stderr that say where a command's default files came
/// from when it is not plain: a shop found in a parent folder, or no menu
/// at all (the built-in demo menu), which would otherwise be used without
/// a word.
enum ShopNote {
    /// Says, in text, which shop `address` is in when that is a parent
    /// folder, and that the built-in menu is used when it is.
    static func say(for address: StoreAddress, quiet: Bool) {
        if let shop = address.shopFolder {
            Output.note(Output.catalogue(.shopInParent, absolutePath(shop), shop), quiet: quiet)
        }
        if address.menuPath == nil, address.name == nil {
            Output.note(Output.catalogue(.builtinMenuUsed), quiet: quiet)
        }
    }

    /// `path` made absolute and without `..`, or as given when it cannot be.
    private static func absolutePath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
