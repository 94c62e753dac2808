#!/bin/sh
# Benchmarks/import.sh [ROWS...]: `juice import` of a Square item-sales export
# (issue 35's speed; SPEC 17), for each ROWS (default: 100000 1000000):
#   (a) Python's C `csv` module reading the same file (count the rows, sum
#       `Qty`): the floor;
#   (b) `juice import FILE` into a fresh copy of the shop (every ticket booked);
#   (c) the same import again (every ticket booked already);
#   (d) `juice import FILE` into a copy of the shop with no sales map (every
#       ticket held back: exit 65), as text, which names no ticket;
#   (e) the same as JSON, which lists every ticket held back (SPEC 17).
# Each is timed (wall, user + system CPU, by /usr/bin/time) and its peak
# resident memory read by `peak-rss`, one after the other in the same run, and
# the ratios (b)/(a), (c)/(a) and (c)/(b) printed. The targets: (b) at most 3x
# (a), (c) at most 1.5 times the first read, the peak under 64 MiB whatever the
# file's size. Checks that (c) booked nothing and left the journal as it was,
# and that (d) and (e) booked nothing.
#
# The export and the shop (its menu, and a sales map that knows every item
# and modifier, so nothing is held back) are written by `bench-data DIR
# --sales ROWS` into Benchmarks/data/sales/ (git-ignored; about 127 bytes a
# row: 127 MB for a million rows), kept for the next run. Builds `juice`,
# `bench-data` and `peak-rss` in release mode (in Benchmarks/.build) unless
# JUICE names a `juice` to measure instead (then only the two small tools).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
sizes=${*:-100000 1000000}

if [ -z "${JUICE:-}" ]; then
    swift build -c release --product juice >&2
fi
swift build -c release --product bench-data >&2
swift build -c release --product peak-rss >&2
bin=$(swift build -c release --show-bin-path)
juice=${JUICE:-$bin/juice}
python=$(command -v python3)

sandbox=$(mktemp -d)
trap 'rm -rf "$sandbox"' EXIT

# measure LABEL DIR STATUS CMD...: runs CMD in DIR once, which must exit with
# STATUS, and prints "| LABEL | wall s | CPU s | peak MiB |"; keeps the wall
# time in $wall.
measure() {
    label=$1
    folder=$2
    expected=$3
    shift 3
    status=0
    (cd "$folder" && /usr/bin/time -q -f '%e %U %S' -o "$sandbox/time.txt" \
        "$bin/peak-rss" "$sandbox/peak.txt" "$@") || status=$?
    [ "$status" -eq "$expected" ] || {
        echo "import.sh: failed (exit $status, not $expected): $*" >&2
        exit 1
    }
    wall=$(awk '{ print $1 }' "$sandbox/time.txt")
    awk -v label="$label" -v kib="$(cat "$sandbox/peak.txt")" \
        '{ printf "| %s | %.2f | %.2f | %.1f |\n", label, $1, $2 + $3, kib / 1024 }' "$sandbox/time.txt"
}

echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC'): $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1)," \
    "$(uname -sr), $($python --version 2>&1), load average $(cut -d ' ' -f 1-3 /proc/loadavg)."
for rows in $sizes; do
    export_file="$here/data/sales/square-$rows.csv"
    [ -f "$export_file" ] || "$bin/bench-data" data --sales "$rows" >&2
    rm -rf "$sandbox/shop"
    cp -R data/sales/shop "$sandbox/shop"
    echo
    echo "$rows rows, $(($(wc -c <"$export_file") / 1000000)) MB:"
    echo
    echo "| what | wall s | CPU s | peak MiB |"
    echo "| --- | ---: | ---: | ---: |"
    measure "(a) python3 csv: count rows, sum Qty" "$sandbox" 0 "$python" -c '
import csv, sys
with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
    rows = csv.reader(f)
    next(rows)
    count = total = 0
    for row in rows:
        count += 1
        total += int(row[5])
print(count, total)' "$export_file"
    floor=$wall
    measure "(b) juice import, a fresh store" "$sandbox/shop" 0 "$juice" import "$export_file"
    first=$wall
    cp "$sandbox/shop/inventory.yaml.journal" "$sandbox/journal.after-first"
    measure "(c) juice import again, all booked already" "$sandbox/shop" 0 "$juice" import "$export_file"
    again=$wall
    cmp -s "$sandbox/shop/inventory.yaml.journal" "$sandbox/journal.after-first" || {
        echo "import.sh: the second import changed the journal" >&2
        exit 1
    }
    rm -rf "$sandbox/unmapped"
    cp -R data/sales/shop "$sandbox/unmapped"
    rm "$sandbox/unmapped/recipes/sales.yaml"
    measure "(d) juice import, no map: every ticket held back" "$sandbox/unmapped" 65 "$juice" import "$export_file"
    measure "(e) the same, --format json (lists each ticket)" "$sandbox/unmapped" 65 \
        "$juice" import --format json "$export_file"
    [ ! -s "$sandbox/unmapped/inventory.yaml.journal" ] || {
        echo "import.sh: an import with no map booked something" >&2
        exit 1
    }
    awk -v a="$floor" -v b="$first" -v c="$again" -v entries="$(wc -l <"$sandbox/journal.after-first")" 'BEGIN {
        printf "\n(b)/(a) %.2fx (target at most 3x); (c)/(a) %.2fx, (c)/(b) %.2fx (target at most 1.5x); %d entries booked.\n",
            b / a, c / a, c / b, entries
    }'
done
echo
echo "Load average after: $(cut -d ' ' -f 1-3 /proc/loadavg)."
