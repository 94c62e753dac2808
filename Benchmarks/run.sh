#!/bin/sh
# Benchmarks/run.sh [RUNS]: builds the benchmarks and `juice` in release mode
# (in Benchmarks/.build), writes the seeded data into Benchmarks/data/ and
# prints the table that HISTORY.md keeps of each run (also saved to Benchmarks/data/results.md).
# RUNS (default 11) is the number of timed runs of the small cases; the 10 MB
# cases use about half, the 50 MB menu 3. Takes about 5 minutes on 2 cores.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
runs=${1:-11}

swift build -c release --product juice >&2
swift build -c release >&2
bin=$(swift build -c release --show-bin-path)

"$bin/bench-data" data >&2
{
    echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC'): $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(uname -sr), $(swift --version 2>/dev/null | head -n 1)."
    echo
    "$bin/bench" data --tools "$bin" --menu ../recipes/menu.yaml --runs "$runs"
} | tee data/results.md
