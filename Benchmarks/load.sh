#!/bin/sh
# Benchmarks/load.sh [SECONDS] [CLIENTS]: the bounded load test of
# juice-server (Benchmarks/load.py): CLIENTS (default 50) HTTP clients make
# and adjust for SECONDS (default 10) while `juice` processes change the same
# store; fails unless the stock ends exactly where the successful changes
# say, with no 5xx. Prints requests per second and latency percentiles.
# Then the same again while another store's lock is held (jamsil: its own
# clients get 503): the store under load must keep its p99 under 1 s.
#
# LOAD_SCRAPE=SECONDS: meanwhile `/metrics` is scraped every SECONDS (as
# Prometheus would), each answer checked; BENCHMARKS.md compares the
# throughput with and without.
#
# CI runs it on the debug build; the figures of BENCHMARKS.md come from
# LOAD_CONFIGURATION=release.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
configuration=${LOAD_CONFIGURATION:-debug}
scrape=${LOAD_SCRAPE:+--scrape $LOAD_SCRAPE}

swift build -c "$configuration" --product juice >&2
swift build -c "$configuration" --product juice-server >&2
bin=$(swift build -c "$configuration" --show-bin-path)
echo "load: $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg), $configuration build${LOAD_SCRAPE:+, /metrics scraped every $LOAD_SCRAPE s}"
python3 Benchmarks/load.py --bin "$bin" --root "$root" --seconds "${1:-10}" --clients "${2:-50}" $scrape
python3 Benchmarks/load.py --bin "$bin" --root "$root" --seconds "${1:-10}" --clients "${2:-50}" $scrape --lock-held jamsil
