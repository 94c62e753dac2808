import Synchronization

/// What a ``MenuLoader`` knows of one menu file, each stage kept once done,
/// each behind a lock of its own: loads of different files run at once.
final class MenuFileSlot: Sendable {
    /// The file merged with the menus it extends.
    struct Merge {
        var file: Loaded<MenuFile>
        /// How many files its longest `extends` chain has, itself included.
        var height: Int
    }

    /// The file's stages before it is a menu.
    struct Stages {
        /// The file as parsed, with its own diagnostics; `nil` until read.
        var parsed: Loaded<MenuFile>?
        /// The merge, once made without meeting a loop or the depth limit.
        var merged: Merge?
    }

    /// The path the file is named by: diagnostics show it, and the paths of
    /// its parents are joined to its folder.
    let path: String
    /// Held while the file is read, so that it is read once; otherwise only
    /// for a moment, to read or keep a stage.
    let stages = Mutex(Stages())
    /// The finished menu, `nil` until made. Held while it is made, so that
    /// it is made once.
    let menu = Mutex<Loaded<Menu>?>(nil)

    init(path: String) {
        self.path = path
    }
}
