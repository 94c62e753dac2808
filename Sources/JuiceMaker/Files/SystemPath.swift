#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths as the operating system resolves them: symbolic links in every
/// folder of a path and at its end, then `..`, never by editing the text.
package enum SystemPath {
    /// The absolute path of the file `path` names once the system has
    /// followed every link, or, for a file that does not exist yet, of its
    /// existing folder joined with its name. A path whose folder does not
    /// exist either is returned as it is: using it fails as the system says.
    ///
    /// A dangling link at the end is followed to where it points, so that a
    /// write through it creates the file it names, as `echo > link` would.
    package static func resolve(_ path: String) -> String {
        var current = path
        // The kernel follows at most 40 links; so does this.
        for _ in 0..<40 {
            if let real = realPath(current) { return real }
            guard let destination = danglingLink(current) else { break }
            current = destination.hasPrefix("/") ? destination : join(folder(of: current), destination)
        }
        let name = lastComponent(of: current)
        guard !name.isEmpty, name != ".", name != "..", let folder = realPath(folder(of: current)) else {
            return current
        }
        return join(folder, name)
    }

    /// The folder part of a path: "." for a bare file name, "/" for a file
    /// in the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The part after the last `/`.
    static func lastComponent(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    /// `path` as a message shows it: `.` parts and a folder followed by
    /// `..` taken out of the text (`menus/../stock/a.yaml` is
    /// `stock/a.yaml`). For a person to read only: a link in the folder
    /// taken out may lead elsewhere, so files are never opened by it.
    static func shown(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == ".", !parts.isEmpty || path.count > 1 { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty, last != "." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let text = parts.joined(separator: "/")
        return text.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : text
    }

    /// `name` in `folder`.
    static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// `realpath(3)`: the canonical absolute path of an existing file.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where `path` points when it is a symbolic link whose target does not
    /// exist; `nil` otherwise.
    private static func danglingLink(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
