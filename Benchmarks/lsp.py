"""Times `juice lsp` as an editor sees it (Benchmarks/lsp.sh runs it).

- diagnostics after an edit of a store menu of 200 recipes that extends a
  base menu of 200 fruits and 500 recipes (both open);
- diagnostics after an edit of a menu of about 1 MB;
- completion of fruit ids in a recipe's `uses` of the store menu.

Each is the time from the message sent to its answer read (for an edit,
the publishDiagnostics of the new version), over REPEAT rounds after two
rounds of warm-up; median, p95 and the largest are printed in ms.
Standard library only: the client is a few lines of framing.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import tempfile
import time


def base_menu(fruits, recipes, rng):
    lines = ["fruits:"]
    for index in range(fruits):
        lines.append(f"  fruit{index}: {{ name: {{ en: Fruit {index}, ko: 과일{index} }}, stock: {rng.randint(0, 500)} }}")
    lines.append("recipes:")
    for index in range(recipes):
        uses = ", ".join(f"fruit{f}: {rng.randint(1, 5)}" for f in sorted(rng.sample(range(fruits), rng.randint(2, 6))))
        lines.append(f"  recipe{index}: {{ name: {{ en: Recipe {index}, ko: 주스{index} }}, uses: {{ {uses} }} }}")
    # Every fruit used, so the menu has no warnings.
    uses = ", ".join(f"fruit{f}: 1" for f in range(fruits))
    lines.append(f"  everything: {{ uses: {{ {uses} }} }}")
    return "\n".join(lines) + "\n"


def store_menu(fruits, recipes, rng, quantity):
    lines = ["extends: base.yaml", "recipes:"]
    for index in range(recipes):
        uses = ", ".join(f"fruit{f}: {rng.randint(1, 5)}" for f in sorted(rng.sample(range(fruits), rng.randint(2, 6))))
        lines.append(f"  store{index}: {{ name: 가게{index}, uses: {{ {uses} }} }}")
    lines.append(f"  edited: {{ uses: {{ fruit0: {quantity} }} }}")
    return "\n".join(lines) + "\n"


class Server:
    def __init__(self, juice, folder):
        self.process = subprocess.Popen([juice, "lsp"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = 0
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, version):
        while True:
            message = self.read()
            params = message.get("params", {})
            if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri and params.get("version") == version:
                return params["diagnostics"]


def timed(rounds, body):
    times = []
    for round in range(rounds + 2):
        start = time.perf_counter()
        body(round)
        if round >= 2:
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times


def report(name, times, target):
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    median = statistics.median(times)
    verdict = "ok" if p95 < target else "OVER"
    print(f"{name}: median {median:.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms (target {target} ms: {verdict})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--juice", required=True)
    parser.add_argument("--repeat", type=int, default=30)
    arguments = parser.parse_args()
    rng = random.Random(12)
    folder = tempfile.mkdtemp(prefix="juice-lsp-bench-")
    base = base_menu(200, 500, rng)
    stores = [store_menu(200, 200, random.Random(7), quantity) for quantity in (1, 2)]
    big = base_menu(1000, 9000, rng)
    paths = {name: os.path.join(folder, name) for name in ("base.yaml", "store.yaml", "big.yaml")}
    for name, text in (("base.yaml", base), ("store.yaml", stores[0]), ("big.yaml", big)):
        with open(paths[name], "w", encoding="utf-8") as file:
            file.write(text)
    uri = {name: "file://" + path for name, path in paths.items()}
    print(f"lsp: base {len(base.encode()) // 1024} KiB, store menu {len(stores[0].encode()) // 1024} KiB (200 recipes), big menu {len(big.encode()) // 1024} KiB")

    server = Server(arguments.juice, folder)
    server.request("initialize", {"processId": None, "capabilities": {}})
    server.notify("initialized", {})
    for name, text in (("base.yaml", base), ("store.yaml", stores[0])):
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri[name], "languageId": "yaml", "version": 1, "text": text}})
        server.diagnostics(uri[name], 1)

    def edit_store(round):
        version = round + 2
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri["store.yaml"], "version": version}, "contentChanges": [{"text": stores[round % 2]}]})
        found = server.diagnostics(uri["store.yaml"], version)
        assert found == [], found

    report("diagnostics after an edit, store menu of 200 recipes extending a base", timed(arguments.repeat, edit_store), 50)

    line = stores[0].split("\n")[2]
    position = {"line": 2, "character": line.index("uses: { ") + len("uses: { ")}

    def complete(round):
        answer = server.request("textDocument/completion", {"textDocument": {"uri": uri["store.yaml"]}, "position": position})
        assert len(answer["result"]["items"]) == 200, len(answer["result"]["items"])

    report("completion of fruit ids in uses", timed(arguments.repeat, complete), 20)

    bigs = [big, big.replace("everything: { uses: { fruit0: 1", "everything: { uses: { fruit0: 2")]
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri["big.yaml"], "languageId": "yaml", "version": 1, "text": big}})
    server.diagnostics(uri["big.yaml"], 1)

    def edit_big(round):
        version = round + 2
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri["big.yaml"], "version": version}, "contentChanges": [{"text": bigs[round % 2]}]})
        server.diagnostics(uri["big.yaml"], version)

    report("diagnostics after an edit, 1 MB menu (with the two above open)", timed(max(5, arguments.repeat // 3), edit_big), 1000)
    server.request("shutdown", None)
    server.notify("exit", None)
    server.process.wait(10)


if __name__ == "__main__":
    main()
