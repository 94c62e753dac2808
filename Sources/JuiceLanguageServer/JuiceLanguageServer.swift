import JuiceMaker
import JuicePresentation
import LanguageServerProtocol

/// `juice lsp`: the menus, inventories, manifests and sales maps a client holds open,
/// checked on every change by the store service's validator, as
/// `juice validate` checks them saved.
public final class JuiceLanguageServer: LanguageServer {
    private var service: StoreService
    private let writer: MessageWriter
    private var catalogue = Catalogue(nil)
    private var encoding = PositionEncoding.utf16
    /// The open documents, by URI.
    private var documents: [String: OpenDocument] = [:]
    /// What was last published for each open document.
    private var published: [String: JSON] = [:]
    /// What requests read and loaded since the last change.
    private var loaded = LoadCache()
    /// The open menus' last texts without an error: help while mid-edit.
    private let lastValid = LastValidTexts()

    /// A server over `service` that sends its notifications to `writer`.
    public init(service: StoreService, writer: MessageWriter) {
        self.service = service
        self.writer = writer
    }

    /// Serves the client on standard input and output until `exit`: the
    /// exit status.
    public static func run(environment: [String: String]) -> Int32 {
        let writer = MessageWriter(descriptor: 1)
        let server = JuiceLanguageServer(service: StoreService(environment: environment), writer: writer)
        let connection = Connection(
            reader: MessageReader(FileDescriptorSource(descriptor: 0)), writer: writer, server: server)
        return connection.run()
    }

