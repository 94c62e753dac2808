"""A real LSP client (pygls) against the real `juice lsp`.

    python client.py JUICE_BINARY

In a temporary shop it opens a menu, edits it without saving and checks
that the diagnostics published are exactly those of `juice validate
--format json` on the same text saved (positions turned into UTF-16, the
default encoding: the menu's names hold Korean and an emoji), then
completion in `uses`, hover, definition across `extends`, a rename
across the parent and the child, and a sales map beside the menu (SPEC 17):
its unsaved diagnostics equal `juice validate`'s, and recipe ids complete. Prints one line per check; exits 1 on
the first failure.
"""

import asyncio
import json
import os
import subprocess
import sys
import tempfile

from lsprotocol import types
from pygls.lsp.client import LanguageClient

BASE = """fruits:
  strawberry: { name: { en: Strawberry, ko: 딸기 }, stock: 10 }
  banana: { name: { en: Banana, ko: 바나나 }, stock: 10 }
recipes:
  strawberry: { strawberry: 16 }
  banana: { banana: 2 }
"""

STORE = """extends: menu.yaml
recipes:
  strawberryBanana: { name: { ko: 딸바🍓 }, uses: { strawberry: 10, banana: 1 } }
"""

# Unsaved: a typo after the Korean name and the emoji, and a second
# problem on another line.
TYPED = """extends: menu.yaml
recipes:
  strawberryBanana: { name: { ko: 딸바🍓 }, uses: { strawbery: 10, banana: 1 } }
  kiwi: { kiwi: 0 }
"""


# A sales map beside the menu, as typed: a recipe typo after a Korean
# name, and a fruit the menu lacks.
SALES = """items:
  "바나나 주스 🍌": banan
  Strawberry Juice: { recipe: strawberry, servings: 2 }
modifiers:
  Extra Kiwi: { kiwi: 1 }
ignore: [Straw]
"""


def utf16_character(line_text, scalar_column):
    """The UTF-16 offset of a 1-based scalar column."""
    return len(line_text[: scalar_column - 1].encode("utf-16-le")) // 2


