#!/bin/sh
# Benchmarks/lsp.sh [REPEAT]: times `juice lsp` as an editor sees it
# (Benchmarks/lsp.py): diagnostics after an edit of a store menu of 200
# recipes extending a base menu (target 50 ms) and of a 1 MB menu (1 s),
# and completion (20 ms). Release build unless LSP_CONFIGURATION says.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
configuration=${LSP_CONFIGURATION:-release}
swift build -c "$configuration" --product juice >&2
bin=$(swift build -c "$configuration" --show-bin-path)
echo "lsp: $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg), $configuration build"
python3 Benchmarks/lsp.py --juice "$bin/juice" --repeat "${1:-30}"
