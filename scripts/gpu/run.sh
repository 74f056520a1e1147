#!/bin/bash
# Unpacks the tarball scripts/gpu/bundle.sh made and runs segue-perf's tab swipe against
# libadwaita's carousel in headless weston 10 with its GL renderer: once with the app's own
# choice (it promotes where weston offers dmabuf) beside SEGUE_SUBSURFACES=1, once with
# SEGUE_SUBSURFACES=0 in the environment (the default side then draws everything itself).
# Results go under $OUT. See scripts/gpu/README.md.
#
# Usage: scripts/gpu/run.sh [--bundle FILE] [--no-nvidia] [--pixman] [--rounds N]
#   --no-nvidia  do not point EGL at NVIDIA's vendor file (a machine without NVIDIA: llvmpipe)
#   --pixman     weston's pixman renderer instead of GL (what the CI benchmarks use)
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUNDLE=$ROOT/.gpu/segue-gpu.tar.xz
NVIDIA=1
RENDERER=gl
ROUNDS=3
while [ $# -gt 0 ]; do
    case "$1" in
        --bundle) BUNDLE=$2; shift 2 ;;
        --no-nvidia) NVIDIA=0; shift ;;
        --pixman) RENDERER=pixman; shift ;;
        --rounds) ROUNDS=$2; shift 2 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
OUT=${OUT:-/tmp/segue-gpu-out}
UNPACKED=${SEGUE_GPU_DIR:-/tmp/segue-gpu}
mkdir -p "$OUT" "$UNPACKED"
[ -f "$BUNDLE" ] || { echo "run.sh: no bundle at $BUNDLE (scripts/gpu/bundle.sh makes it)" >&2; exit 1; }
[ -x "$UNPACKED/bin/weston" ] || tar -C "$UNPACKED" -xJf "$BUNDLE"

{
    echo "== machine"; uname -a; nproc; head -2 /etc/os-release
    echo "glibc here: $(ldd --version | head -1)"
    nvidia-smi -L 2>/dev/null || echo "nvidia-smi: none"
    echo "== bundle"; cat "$UNPACKED/MANIFEST"
    echo "renderer: $RENDERER, NVIDIA EGL vendor: $NVIDIA, rounds: $ROUNDS"
} > "$OUT/machine.txt" 2>&1
cat "$OUT/machine.txt"

# segue-perf looks for the weston test module and the input helpers under the tree it was
# compiled in: put the bundled ones there where that tree has none (a machine with the
# working tree elsewhere, or none).
PERF_ROOT=$(cat "$UNPACKED/perf-root.txt")
if ! mkdir -p "$PERF_ROOT/meson-helpers/build" "$PERF_ROOT/artifacts" 2>/dev/null; then
    echo "run.sh: cannot create $PERF_ROOT, where segue-perf looks for its helpers" >&2
    exit 1
fi
for helper in "$UNPACKED"/helpers/*; do
    target=$PERF_ROOT/meson-helpers/build/$(basename "$helper")
    [ -e "$target" ] || ln -s "$helper" "$target"
done

export LD_LIBRARY_PATH=$UNPACKED/lib
export WESTON_MODULE_MAP="headless-backend.so=$UNPACKED/modules/headless-backend.so;gl-renderer.so=$UNPACKED/modules/gl-renderer.so;kiosk-shell.so=$UNPACKED/modules/kiosk-shell.so"
export XKB_CONFIG_ROOT=$UNPACKED/share/xkb
export FONTCONFIG_FILE=$UNPACKED/share/fonts.conf
export GSETTINGS_SCHEMA_DIR=$UNPACKED/share/glib-2.0/schemas
export SEGUE_BIN_DIR=$UNPACKED/bin
export SEGUE_ADW_CAROUSEL=$UNPACKED/bin/adw-carousel
if [ "$NVIDIA" = 1 ]; then
    for vendor in /usr/share/glvnd/egl_vendor.d/10_nvidia.json /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json \
                  /etc/glvnd/egl_vendor.d/10_nvidia.json; do
        if [ -f "$vendor" ]; then export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor; break; fi
    done
    [ -n "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ] || echo "run.sh: no NVIDIA EGL vendor file found (use --no-nvidia off NVIDIA)" >&2
fi

# segue-perf starts weston with the pixman renderer, as the CI benchmarks do: a wrapper first
# on PATH swaps in the GL renderer.
mkdir -p "$UNPACKED/wrap"
cat > "$UNPACKED/wrap/weston" <<EOF
#!/bin/bash
args=()
for a in "\$@"; do
    if [ "\$a" = --use-pixman ] && [ "$RENDERER" = gl ]; then args+=(--use-gl); else args+=("\$a"); fi
done
echo "weston \${args[*]}" >> "$OUT/weston-commands.txt"
exec "$UNPACKED/bin/weston" "\${args[@]}"
EOF
chmod +x "$UNPACKED/wrap/weston"
export PATH=$UNPACKED/wrap:$UNPACKED/bin:$PATH

# A probe of weston alone: does the renderer start, and does it offer zwp_linux_dmabuf_v1 (where
# the app promotes its layers by default)?
PROBE=$(mktemp -d /tmp/segue-gpu-probe.XXXXXX)
chmod 700 "$PROBE"
XDG_RUNTIME_DIR=$PROBE timeout 10 weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so \
    --socket=probe --width=640 --height=480 --idle-time=0 --no-config > "$OUT/weston-probe.log" 2>&1 &
WESTON_PID=$!
for _ in $(seq 50); do [ -S "$PROBE/probe" ] && break; sleep 0.1; done
XDG_RUNTIME_DIR=$PROBE WAYLAND_DISPLAY=probe WAYLAND_DEBUG=1 timeout 3 "$UNPACKED/bin/segue-demo" > /dev/null 2> "$OUT/probe-protocol.log"
kill "$WESTON_PID" 2>/dev/null; wait "$WESTON_PID" 2>/dev/null
rm -rf "$PROBE"
{
    grep -E "GL renderer|GL version|GL vendor|EGL vendor|EGL version|Using|renderer|rror|failed" "$OUT/weston-probe.log" | head -20
    if grep -q "zwp_linux_dmabuf_v1" "$OUT/probe-protocol.log"; then echo "dmabuf: offered (the app promotes by default)"
    else echo "dmabuf: not offered (the app draws everything itself by default)"; fi
} | tee "$OUT/probe.txt"

status=0
run() {
    local name=$1; shift
    echo "== $name"
    local marker=$OUT/.$name.start
    touch "$marker"
    if ! env "$@" "$UNPACKED/bin/segue-perf" --peer adw --rounds "$ROUNDS" > "$OUT/$name.txt" 2> "$OUT/$name.err"; then
        echo "run.sh: $name failed: $(tail -3 "$OUT/$name.err")" >&2
        status=1
    fi
    tail -1 "$OUT/$name.txt"
    mkdir -p "$OUT/$name-shots"
    # This run's screenshots only (the tree may hold older ones from other benchmarks).
    find "$PERF_ROOT/artifacts" -maxdepth 1 -name '*-mid-swipe.png' -newer "$marker" -exec cp {} "$OUT/$name-shots/" \;
    rm -f "$marker"
}
# The app's own choice, beside SEGUE_SUBSURFACES=1 (segue-perf's third side).
run perf-default
# Promotion forbidden for the default side; the third side still forces it on.
run perf-unpromoted SEGUE_SUBSURFACES=0
exit $status
