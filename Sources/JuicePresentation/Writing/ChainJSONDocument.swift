import JuiceMaker

/// The JSON document of a command run over a chain, written as the stores'
/// parts come: `{"diagnostics": [...], "stores": [...]`, then whatever
/// members follow the stores, and `}`. The chain's report and its plan
/// share it.
package struct ChainJSONDocument {
    private let out: ByteWriter
    private var first = true

    /// Writes the head: the manifest's diagnostics, said in `catalogue`'s
    /// language, and the opening of `stores`.
    package init(manifestDiagnostics: [Diagnostic], catalogue: Catalogue, to out: ByteWriter) {
        self.out = out
        out.write(byte: UInt8(ascii: "{"))
        out.writeJSONKey("diagnostics", level: 1, first: true)
        out.writeJSON(manifestDiagnostics, level: 1, catalogue: catalogue)
        out.writeJSONKey("stores", level: 1)
        out.write(byte: UInt8(ascii: "["))
    }

    /// Writes a store's part: its object, indented for the `stores` list.
    package mutating func add(_ part: ByteWriter) {
        out.write(first ? "\n" : ",\n")
        first = false
        out.write(part)
    }

    /// Closes `stores`, writes the members that follow it (`more`, each
    /// after a comma from ``ByteWriter/writeJSONKey(_:level:first:)``), and
    /// closes the document.
    package func end(_ more: (ByteWriter) -> Void = { _ in }) {
        out.write(first ? "\n\n" : "\n")
        out.writeIndent(1)
        out.write(byte: UInt8(ascii: "]"))
        more(out)
        out.write("\n}")
        out.newline()
    }
}
