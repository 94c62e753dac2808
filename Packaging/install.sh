#!/usr/bin/env bash
# Installs Juice Maker from a release build: the three binaries, their man
# pages and shell completions, and the systemd units juice-server@.service
# and juice-sync@.service (their ExecStart naming the binaries installed).
#
#   Packaging/build.sh                              # once: the release build and the man pages
#   Packaging/install.sh [--prefix DIR] [--destdir DIR] [--build DIR] [--uninstall]
#
# --prefix DIR   where the files go (default /usr/local): DIR/bin, DIR/share/man/man1,
#                DIR/share/bash-completion/completions, DIR/share/zsh/site-functions,
#                DIR/share/fish/vendor_completions.d, DIR/lib/systemd/system
# --destdir DIR  a staging folder the prefix is written under (a package's root);
#                the units still name PREFIX/bin
# --build DIR    the build folder build.sh wrote (default .build): DIR/release, DIR/man
# --uninstall    removes what an install with the same --prefix and --destdir wrote
#
# Exits 0 when done, 64 on a usage error, 66 when the release build is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
destdir=""
scratch=.build
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix)
        [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 64; }
        prefix=$2
        shift 2
        ;;
    --destdir)
        [ $# -ge 2 ] || { echo "install.sh: --destdir needs a folder" >&2; exit 64; }
        destdir=$2
        shift 2
        ;;
    --build)
        [ $# -ge 2 ] || { echo "install.sh: --build needs a folder" >&2; exit 64; }
        scratch=$2
        shift 2
        ;;
    --uninstall)
        uninstall=true
        shift
        ;;
    -h | --help)
        sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *)
        echo "install.sh: unknown option '$1'; see --help" >&2
        exit 64
        ;;
    esac
done
case "$prefix" in
/*) ;;
*)
    echo "install.sh: --prefix must be an absolute path, not '$prefix'" >&2
    exit 64
    ;;
esac

tools=(juice juice-server juice-sync)
root="$destdir$prefix"
bin="$root/bin"
man="$root/share/man/man1"
bash_completions="$root/share/bash-completion/completions"
zsh_completions="$root/share/zsh/site-functions"
fish_completions="$root/share/fish/vendor_completions.d"
units="$root/lib/systemd/system"

if $uninstall; then
    for tool in "${tools[@]}"; do
        rm -f "$bin/$tool" "$bash_completions/$tool" "$zsh_completions/_$tool" "$fish_completions/$tool.fish"
        rm -f "$man/$tool".1 "$man/$tool".*.1
    done
    rm -f "$units/juice-server@.service" "$units/juice-sync@.service"
    echo "removed Juice Maker from $root"
    exit 0
fi

build=$scratch/release
pages=$scratch/man
for tool in "${tools[@]}"; do
    if [ ! -x "$build/$tool" ]; then
        echo "install.sh: no release build of $tool in $build: run Packaging/build.sh first" >&2
        exit 66
    fi
done
if ! ls "$pages"/*.1 > /dev/null 2>&1; then
    echo "install.sh: no man pages in $pages: run Packaging/build.sh first" >&2
    exit 66
fi

mkdir -p "$bin" "$man" "$bash_completions" "$zsh_completions" "$fish_completions" "$units"
for tool in "${tools[@]}"; do
    # Stripped: the symbols are a debugger's (180 MB of juice-server's 190).
    install -m 755 --strip "$build/$tool" "$bin/$tool"
    "$build/$tool" --generate-completion-script bash > "$bash_completions/$tool"
    "$build/$tool" --generate-completion-script zsh > "$zsh_completions/_$tool"
    "$build/$tool" --generate-completion-script fish > "$fish_completions/$tool.fish"
done
install -m 644 "$pages"/*.1 "$man/"
for unit in juice-server@.service juice-sync@.service; do
    sed "s|@BINDIR@|$prefix/bin|g" "Packaging/$unit" > "$units/$unit"
    chmod 644 "$units/$unit"
done
echo "installed Juice Maker in $root"
