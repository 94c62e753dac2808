#!/bin/sh
# Benchmarks/memory.sh [RUNS]: the peak memory of `juice validate FILE` and
# `juice report --menu FILE --format json` on menus of other shapes than the
# benchmark's (long names, many translations per name, many small recipes;
# about 50 MB each, written by `bench-data DIR --shapes` into
# Benchmarks/data/shapes/), and on data/menu-50mb.yaml when run.sh has written
# it. Prints each peak (ru_maxrss through `peak-rss`, the highest of RUNS
# runs, default 1) over the file's size; the target is under 4x.
#
# Builds `juice`, `bench-data` and `peak-rss` in release mode (in
# Benchmarks/.build) unless JUICE names a `juice` to measure instead (then only
# the two small tools are built).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
runs=${1:-1}

if [ -z "${JUICE:-}" ]; then
    swift build -c release --product juice >&2
fi
swift build -c release --product bench-data >&2
swift build -c release --product peak-rss >&2
bin=$(swift build -c release --show-bin-path)
juice=${JUICE:-$bin/juice}

[ -f data/shapes/small-recipes.yaml ] || "$bin/bench-data" data --shapes >&2
files="data/shapes/long-names.yaml data/shapes/translations.yaml data/shapes/small-recipes.yaml"
[ -f data/menu-50mb.yaml ] && files="$files data/menu-50mb.yaml"

# In an empty folder, so that no inventory.yaml is read beside the menu.
sandbox=$(mktemp -d)
out="$sandbox/peak.txt"
trap 'rm -rf "$sandbox"' EXIT

# peak COMMAND...: the highest peak of RUNS runs, in KiB.
peak() {
    best=0
    i=0
    while [ "$i" -lt "$runs" ]; do
        (cd "$sandbox" && "$bin/peak-rss" "$out" "$@") || {
            echo "memory.sh: failed: $*" >&2
            exit 1
        }
        kib=$(cat "$out")
        [ "$kib" -gt "$best" ] && best=$kib
        i=$((i + 1))
    done
    echo "$best"
}

echo "| menu | size | validate peak | x file | report json peak | x file |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for file in $files; do
    path="$here/$file"
    size=$(wc -c <"$path")
    validate=$(peak "$juice" validate "$path")
    report=$(peak "$juice" report --menu "$path" --format json)
    awk -v name="$(basename "$file" .yaml)" -v size="$size" -v v="$validate" -v r="$report" 'BEGIN {
        printf "| %s | %.1f MiB | %.1f MiB | %.2fx | %.1f MiB | %.2fx |\n",
            name, size / 1048576, v / 1024, v * 1024 / size, r / 1024, r * 1024 / size
    }'
done
