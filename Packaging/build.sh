#!/usr/bin/env bash
# The release build that install.sh and deb.sh package: juice, juice-server
# and juice-sync with Swift's standard library linked in (they run on a
# machine of the same system without Swift installed; they still need libc,
# libstdc++, libgcc_s, libm and libyaml, and CBC for `juice mix`), and their
# man pages (swift-argument-parser's manual plugin, English) in BUILD/man.
#
#   Packaging/build.sh [BUILD]     # BUILD: the build folder, default .build
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build}
swift build -c release --static-swift-stdlib --scratch-path "$scratch"
mkdir -p "$scratch/man"
# The pages from the debug build (which `swift test` has built already): the
# plugin's own build would otherwise relink the release binaries without
# --static-swift-stdlib. Their text is the same in either.
swift package --scratch-path "$scratch" --allow-writing-to-directory "$scratch/man" \
    generate-manual --configuration debug --output-directory "$scratch/man"
ls "$scratch"/release/juice "$scratch"/release/juice-server "$scratch"/release/juice-sync "$scratch"/man/*.1
