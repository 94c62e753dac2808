#!/usr/bin/env python3
"""Seeded chains for the scale benchmarks (standard library only; `report`
needs PyYAML).

  chain-data.py journals DIR STORES ENTRIES [--menu FILE]
      DIR/menu.yaml (a copy of FILE, default recipes/menu.yaml), DIR/stores.yaml
      naming STORES stores on it, and for each DIR/state/storeNNNNN.yaml, an
      inventory with no `# journal:` marker (so every line of the journal
      counts), and DIR/state/storeNNNNN.yaml.journal, ENTRIES `make` entries in
      juice's own line format (JournalEntry.line: keys id, time, kind, orders,
      changes; fruits and recipes sorted), one to three recipes (two on average)
      of one or two servings, 40 s apart from 2026-11-01T08:00:00Z; lines of
      about 130 bytes.

  chain-data.py append DIR EVERY ENTRIES
      For a chain of `journals`: appends ENTRIES more `make` entries (the
      same shape, ids and times going on from each journal's last line) to
      every EVERY-th store's journal (storeEVERY, store2*EVERY, ... up to the
      last), as a shop's counter would, and writes DIR/changed.yaml, a
      manifest naming only those stores (what a push of the changes reads).

  chain-data.py chain DIR STORES [--fruits N] [--recipes N]
      DIR/base.yaml, the chain's menu (N fruits, N recipes of two to four fruits,
      English and Korean names); DIR/stores.yaml naming STORES stores; three
      stores in four have their own menu DIR/stores/storeNNNNN.yaml that
      `extends: ../base.yaml` (as recipes/stores does: a recipe or two dropped,
      one overridden, every tenth store a local fruit and its juice); every
      store an inventory DIR/state/storeNNNNN.yaml, 0 to 60 of each fruit, one
      fruit in eight at 0 (the short ones).

  chain-data.py report MANIFEST
      The peer of `juice report --stores MANIFEST --format json`: the same
      question answered by a script (PyYAML's C loader when installed, else
      its Python one), each menu read once, `extends` followed, the same JSON
      shape on stdout. No validation, no diagnostics: a lower bound of what a
      script does, not the same work as juice's.
"""

import json
import datetime
import os
import random
import sys

SEED = 20261127


def store_name(number):
    return "store%05d" % number


