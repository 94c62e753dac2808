#!/usr/bin/env bash
# Benchmarks/fresh.sh [STORES] [DAYS] [--runs R] [--make-runs N]: fresh
# fruit's speed (issue 36, SPEC 18), release build, each figure beside its
# peer in the same run, the cases alternating round by round so that load
# from elsewhere hits them alike:
#
# 1. `juice make` of three recipes in a store whose inventory holds 10 dated
#    lots of each fruit, against the same make in a store of plain numbers
#    (the same counts, the same menu); N rounds (default 21) after a
#    warm-up round, each a fresh process timed from spawn to wait.
# 2. `juice forecast --stores` (the default history, 28 days, and
#    `--history 90d`) against `juice usage --stores` over the same chain.
# 3. `juice expiring --stores` over the same chain against `juice usage
#    --stores`. R rounds (default 3) of the four, no warm-up round.
#
# The chain (`chain-data.py fresh`): STORES stores (default 100) on one
# menu of 20 fruits with a shelfLife, DAYS business days of journal each
# (default 90) ending yesterday, about 520 fruit movements a store a day,
# every entry with its lots; each inventory the dated lots its journal
# left. All in JSON, output to a file checked for no diagnostics. Wall,
# CPU (user + system, from wait4) and peak RSS per process; the table gives
# the medians and the largest peak. The data stays in Benchmarks/data/fresh/
# (git-ignored; 100 stores x 90 days is about 400 MB, 1,000 stores 4 GB)
# and is written again when the day or the size changes. `JUICE=path`
# measures another build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
stores=100
days=90
runs=3
make_runs=21
sizes=()
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs=$2; shift 2 ;;
    --make-runs) make_runs=$2; shift 2 ;;
    *) sizes+=("$1"); shift ;;
    esac