    /// Takes the client's locale and position encodings; answers the capabilities.
    public func initialize(_ params: JSON) throws(ResponseError) -> JSON {
        // `ko`, `ko-KR`: Korean; anything else English.
        let locale = params["locale"]?.string ?? ""
        catalogue = Catalogue(locale.lowercased().hasPrefix("ko") ? "ko" : nil)
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string)
        encoding = PositionEncoding.negotiated(from: offered)
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 1],
                "completionProvider": ["triggerCharacters": [" ", "{", ",", "/"]],
                "hoverProvider": true, "definitionProvider": true, "referencesProvider": true,
                "renameProvider": true, "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            ],
            "serverInfo": ["name": "juice", "version": "0.1.0"],
        ]
    }

    /// Answers completion, hover, definition, references, rename and code actions.
    public func handle(request method: String, params: JSON?) throws(ResponseError) -> JSON {
        var workspace = Workspace(
            documents: documents, service: service, encoding: encoding, loaded: loaded, lastValid: lastValid)
        if let (path, position) = try? place(in: params) { workspace.cursor = (path, position.line) }
        let navigation = Navigation(workspace: workspace, catalogue: catalogue)
        switch method {
        case "textDocument/completion":
            let (path, position) = try place(in: params)
            let index = workspace.lines(of: path)
            let lines = (0..<index.lines.count).map(index.text(ofLine:))
            let context = CompletionContext(
                lines: lines, line: position.line, offset: index.scalarOffset(of: position))
            return Completion(workspace: workspace).items(path: path, context: context)
        case "textDocument/hover":
            let (path, position) = try place(in: params)
            return navigation.place(at: position, in: path).map(navigation.hover) ?? .null
        case "textDocument/definition":
            let (path, position) = try place(in: params)
            return navigation.place(at: position, in: path).map(navigation.definition) ?? .null
        case "textDocument/references":
            let (path, position) = try place(in: params)
            guard let place = navigation.place(at: position, in: path) else { return [] }
            return .array(navigation.references(of: place).map(navigation.location))
        case "textDocument/rename":
            let (path, position) = try place(in: params)
            guard let name = params?["newName"]?.string else {
                throw ResponseError(.invalidParams, "rename needs \"newName\"")
            }
            guard let place = navigation.place(at: position, in: path) else {
                throw ResponseError(.requestFailed, "no fruit, recipe or supplier id here to rename")
            }
            return try navigation.rename(place, to: name)
        case "textDocument/codeAction":
            let path = try self.path(in: params)
            return CodeActions(workspace: workspace, catalogue: catalogue)
                .actions(path: path, diagnostics: params?["context"]?["diagnostics"]?.array ?? [])
        default:
            throw ResponseError(.methodNotFound, "no method \(method)")
        }
    }

    /// The file a request's `textDocument` names.
    private func path(in params: JSON?) throws(ResponseError) -> String {
        guard let uri = params?["textDocument"]?["uri"]?.string, let path = OpenDocument.path(ofURI: uri) else {
            throw ResponseError(.invalidParams, "\"textDocument\" must have a file: \"uri\"")
        }
        return path
    }

    /// The file and position a request names.
    private func place(in params: JSON?) throws(ResponseError) -> (String, Position) {
        let path = try path(in: params)
        guard let position = Position(params?["position"]) else {
            throw ResponseError(
                .invalidParams,
                "\"position\" must have a \"line\" and a \"character\", each from 0 to \(Position.maximum)")
        }
        return (path, position)
    }

    /// Keeps the open documents (full sync) and checks them on each change.
    public func handle(notification method: String, params: JSON?) {
        switch method {
        case "textDocument/didOpen":
            guard let item = params?["textDocument"], let uri = item["uri"]?.string,
                let path = OpenDocument.path(ofURI: uri), let text = item["text"]?.string
            else { return }
            open(OpenDocument(uri: uri, path: path, text: text, version: item["version"]?.integer ?? 0))
        case "textDocument/didChange":
            guard let uri = params?["textDocument"]?["uri"]?.string, var document = documents[uri],
                let text = params?["contentChanges"]?.array?.last?["text"]?.string
            else { return }
            document.text = text
            document.version = params?["textDocument"]?["version"]?.integer ?? document.version + 1
            open(document)
        case "textDocument/didClose":
            guard let uri = params?["textDocument"]?["uri"]?.string, let document = documents[uri] else { return }
            documents[uri] = nil
            published[uri] = nil
            // Another URI of the same file (a link) keeps its unsaved text.
            let key = OpenDocument.key(document.path)
            let twin = documents.values.sorted { $0.uri < $1.uri }.first { OpenDocument.key($0.path) == key }
            service.overlay.set(document.path, to: twin.map { Array($0.text.utf8) })
            writer.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            check(changed: nil)
        default:
            break
        }
    }

    /// Takes a document's new text and checks again.
    private func open(_ document: OpenDocument) {
        documents[document.uri] = document
        service.overlay.set(document.path, to: Array(document.text.utf8))
        check(changed: document.uri)
    }

    /// Checks every open document, as the overlay has them: a parent's
    /// change reaches each child that extends it, a store's menu the
    /// manifest that names it. Publishes what changed, and always for the
    /// document `changed`.
    private func check(changed: String?) {
        loaded = LoadCache()
        var menus: [String] = []
        var maps: [String] = []
        var checks: [FileCheck] = []
        // A file open by two URIs (one through a link) is checked once.
        var keys: Set<String> = []
        for document in documents.values.sorted(by: { $0.path < $1.path })
        where keys.insert(OpenDocument.key(document.path)).inserted {
            switch DocumentKind.of(document.path, service: service) {
            case .menuOrManifest:
                menus.append(document.path)
            case .salesMap:
                maps.append(document.path)
            case .inventory(let store):
                checks += service.validate(files: [], store: store, manifestPath: nil).checks
            }
        }
        if !menus.isEmpty || !maps.isEmpty {
            checks += service.validate(files: menus + maps, store: nil, manifestPath: nil).checks
        }
        // What help answers from while a menu is mid-edit.
        for path in menus {
            let key = OpenDocument.key(path)
            let own = checks.filter { OpenDocument.key($0.path) == key }
            if !own.isEmpty, !own.flatMap(\.diagnostics).containsErrors, let text = service.text(of: path) {
                lastValid.texts[key] = text
            }
        }
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in checks.flatMap(\.diagnostics).uniqued() {
            byFile[OpenDocument.key(diagnostic.location.file), default: []].append(diagnostic)
        }
        // Places are counted in the text checked, the overlay's: a file open
        // under two URIs has one there, the one last typed.
        let lines = Dictionary(
            documents.values.map {
                (OpenDocument.key($0.path), LineIndex(service.text(of: $0.path) ?? $0.text, encoding: encoding))
            },
            uniquingKeysWith: { first, _ in first })
        let conversion = DiagnosticConversion(
            catalogue: catalogue, lines: lines, encoding: encoding, text: service.text(of:))
        for document in documents.values {
            let key = OpenDocument.key(document.path)
            var diagnostics = (byFile[key] ?? []).map(conversion.json)
            // A parent's problem, in a file that is not open, is said on
            // the child's `extends`, as `juice validate` says it with the child.
            let inherited = checks.filter { OpenDocument.key($0.path) == key }.flatMap(\.diagnostics).filter {
                lines[OpenDocument.key($0.location.file)] == nil
            }
            if !inherited.isEmpty {
                let extends = DocumentOutline(document.text, isInventory: false).mentions.first {
                    $0.recipe == "extends"
                }
                let place = SourceLocation(
                    file: document.path, line: extends?.line ?? 1, column: extends?.column ?? 1)
                diagnostics += inherited.uniqued().map { conversion.json($0, saidAt: place) }
            }
            let published = JSON.array(diagnostics)
            guard document.uri == changed || self.published[document.uri] != published else { continue }
            self.published[document.uri] = published
            writer.notify(
                "textDocument/publishDiagnostics",
                ["uri": .string(document.uri), "version": .integer(document.version), "diagnostics": published])
        }
    }
}