def make_line(entry_id, seconds, orders, recipes):
    """One journal line of kind make, exactly as JournalEntry.line writes it."""
    changes = {}
    for recipe, servings in orders.items():
        for fruit, count in recipes[recipe].items():
            changes[fruit] = changes.get(fruit, 0) - count * servings
    # 2026-11-01 plus the seconds: a long journal (pull.sh's) runs past November.
    time = (datetime.datetime(2026, 11, 1) + datetime.timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")

    def obj(counts):
        return "{" + ",".join('"%s":%d' % (k, counts[k]) for k in sorted(counts)) + "}"

    return '{"id":%d,"time":"%s","kind":"make","orders":%s,"changes":%s}\n' % (
        entry_id, time, obj(orders), obj(changes))


def read_menu_recipes(path):
    """The `uses` of each recipe of a menu in recipes/menu.yaml's flow form."""
    recipes = {}
    current = None
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if line.startswith("  ") and not line.startswith("    ") and line.strip().endswith(":"):
            current = line.strip()[:-1]
        elif current and line.strip().startswith("uses:"):
            body = line.split("{", 1)[1].rsplit("}", 1)[0]
            recipes[current] = {k.strip(): int(v) for k, v in (p.split(":") for p in body.split(","))}
    return recipes


def journals(directory, stores, entries, menu):
    os.makedirs(os.path.join(directory, "state"), exist_ok=True)
    text = open(menu, encoding="utf-8").read()
    with open(os.path.join(directory, "menu.yaml"), "w", encoding="utf-8") as out:
        out.write(text)
    recipes = read_menu_recipes(menu)
    fruits = sorted({fruit for uses in recipes.values() for fruit in uses})
    names = sorted(recipes)
    rng = random.Random(SEED)
    manifest = ["# %d stores, written by Benchmarks/chain-data.py.\n" % stores, "stores:\n"]
    for number in range(1, stores + 1):
        name = store_name(number)
        manifest.append("  %s: { menu: menu.yaml, inventory: state/%s.yaml }\n" % (name, name))
        base = os.path.join(directory, "state", name + ".yaml")
        with open(base, "w", encoding="utf-8") as out:
            out.write("".join("%s: %d\n" % (fruit, rng.randint(0, 60)) for fruit in fruits))
        lines = []
        seconds = 8 * 3600
        for entry_id in range(1, entries + 1):
            orders = {}
            for _ in range(rng.choice((1, 2, 2, 3))):
                recipe = rng.choice(names)
                orders[recipe] = orders.get(recipe, 0) + rng.choice((1, 1, 2))
            lines.append(make_line(entry_id, seconds, orders, recipes))
            seconds += 40
        with open(base + ".journal", "w", encoding="utf-8") as out:
            out.write("".join(lines))
    with open(os.path.join(directory, "stores.yaml"), "w", encoding="utf-8") as out:
        out.write("".join(manifest))


def append(directory, every, entries):
    recipes = read_menu_recipes(os.path.join(directory, "menu.yaml"))
    names = sorted(recipes)
    rng = random.Random(SEED + 2)
    manifest_lines = open(os.path.join(directory, "stores.yaml"), encoding="utf-8").readlines()
    stores = [line for line in manifest_lines if line.startswith("  ")]
    changed = ["# The stores chain-data.py append changed.\n", "stores:\n"]
    for number in range(every, len(stores) + 1, every):
        changed.append(stores[number - 1])
        path = os.path.join(directory, "state", store_name(number) + ".yaml.journal")
        last = json.loads(open(path, encoding="utf-8").readlines()[-1])
        day, clock = last["time"][8:10], last["time"][11:19]
        hour, minute, second = (int(part) for part in clock.split(":"))
        seconds = (int(day) - 1) * 86400 + hour * 3600 + minute * 60 + second
        lines = []
        for entry_id in range(last["id"] + 1, last["id"] + entries + 1):
            seconds += 40
            orders = {}
            for _ in range(rng.choice((1, 2, 2, 3))):
                recipe = rng.choice(names)
                orders[recipe] = orders.get(recipe, 0) + rng.choice((1, 1, 2))
            lines.append(make_line(entry_id, seconds, orders, recipes))
        with open(path, "a", encoding="utf-8") as out:
            out.write("".join(lines))
    with open(os.path.join(directory, "changed.yaml"), "w", encoding="utf-8") as out:
        out.write("".join(changed))


KO_SYLLABLES = "가나다라마바사아자차카타파하고노도로모보소오조초코토포호"


def korean(rng, length):
    return "".join(rng.choice(KO_SYLLABLES) for _ in range(length))


def chain(directory, stores, fruit_count, recipe_count):
    for folder in ("stores", "state"):
        os.makedirs(os.path.join(directory, folder), exist_ok=True)
    rng = random.Random(SEED + 1)
    fruits = ["fruit%03d" % i for i in range(fruit_count)]
    recipes = {}
    for i in range(recipe_count):
        chosen = rng.sample(fruits, rng.randint(2, 4))
        recipes["juice%03d" % i] = {fruit: rng.randint(1, 5) for fruit in chosen}
    base = ["# The chain's menu: %d fruits, %d recipes, written by Benchmarks/chain-data.py.\n"
            % (fruit_count, recipe_count), "fruits:\n"]
    for i, fruit in enumerate(fruits):
        base.append("  %s: { name: { en: Fruit %d, ko: %s }, stock: 20 }\n" % (fruit, i, korean(rng, 2)))
    base.append("\nrecipes:\n")
    for i, (recipe, uses) in enumerate(recipes.items()):
        base.append("  %s:\n    name: { en: Juice %d, ko: %s쥬스 }\n    uses: { %s }\n" % (
            recipe, i, korean(rng, 2), ", ".join("%s: %d" % item for item in uses.items())))
    with open(os.path.join(directory, "base.yaml"), "w", encoding="utf-8") as out:
        out.write("".join(base))
    names = list(recipes)
    manifest = ["# %d stores, written by Benchmarks/chain-data.py.\n" % stores, "stores:\n"]
    for number in range(1, stores + 1):
        name = store_name(number)
        store_fruits = list(fruits)
        menu = "base.yaml"
        if number % 4:
            menu = "stores/%s.yaml" % name
            lines = ["# %s: the chain's menu with its own changes.\nextends: ../base.yaml\n" % name]
            if number % 10 == 0:
                local = "local%05d" % number
                store_fruits.append(local)
                lines.append("fruits:\n  %s: { name: { en: Local Fruit %d, ko: 지역%s }, stock: 12 }\n"
                             % (local, number, korean(rng, 2)))
            lines.append("recipes:\n")
            dropped = rng.sample(names, rng.randint(1, 2))
            lines.extend("  %s: ~\n" % recipe for recipe in dropped)
            overridden = rng.choice([recipe for recipe in names if recipe not in dropped])
            uses = {fruit: rng.randint(1, 4) for fruit in rng.sample(fruits, 3)}
            lines.append("  %s:\n    name: { en: House Juice %d, ko: 하우스쥬스 }\n    uses: { %s }\n" % (
                overridden, number, ", ".join("%s: %d" % item for item in uses.items())))
            if number % 10 == 0:
                lines.append("  %sJuice:\n    name: { en: Local Juice %d, ko: 지역쥬스 }\n    uses: { %s: 2, %s: 1 }\n"
                             % (local, number, local, rng.choice(fruits)))
            with open(os.path.join(directory, menu), "w", encoding="utf-8") as out:
                out.write("".join(lines))
        stock = "".join("%s: %d\n" % (fruit, 0 if rng.random() < 0.125 else rng.randint(1, 60))
                        for fruit in store_fruits)
        with open(os.path.join(directory, "state", name + ".yaml"), "w", encoding="utf-8") as out:
            out.write("# Stock per fruit.\n" + stock)
        manifest.append("  %s: { menu: %s, inventory: state/%s.yaml }\n" % (name, menu, name))
    with open(os.path.join(directory, "stores.yaml"), "w", encoding="utf-8") as out:
        out.write("".join(manifest))


def report(manifest_path):
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    def load(path):
        with open(path, "rb") as handle:
            return yaml.load(handle, Loader=loader)

    menus = {}

    def menu(path):
        path = os.path.normpath(path)
        if path not in menus:
            document = load(path)
            fruits, recipes = {}, {}
            if "extends" in document:
                parent = menu(os.path.join(os.path.dirname(path), document["extends"]))
                fruits, recipes = dict(parent[0]), dict(parent[1])
            for key, value in (document.get("fruits") or {}).items():
                if value is None:
                    fruits.pop(key, None)
                else:
                    fruits[key] = value
            for key, value in (document.get("recipes") or {}).items():
                if value is None:
                    recipes.pop(key, None)
                else:
                    recipes[key] = value
            menus[path] = (fruits, recipes)
        return menus[path]

    folder = os.path.dirname(manifest_path)
    stores = []
    for name, entry in load(manifest_path)["stores"].items():
        fruits, recipes = menu(os.path.join(folder, entry["menu"]))
        counts = {fruit: spec.get("stock", 0) for fruit, spec in fruits.items()}
        if "inventory" in entry:
            counts.update(load(os.path.join(folder, entry["inventory"])) or {})
        rows = []
        for recipe, spec in recipes.items():
            uses = spec["uses"]
            servings = min(counts.get(fruit, 0) // count for fruit, count in uses.items())
            limited = sorted(fruit for fruit, count in uses.items() if counts.get(fruit, 0) // count == servings)
            missing = {fruit: count - counts.get(fruit, 0) for fruit, count in sorted(uses.items())
                       if counts.get(fruit, 0) < count}
            name_en = spec["name"]["en"] if isinstance(spec.get("name"), dict) else spec.get("name", recipe)
            rows.append({"id": recipe, "name": name_en, "uses": uses, "servings": servings,
                         "limitedBy": limited, "missing": missing})
        stores.append({"store": name, "inventory": counts, "recipes": rows, "diagnostics": []})
    json.dump({"stores": stores}, sys.stdout, ensure_ascii=False, separators=(",", ":"))


def main(arguments):
    def option(name, default):
        if name in arguments:
            index = arguments.index(name)
            value = arguments[index + 1]
            del arguments[index:index + 2]
            return value
        return default

    if arguments[:1] == ["journals"] and len(arguments) >= 4:
        menu = option("--menu", os.path.join(os.path.dirname(__file__), "..", "recipes", "menu.yaml"))
        journals(arguments[1], int(arguments[2]), int(arguments[3]), menu)
    elif arguments[:1] == ["append"] and len(arguments) == 4:
        append(arguments[1], int(arguments[2]), int(arguments[3]))
    elif arguments[:1] == ["chain"] and len(arguments) >= 3:
        fruits = int(option("--fruits", "40"))
        recipes = int(option("--recipes", "60"))
        chain(arguments[1], int(arguments[2]), fruits, recipes)
    elif arguments[:1] == ["report"] and len(arguments) == 2:
        report(arguments[1])
    else:
        sys.stderr.write(__doc__)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