done
if [ ${#sizes[@]} -gt 0 ]; then stores=${sizes[0]}; fi
if [ ${#sizes[@]} -gt 1 ]; then days=${sizes[1]}; fi
# Business days start at local midnight: the same days for the generator and juice.
export TZ=UTC

if [ -z "${JUICE:-}" ]; then
    swift build -c release --product juice >&2
    JUICE="$(swift build -c release --show-bin-path)/juice"
fi
today=$(date -u +%F)
data="Benchmarks/data/fresh/${stores}x${days}-$today"
if [ ! -f "$data/stores.yaml" ]; then
    rm -rf Benchmarks/data/fresh
    python3 Benchmarks/chain-data.py fresh "$data" "$stores" "$days" --today "$today"
fi
work=$(mktemp -d /tmp/juice-fresh.XXXXXX)
trap 'rm -rf "$work"' EXIT

python3 - "$JUICE" "$data" "$work" "$runs" "$make_runs" << 'EOF'
import json, os, shutil, statistics, subprocess, sys, time

juice, data, work, runs, make_runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])


def run(arguments, out_path):
    """Runs one process, output to out_path: (wall s, CPU s, peak KiB)."""
    with open(out_path, "wb") as out, open(out_path + ".err", "wb") as err:
        start = time.perf_counter()
        process = subprocess.Popen(arguments, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit("fresh: %s exited %d: %s" % (" ".join(arguments[1:3]), process.returncode,
                                              open(out_path + ".err").read()[:500]))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def side_by_side(cases, rounds, warm_up):
    """Each case once per round, in turn (after a warm-up round if asked):
    its runs; the first run's output kept in WORK/LABEL.out."""
    results = {label: [] for label, _ in cases}
    for round_number in range(rounds + warm_up):
        for label, arguments in cases:
            figures = run(arguments, os.path.join(work, "out"))
            if round_number >= warm_up:
                results[label].append(figures)
            if not round_number:
                shutil.copy(os.path.join(work, "out"), os.path.join(work, label + ".out"))
    return results


def row(label, figures, peer=None, unit="s", scale=1):
    walls = [wall for wall, _, _ in figures]
    cpus = [cpu for _, cpu, _ in figures]
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    ratio = ""
    if peer:
        ratio = " %.2fx (CPU %.2fx)" % (wall / statistics.median(w for w, _, _ in peer),
                                       cpu / statistics.median(c for _, c, _ in peer))
    spread = "%s to %s" % (round(min(walls) * scale, 2), round(max(walls) * scale, 2))
    print("| %s | %.2f %s |%s | %.2f %s | %s %s | %.1f MiB |" % (
        label, wall * scale, unit, ratio, cpu * scale, unit, spread, unit, max(p for _, _, p in figures) / 1024))


load = lambda: " ".join(open("/proc/loadavg").read().split()[:3])
print("fresh: %s, %d cores, load average %s, %s" % (
    time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), os.cpu_count(), load(), juice))

# 1. make with lots against make without, the same menu and counts.
menu = os.path.join(data, "menu.yaml")
stores = {}
for kind in ("plain", "lots"):
    folder = os.path.join(work, kind)
    os.makedirs(folder)
    shutil.copy(os.path.join(data, "single", kind + ".yaml"), os.path.join(folder, "inventory.yaml"))
    stores[kind] = [juice, "make", "juice00", "juice01", "juice02", "--menu", menu,
                    "--inventory", os.path.join(folder, "inventory.yaml"), "--quiet"]
results = side_by_side([("make, plain counts", stores["plain"]), ("make, 10 lots a fruit", stores["lots"])],
                       make_runs, 1)
print()
used = set()
recipe = None
for line in open(menu, encoding="utf-8"):
    if line.startswith("  ") and not line.startswith("    "):
        recipe = line.strip().rstrip(":")
    elif recipe in ("juice00", "juice01", "juice02") and line.strip().startswith("uses:"):
        used.update(part.split(":")[0].strip() for part in line.split("{")[1].split("}")[0].split(","))
print("`juice make juice00 juice01 juice02` (%d rounds after a warm-up; 20 fruits of 10,000 each, %d of them used):"
      % (make_runs, len(used)))
print()
print("| what | wall (median) | x peer | CPU (median) | each run's wall | peak RSS |")
print("| --- | ---: | ---: | ---: | --- | ---: |")
row("make, plain counts (peer)", results["make, plain counts"], unit="ms", scale=1000)
row("make, 10 lots a fruit", results["make, 10 lots a fruit"], results["make, plain counts"], unit="ms", scale=1000)
lots_after = open(os.path.join(work, "lots", "inventory.yaml")).read()
assert "bestBefore" in lots_after, "the lots' inventory lost its lots"

# 2 and 3. forecast and expiring against usage, over the chain.
manifest = os.path.join(data, "stores.yaml")
journals = [name for name in os.listdir(os.path.join(data, "state")) if name.endswith(".journal")]
size = sum(os.path.getsize(os.path.join(data, "state", name)) for name in journals)
entries = 0
with open(os.path.join(data, "state", sorted(journals)[0]), "rb") as first:
    entries = sum(1 for _ in first)
cases = [
    ("usage", [juice, "usage", "--stores", manifest, "--format", "json"]),
    ("forecast", [juice, "forecast", "--stores", manifest, "--format", "json"]),
    ("forecast --history 90d", [juice, "forecast", "--stores", manifest, "--history", "90d", "--format", "json"]),
    ("expiring", [juice, "expiring", "--stores", manifest, "--format", "json"]),
]
# No warm-up round: the journals were just written or read, and a round is minutes.
results = side_by_side(cases, runs, 0)
for label, _ in cases:
    answer = json.load(open(os.path.join(work, label + ".out")))
    if answer.get("diagnostics"):
        sys.exit("fresh: %s said %s" % (label, answer["diagnostics"][:3]))
    if len(answer["stores"]) != len(journals):
        sys.exit("fresh: %s answered for %d stores of %d" % (label, len(answer["stores"]), len(journals)))
expiring = json.load(open(os.path.join(work, "expiring.out")))
print()
print("%d stores, %d journals of %.0f MB (%s entries in the first), %d rounds, load average now %s:" % (
    len(journals), len(journals), size / 1e6, entries, runs, load()))
print()
print("| what (`--stores`, JSON) | wall (median) | x usage | CPU (median) | each run's wall | peak RSS |")
print("| --- | ---: | ---: | ---: | --- | ---: |")
row("juice usage (peer)", results["usage"])
for label in ("forecast", "forecast --history 90d", "expiring"):
    row("juice " + label, results[label], results["usage"])
print()
print("expiring: %d lots listed, projected waste %s" % (
    len(expiring["total"]["lots"]), expiring["total"]["total"]))
EOF
