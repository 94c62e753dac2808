#!/bin/sh
# Benchmarks/counter.sh [STREAMS] [TAPS]: juice-server's event streams and a
# single tap (Benchmarks/counter.py), on release builds:
# - STREAMS (default 5000) idle event streams on one store: the server's
#   CPU over 20 s and its memory; then one change fanned out to them all;
# - TAPS (default 200) makes by one client, against `juice make` processes.
# With BASE_SERVER=PATH (another build of juice-server, main's say), its
# idle streams are measured too, BASE_STREAMS (default 2000) of them, in the
# same run.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swift build -c release --product juice >&2
swift build -c release --product juice-server >&2
bin=$(swift build -c release --show-bin-path)
streams=${1:-5000}
echo "counter: $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
if [ -n "${BASE_SERVER:-}" ]; then
    python3 Benchmarks/counter.py --server "$BASE_SERVER" --root "$root" --streams "${BASE_STREAMS:-2000}" \
        --label " (base)"
fi
python3 Benchmarks/counter.py --server "$bin/juice-server" --juice "$bin/juice" --root "$root" \
    --streams "$streams" --max-streams --taps "${2:-200}"
