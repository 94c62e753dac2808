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

  chain-data.py fresh DIR STORES DAYS [--makes N] [--today YYYY-MM-DD]
      A chain with fresh fruit (SPEC 18): DIR/menu.yaml (20 fruits, each
      with a `cost` and a `shelfLife` of 2 to 10 days, and 30 recipes of
      two to four fruits), DIR/stores.yaml naming STORES stores on it, and
      for each store DAYS business days of journal ending the day before
      TODAY (default: today, UTC), as the store would have written it:
      each morning the expired lots thrown out (kind adjust, reason
      expired), then a delivery of every fruit (a lot best before the day
      plus its shelfLife, 0.8 to 1.3 times the fruit's expected use), then
      about N makes (default 90; a third more on Saturdays and Sundays) of
      one to three recipes, each taking unexpired lots earliest first (a
      make the lots cannot cover is left out, as juice would refuse it);
      every entry records its `lots`. Each store's inventory
      DIR/state/storeNNNNN.yaml is the lots left at the end (no `# journal:`
      marker), so it holds dated lots, some expired since the last morning.
      Also DIR/single/: plain.yaml and lots.yaml, two inventories of the
      same counts (10,000 of each fruit), plain numbers and 10 dated lots
      a fruit best before TODAY + 1 to + 10 (for `juice make` with lots
      against without). Prints the fruit movements written (a fruit's
      change in an entry) on stderr.
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


FRESH_FRUITS = 20
FRESH_RECIPES = 30
FRESH_LOTS = 10
FRESH_SINGLE_COUNT = 10000


def fresh(directory, stores, days, makes, today):
    """The chain of `fresh`: see the module's documentation."""
    os.makedirs(os.path.join(directory, "state"), exist_ok=True)
    os.makedirs(os.path.join(directory, "single"), exist_ok=True)
    rng = random.Random(SEED + 3)
    fruits = ["fruit%02d" % i for i in range(FRESH_FRUITS)]
    shelf = {fruit: rng.randint(2, 10) for fruit in fruits}
    cost = {fruit: rng.randint(1, 20) * 50 for fruit in fruits}
    recipes = {}
    for i in range(FRESH_RECIPES):
        chosen = sorted(rng.sample(fruits, rng.randint(2, 4)))
        recipes["juice%02d" % i] = {fruit: rng.randint(1, 3) for fruit in chosen}
    names = sorted(recipes)
    menu = ["# A chain's menu of fresh fruit: written by Benchmarks/chain-data.py fresh.\nfruits:\n"]
    for i, fruit in enumerate(fruits):
        menu.append("  %s: { name: { en: Fruit %d, ko: %s }, stock: 0, cost: %d, shelfLife: %d }\n"
                    % (fruit, i, korean(rng, 2), cost[fruit], shelf[fruit]))
    menu.append("\nrecipes:\n")
    for i, recipe in enumerate(names):
        menu.append("  %s:\n    name: { en: Juice %d, ko: %s쥬스 }\n    price: %d\n    uses: { %s }\n" % (
            recipe, i, korean(rng, 2), rng.randint(8, 16) * 500,
            ", ".join("%s: %d" % item for item in recipes[recipe].items())))
    with open(os.path.join(directory, "menu.yaml"), "w", encoding="utf-8") as out:
        out.write("".join(menu))
    # A make is 1 to 3 orders (2 on average) of 1 or 2 servings (4/3).
    servings_a_day = makes * 2 * 4 / 3 / len(names)
    expected = {fruit: 0.0 for fruit in fruits}
    for uses in recipes.values():
        for fruit, count in uses.items():
            expected[fruit] += count * servings_a_day
    first = today - datetime.timedelta(days=days)
    manifest = ["# %d stores, written by Benchmarks/chain-data.py fresh.\n" % stores, "stores:\n"]
    movements = 0
    for number in range(1, stores + 1):
        name = store_name(number)
        manifest.append("  %s: { menu: menu.yaml, inventory: state/%s.yaml }\n" % (name, name))
        # Each fruit's lots, [best-before, count], earliest first.
        lots = {fruit: [] for fruit in fruits}
        lines = []
        entry_id = 0

        def add(time, kind, changes, moved, orders=None, reason=None):
            nonlocal entry_id, movements
            entry_id += 1
            movements += len(changes)
            text = '{"id":%d,"time":"%s","kind":"%s"' % (entry_id, time, kind)
            if orders is not None:
                text += ',"orders":{%s}' % ",".join('"%s":%d' % (k, orders[k]) for k in sorted(orders))
            if reason:
                text += ',"reason":"%s"' % reason
            text += ',"changes":{%s}' % ",".join('"%s":%d' % (k, changes[k]) for k in sorted(changes))
            text += ',"lots":{%s}}\n' % ",".join(
                '"%s":[%s]' % (k, ",".join('{"bestBefore":"%s","change":%d}' % lot for lot in moved[k]))
                for k in sorted(moved))
            lines.append(text)

        for offset in range(days):
            day = first + datetime.timedelta(days=offset)
            date = day.isoformat()
            stamp = date + "T%02d:%02d:%02dZ"
            # The morning: what expired thrown out, then the delivery.
            changes, moved = {}, {}
            for fruit in fruits:
                gone = [lot for lot in lots[fruit] if lot[0] < date]
                if gone:
                    lots[fruit] = [lot for lot in lots[fruit] if lot[0] >= date]
                    changes[fruit] = -sum(lot[1] for lot in gone)
                    moved[fruit] = [(lot[0], -lot[1]) for lot in gone]
            if changes:
                add(stamp % (6, 0, 0), "adjust", changes, moved, reason="expired")
            changes, moved = {}, {}
            for fruit in fruits:
                count = max(1, round(expected[fruit] * rng.uniform(0.8, 1.3)))
                best = (day + datetime.timedelta(days=shelf[fruit])).isoformat()
                held = lots[fruit]
                if held and held[-1][0] == best:
                    held[-1][1] += count
                else:
                    held.append([best, count])
                    held.sort()
                changes[fruit] = count
                moved[fruit] = [(best, count)]
            add(stamp % (7, 0, 0), "adjust", changes, moved, reason="delivery")
            # The day's makes, 08:00 to 21:00.
            today_makes = makes * 4 // 3 if day.weekday() >= 5 else makes
            today_makes = max(1, round(today_makes * rng.uniform(0.85, 1.15)))
            step = 13 * 3600 // today_makes
            for index in range(today_makes):
                orders = {}
                for _ in range(rng.choice((1, 2, 2, 3))):
                    recipe = rng.choice(names)
                    orders[recipe] = orders.get(recipe, 0) + rng.choice((1, 1, 2))
                changes = {}
                for recipe, servings in orders.items():
                    for fruit, count in recipes[recipe].items():
                        changes[fruit] = changes.get(fruit, 0) - count * servings
                if any(sum(lot[1] for lot in lots[fruit]) < -change for fruit, change in changes.items()):
                    continue
                moved = {}
                for fruit, change in changes.items():
                    need, taken, held = -change, [], lots[fruit]
                    while need:
                        lot = held[0]
                        take = min(need, lot[1])
                        taken.append((lot[0], -take))
                        lot[1] -= take
                        need -= take
                        if not lot[1]:
                            held.pop(0)
                    moved[fruit] = taken
                seconds = 8 * 3600 + index * step
                add(stamp % (seconds // 3600, seconds // 60 % 60, seconds % 60), "make", changes, moved, orders)
        path = os.path.join(directory, "state", name + ".yaml")
        with open(path + ".journal", "w", encoding="utf-8") as out:
            out.write("".join(lines))
        stock = ["# %s: the lots its journal left.\n" % name]
        for fruit in fruits:
            if lots[fruit]:
                stock.append("%s: [%s]\n" % (fruit, ", ".join(
                    "{count: %d, bestBefore: %s}" % (count, best) for best, count in lots[fruit])))
            else:
                stock.append("%s: 0\n" % fruit)
        with open(path, "w", encoding="utf-8") as out:
            out.write("".join(stock))
    with open(os.path.join(directory, "stores.yaml"), "w", encoding="utf-8") as out:
        out.write("".join(manifest))
    single = os.path.join(directory, "single")
    with open(os.path.join(single, "plain.yaml"), "w", encoding="utf-8") as out:
        out.write("".join("%s: %d\n" % (fruit, FRESH_SINGLE_COUNT) for fruit in fruits))
    each = FRESH_SINGLE_COUNT // FRESH_LOTS
    with open(os.path.join(single, "lots.yaml"), "w", encoding="utf-8") as out:
        out.write("".join("%s: [%s]\n" % (fruit, ", ".join(
            "{count: %d, bestBefore: %s}" % (each, (today + datetime.timedelta(days=n)).isoformat())
            for n in range(1, FRESH_LOTS + 1))) for fruit in fruits))
    sys.stderr.write("chain-data.py fresh: %d stores x %d days, %d fruit movements\n"
                     % (stores, days, movements))


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
    elif arguments[:1] == ["fresh"] and len(arguments) >= 4:
        makes = int(option("--makes", "90"))
        today = option("--today", None)
        today = (datetime.date.fromisoformat(today) if today
                 else datetime.datetime.now(datetime.timezone.utc).date())
        fresh(arguments[1], int(arguments[2]), int(arguments[3]), makes, today)
    elif arguments[:1] == ["report"] and len(arguments) == 2:
        report(arguments[1])
    else:
        sys.stderr.write(__doc__)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
