/// Lexical path arithmetic: how a path named inside a file becomes the path
/// diagnostics show (`recipes/stores/../menu.yaml` is `recipes/menu.yaml`).
enum PathName {
    /// `relative` resolved against the folder of `file`, normalised; an
    /// absolute `relative` stands as it is.
    static func resolve(_ relative: String, besides file: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        let folder = SystemPath.folder(of: file)
        return normalize(folder == "." ? relative : folder + "/" + relative)
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
