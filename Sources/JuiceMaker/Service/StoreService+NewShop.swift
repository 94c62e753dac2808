import Foundation

extension StoreService {
    /// What ``create(_:in:)`` did.
    public struct CreatedShop: Sendable, Hashable {
        /// The files written, as paths from the folder, in the order written.
        public var created: [String]
        /// What became of the folder's `.gitignore`.
        public var gitignore: GitignoreChange
    }

    /// What ``create(_:in:)`` did to `.gitignore`.
    public enum GitignoreChange: Sendable, Hashable {
        /// There was none: it was written with ``NewShop/ignoredLines``.
        case created
        /// These lines of ``NewShop/ignoredLines``, which it lacked, were added.
        case extended([String])
        /// It had every line already.
        case unchanged
    }

    /// Writes `shop`'s files in `folder` (its missing folders made), and
    /// adds to `.gitignore` the lines of ``NewShop/ignoredLines`` it lacks.
    /// Nothing is written over: when one of the files exists, nothing at
    /// all is written.
    ///
    /// A `.gitignore` that is a link is written through (the link kept).
    ///
    /// - Throws: ``StoreError/file(_:)``: ``FileError/exists(path:)`` naming
    ///   the first file of `shop` that exists, or a `.gitignore` that is no
    ///   file (a folder, a link that leads nowhere): nothing written; the
    ///   errors of writing a file (the files before it stay).
    public func create(_ shop: NewShop, in folder: String) throws(StoreError) -> CreatedShop {
        func shown(_ path: String) -> String { folder == "." ? path : SystemPath.join(folder, path) }
        let gitignorePath = SystemPath.join(folder, ".gitignore")
        var gitignoreInfo = stat()
        if Self.isThere(gitignorePath),
            stat(gitignorePath, &gitignoreInfo) != 0 || gitignoreInfo.st_mode & S_IFMT != S_IFREG
        {
            throw .file(.exists(path: shown(".gitignore")))
        }
        for file in shop.files {
            // A folder on the way that is something else (a file, a link
            // that leads nowhere) would stop the writing midway.
            var parts = file.path.split(separator: "/").map(String.init)
            parts.removeLast()
            for depth in parts.indices {
                let folderPath = parts[...depth].joined(separator: "/")
                let target = SystemPath.join(folder, folderPath)
                var info = stat()
                if Self.isThere(target), stat(target, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                    throw .file(.exists(path: shown(folderPath)))
                }
            }
            if Self.isThere(SystemPath.join(folder, file.path)) { throw .file(.exists(path: shown(file.path))) }
        }
        var created: [String] = []
        for file in shop.files {
            let target = SystemPath.join(folder, file.path)
            do {
                try FileCopy.makeFolders(SystemPath.folder(of: target), path: shown(file.path))
                // A file that appeared since the check is not written over.
                try AtomicFile.replace(
                    target, with: file.text, path: shown(file.path),
                    replaced: { replaced throws(FileError) in
                        if Self.isThere(replaced) { throw .exists(path: shown(file.path)) }
                    })
            } catch {
                throw .file(error)
            }
            created.append(file.path)
        }
        let gitignore: GitignoreChange
        do {
            gitignore = try addIgnoredLines(to: gitignorePath, shownAs: shown(".gitignore"))
        } catch {
            throw .file(error)
        }
        return CreatedShop(created: created, gitignore: gitignore)
    }

    /// Adds the lines of ``NewShop/ignoredLines`` that the `.gitignore` at
    /// `path` lacks, or writes it with them.
    private func addIgnoredLines(to path: String, shownAs shownPath: String) throws(FileError) -> GitignoreChange {
        guard Self.isThere(path) else {
            try AtomicFile.replace(path, with: NewShop.ignoredLines.joined(separator: "\n") + "\n", path: shownPath)
            return .created
        }
        guard case .bytes(let bytes) = try SourceFile.contents(of: path, shownAs: shownPath, limit: 1 << 20)
        else { throw .unreadable(path: shownPath, reason: .message(Message(.largerThanAShop))) }
        let text = String(decoding: bytes, as: UTF8.self)
        let present = Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = NewShop.ignoredLines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return .unchanged }
        let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
        try AtomicFile.replace(
            SystemPath.resolve(path), with: text + separator + missing.joined(separator: "\n") + "\n", path: shownPath)
        return .extended(missing)
    }
}
