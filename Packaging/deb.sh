#!/usr/bin/env bash
# A Debian package of what install.sh installs, with /usr as the prefix:
# juice-maker_VERSION_ARCH.deb in the build folder,
# VERSION being `juice --version`. It depends on libyaml-0-2 and recommends
# coinor-libcbc3 (for `juice mix`); installing it makes the system user
# juice-maker that the units run as.
#
#   Packaging/build.sh [BUILD] && Packaging/deb.sh [BUILD]   # BUILD: the build folder, default .build
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build}
out=$scratch
version=$("$scratch/release/juice" --version)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
Packaging/install.sh --prefix /usr --destdir "$stage/root" --build "$scratch" > /dev/null
mkdir -p "$stage/root/DEBIAN"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" \
    -e "s/@SIZE@/$(du -sk "$stage/root/usr" | cut -f1)/" Packaging/debian/control > "$stage/root/DEBIAN/control"
install -m 755 Packaging/debian/postinst Packaging/debian/postrm "$stage/root/DEBIAN/"
mkdir -p "$out"
deb="$out/juice-maker_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$stage/root" "$deb" > /dev/null
echo "$deb"
