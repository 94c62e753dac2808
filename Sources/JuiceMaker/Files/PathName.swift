/// How a path named inside a file becomes the path that is opened and that
/// diagnostics show (`recipes/stores/../menu.yaml` is `recipes/menu.yaml`).
/// The one rule for naming a file a file names: the language server joins
/// `extends` paths by it too.
package enum PathName {
    /// `relative` joined to the folder of `file` (as `file` is named), in
    /// its shortest form when that names the same file as the system
    /// resolves it: a `..` after a linked folder leaves the link's target,
    /// not the link's own folder, so it is kept when folding it would name
    /// another file. An absolute `relative` stands as it is.
    package static func resolve(_ relative: String, besides file: String) -> String {
        let folder = SystemPath.folder(of: file)
        let joined = relative.hasPrefix("/") || folder == "." ? relative : folder + "/" + relative
        let short = normalize(joined)
        guard short != joined else { return joined }
        return SystemPath.resolve(short) == SystemPath.resolve(joined) ? short : joined
    }

    /// Removes `.` components and folds `name/..` pairs, without touching the
    /// file system; leading `..` of a relative path stay.
    static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".":
                continue
            case "..":
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
            default:
                components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
