#!/usr/bin/env bash
# Builds the fuzzer (libFuzzer + AddressSanitizer) and runs it over the seed
# corpora for SECONDS seconds (default 60), half on single inputs, half on
# a store's files. Exits non-zero when it finds a
# crash, a hang (10 s per input) or runaway memory (2 GiB); the input is
# saved under Fuzz/findings/.
#
#   Fuzz/run.sh          # 60 seconds
#   Fuzz/run.sh 3600     # an hour
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}

# The linker warns once per sanitizer symbol that it cannot export; only that
# is filtered out (a failed build still fails, through pipefail).
swift build -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 |
    { grep -v "Cannot export local symbol" || true; }

# Half the time each input alone, the other half each input as a store's
# files (an inventory and its journal, read and changed: JUICE_FUZZ=store).
# New inputs go to work-corpus/ and work-corpus-store/ (git-ignored);
# corpus/ and corpus-store/ hold the seeds.
half=$((seconds / 2))
mkdir -p work-corpus work-corpus-store findings
.build/debug/JuiceFuzz work-corpus corpus \
    -max_total_time="$half" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=findings/ -print_final_stats=1
JUICE_FUZZ=store .build/debug/JuiceFuzz work-corpus-store corpus-store \
    -max_total_time="$((seconds - half))" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=findings/store- -print_final_stats=1
