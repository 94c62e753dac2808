import Synchronization

/// What lives until the process exits: a large menu's many strings and
/// arrays are not freed one by one just before the system takes all of the
/// process's memory back at once (as clang's `-disable-free` does).
enum ProcessLifetime {
    private static let loaders = Mutex<[MenuLoader]>([])

    /// `loader`, kept with what it loads until the process exits.
    static func kept(_ loader: MenuLoader) -> MenuLoader {
        loaders.withLock { $0.append(loader) }
        return loader
    }
}
