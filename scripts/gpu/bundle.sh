#!/bin/bash
# Packs what a bare GPU machine lacks for the tab-swipe comparison into one tarball:
# weston 10 (headless backend, GL and pixman renderers, kiosk shell), the release segue-demo,
# segue-perf (the driver), libadwaita's carousel, the project's weston test module and input
# helpers, every shared library they load except glibc's, xkb data, DejaVu fonts and a
# fonts.conf. See scripts/gpu/README.md.
#
# Usage: scripts/gpu/bundle.sh [OUTPUT]   (default: .gpu/segue-gpu.tar.xz, ignored by git)
# Build first (the script checks): make helpers adw-carousel, then
#   swift build -c release --static-swift-stdlib --product segue-demo
#   swift build --product segue-perf        (or -c release; the release one is taken if present)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUTPUT=${1:-$ROOT/.gpu/segue-gpu.tar.xz}
LIMIT_MIB=64
MULTIARCH=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
LIBWESTON=/usr/lib/$MULTIARCH/libweston-10
WESTON_MODULES=/usr/lib/$MULTIARCH/weston

need() { [ -e "$1" ] || { echo "bundle.sh: $1 is missing: $2" >&2; exit 1; }; }
need /usr/bin/weston "apt-get install weston (weston 10)"
need "$LIBWESTON/gl-renderer.so" "weston 10's GL renderer (Debian's weston package)"
need "$ROOT/.build/release/segue-demo" "swift build -c release --static-swift-stdlib --product segue-demo"
need "$ROOT/bench/adw-carousel/build/adw-carousel" "make adw-carousel"
for helper in segue-test-plugin.so segue-inject segue-copy-floor; do
    need "$ROOT/meson-helpers/build/$helper" "make helpers"
done
PERF=$ROOT/.build/release/segue-perf
[ -x "$PERF" ] || PERF=$ROOT/.build/debug/segue-perf
need "$PERF" "swift build --product segue-perf"

STAGE=$(mktemp -d /tmp/segue-gpu-bundle.XXXXXX)
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$STAGE"/{bin,lib,modules,helpers,share/fonts,share/glib-2.0/schemas}

cp /usr/bin/weston "$STAGE/bin/"
cp "$LIBWESTON/headless-backend.so" "$LIBWESTON/gl-renderer.so" "$WESTON_MODULES/kiosk-shell.so" "$STAGE/modules/"
# kiosk-shell finds libexec_weston through its RUNPATH, beside weston's modules: it travels in lib/.
cp -L "$WESTON_MODULES/libexec_weston.so.0" "$STAGE/lib/"
cp "$ROOT/.build/release/segue-demo" "$ROOT/bench/adw-carousel/build/adw-carousel" "$STAGE/bin/"
cp "$PERF" "$STAGE/bin/segue-perf"
# Debug symbols are most of a debug build's size; the driver needs none of them.
strip --strip-debug "$STAGE/bin/segue-perf" "$STAGE/bin/segue-demo" 2>/dev/null || true
for helper in segue-test-plugin.so segue-inject segue-copy-floor; do
    cp "$ROOT/meson-helpers/build/$helper" "$STAGE/helpers/"
done
# segue-perf finds the helpers and writes its screenshots under the tree it was compiled in
# (its sources' own path): run.sh recreates that layout there.
strings "$PERF" | grep -o '/[^ ]*/Sources/SegueTestKit/Support/Paths.swift' | sort -u \
    | sed 's#/Sources/SegueTestKit/Support/Paths.swift##' > "$STAGE/perf-root.txt"
[ -s "$STAGE/perf-root.txt" ] || { echo "bundle.sh: cannot read segue-perf's source root" >&2; exit 1; }

# Every library the programs and modules load, except glibc's own (the machine's glibc must be
# as new as this one's: run.sh checks).
is_glibc() {
    case "$1" in
        libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|ld-linux*|libresolv.so.*|libutil.so.*|libmvec.so.*) return 0 ;;
    esac
    return 1
}
# GLVND's dispatch libraries are loaded by name at run time (dlopen), not linked: add them.
EXTRA="libEGL.so.1 libGLESv2.so.2 libGLdispatch.so.0 libOpenGL.so.0 libGLX.so.0 libGL.so.1"
{
    for file in "$STAGE"/bin/* "$STAGE"/modules/* "$STAGE"/helpers/* "$STAGE"/lib/*; do
        LD_LIBRARY_PATH=$STAGE/lib ldd "$file" 2>/dev/null | awk '/=>/ && $3 ~ /^\// {print $3}'
    done
    for name in $EXTRA; do [ -e "/lib/$MULTIARCH/$name" ] && echo "/lib/$MULTIARCH/$name"; done
} | sort -u | while read -r lib; do
    base=$(basename "$lib")
    is_glibc "$base" && continue
    [ -e "$STAGE/lib/$base" ] || cp -L "$lib" "$STAGE/lib/"
done
# The dispatch libraries' own dependencies, once more (they were not in the first pass).
for file in "$STAGE"/lib/*; do
    ldd "$file" 2>/dev/null | awk '/=>/ && $3 ~ /^\// {print $3}'
done | sort -u | while read -r lib; do
    base=$(basename "$lib")
    is_glibc "$base" || [ -e "$STAGE/lib/$base" ] || cp -L "$lib" "$STAGE/lib/"
done

cp -r /usr/share/X11/xkb "$STAGE/share/xkb"
cp -r /usr/share/fonts/truetype/dejavu "$STAGE/share/fonts/"
cp /usr/share/glib-2.0/schemas/gschemas.compiled "$STAGE/share/glib-2.0/schemas/" 2>/dev/null || true
cat > "$STAGE/share/fonts.conf" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir prefix="relative">fonts</dir>
  <cachedir>/tmp/segue-gpu-fontconfig</cachedir>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
</fontconfig>
XML
{
    echo "built: $(date -u +%FT%TZ) on $(. /etc/os-release; echo "$PRETTY_NAME"), $(ldd --version | head -1)"
    echo "commit: $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet || echo '+changes')"
    echo "weston: $(/usr/bin/weston --version 2>&1)"
    echo "segue-perf: $PERF"
} > "$STAGE/MANIFEST"

mkdir -p "$(dirname "$OUTPUT")"
tar -C "$STAGE" -cJf "$OUTPUT" .
size=$(stat -c %s "$OUTPUT")
echo "bundle.sh: $OUTPUT, $((size / 1024 / 1024)) MiB ($(du -sh "$STAGE" | cut -f1) unpacked)"
if [ "$size" -gt $((LIMIT_MIB * 1024 * 1024)) ]; then
    echo "bundle.sh: over $LIMIT_MIB MiB, it will not travel with the working tree" >&2
    exit 1
fi
