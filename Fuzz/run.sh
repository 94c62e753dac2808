#!/usr/bin/env bash
# Builds the fuzzer (libFuzzer + AddressSanitizer) and runs it over the seed
# corpus for SECONDS seconds (default 60). Exits non-zero when it finds a
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

# New inputs go to work-corpus/ (git-ignored); corpus/ holds the seeds.
mkdir -p work-corpus findings
.build/debug/JuiceFuzz work-corpus corpus \
    -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=findings/ -print_final_stats=1