def expected_diagnostics(juice, folder, text):
    """`juice validate --format json` on `text` saved beside the menu."""
    path = os.path.join(folder, "recipes", "saved.yaml")
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    run = subprocess.run(
        [juice, "validate", "recipes/saved.yaml", "--format", "json"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    os.remove(path)
    lines = text.split("\n")
    found = []
    for diagnostic in json.loads(run.stdout)["diagnostics"]:
        if diagnostic["file"] != "recipes/saved.yaml":
            continue
        line = diagnostic["line"] - 1
        found.append(
            (
                diagnostic["code"],
                1 if diagnostic["severity"] == "error" else 2,
                diagnostic["message"],
                line,
                utf16_character(lines[line], diagnostic["column"]),
            )
        )
    return found


def check(name, condition, detail=""):
    if not condition:
        print(f"FAIL {name}: {detail}")
        sys.exit(1)
    print(f"ok {name}")


async def main(juice):
    folder = tempfile.mkdtemp(prefix="juice-lsp-client-")
    os.makedirs(os.path.join(folder, "recipes"))
    menu_path = os.path.join(folder, "recipes", "menu.yaml")
    store_path = os.path.join(folder, "recipes", "store.yaml")
    for path, text in [(menu_path, BASE), (store_path, STORE)]:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    menu_uri = "file://" + menu_path
    store_uri = "file://" + store_path

    client = LanguageClient("juice-lsp-test", "1")
    published = {}
    arrived = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        published.setdefault(params.uri, []).append(params)
        arrived.set()

    async def wait_for(uri, version):
        for _ in range(600):
            if any(p.version == version for p in published.get(uri, [])):
                return [p for p in published[uri] if p.version == version][-1]
            arrived.clear()
            try:
                await asyncio.wait_for(arrived.wait(), 0.1)
            except asyncio.TimeoutError:
                pass
        check(f"diagnostics of version {version}", False, "none came")

    await client.start_io(juice, "lsp", cwd=folder)
    result = await client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), process_id=os.getpid())
    )
    check("utf-16 by default", result.capabilities.position_encoding == "utf-16", result.capabilities)
    client.initialized(types.InitializedParams())

    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(menu_uri, "yaml", 1, BASE))
    )
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(store_uri, "yaml", 1, STORE))
    )
    opened = await wait_for(store_uri, 1)
    check("a valid store menu has no diagnostics", len(opened.diagnostics) == 0, opened.diagnostics)

    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(2, store_uri),
            [types.TextDocumentContentChangeWholeDocument(TYPED)],
        )
    )
    typed = await wait_for(store_uri, 2)
    got = [
        (d.code, int(d.severity), d.message, d.range.start.line, d.range.start.character)
        for d in typed.diagnostics
    ]
    want = expected_diagnostics(juice, folder, TYPED)
    check("unsaved diagnostics equal juice validate's", got == want, f"got {got}, want {want}")
    check("both lines' problems found", {g[3] for g in got} == {2, 3}, got)
    typo = typed.diagnostics[0]
    check("the typo's range covers 'strawbery'", typo.range.end.character - typo.range.start.character == 9, typo.range)

    fix = await client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(store_uri),
            typo.range,
            types.CodeActionContext([typo]),
        )
    )
    titles = [action.title for action in fix]
    check("the did-you-mean fix is offered", "Change to 'strawberry'" in titles, titles)

    # Completion inside `uses`, after "{ " on the typed line.
    line = TYPED.split("\n")[2]
    column = line.index("strawbery")
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            types.TextDocumentIdentifier(store_uri),
            types.Position(2, utf16_character(line, column + 1)),
        )
    )
    labels = [item.label for item in completion.items]
    check("fruit ids complete in uses", labels == ["strawberry", "banana"], labels)

    # Back to the saved text, then hover, definition and rename.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(3, store_uri),
            [types.TextDocumentContentChangeWholeDocument(STORE)],
        )
    )
    await wait_for(store_uri, 3)
    line = STORE.split("\n")[2]
    at_banana = types.Position(2, utf16_character(line, line.index("banana: 1") + 1))
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(store_uri), at_banana)
    )
    check("hover shows the fruit", hover.contents.value.startswith("**banana** — Banana / 바나나"), hover.contents.value)
    definition = await client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(store_uri), at_banana)
    )
    check(
        "definition goes to the parent's fruit",
        definition.uri == menu_uri and definition.range.start.line == 2,
        definition,
    )
    rename = await client.text_document_rename_async(
        types.RenameParams(types.TextDocumentIdentifier(store_uri), at_banana, "plantain")
    )
    edits = {
        uri: sorted((e.range.start.line, e.range.start.character) for e in changes)
        for uri, changes in rename.changes.items()
    }
    check(
        "rename reaches the parent and the child",
        edits == {menu_uri: [(2, 2), (5, 12)], store_uri: [(2, utf16_character(line, line.index("banana: 1") + 1))]},
        edits,
    )

    sales_path = os.path.join(folder, "recipes", "sales.yaml")
    sales_uri = "file://" + sales_path
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(sales_uri, "yaml", 1, SALES))
    )
    sales = await wait_for(sales_uri, 1)
    got = [
        (d.code, int(d.severity), d.message, d.range.start.line, d.range.start.character)
        for d in sales.diagnostics
    ]
    want = expected_diagnostics(juice, folder, SALES)
    check("a sales map's unsaved diagnostics equal juice validate's", got == want, f"got {got}, want {want}")
    check("the sales map's two problems found", [g[0] for g in got] == ["unknown-recipe", "unknown-fruit"], got)
    line = SALES.split("\n")[1]
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            types.TextDocumentIdentifier(sales_uri),
            types.Position(1, utf16_character(line, len(line) + 1)),
        )
    )
    labels = [item.label for item in completion.items]
    check("recipe ids complete in a sales map", labels == ["strawberry", "banana"], labels)

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
